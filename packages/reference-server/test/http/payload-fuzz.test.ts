import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer({ rateLimits: false })
})
afterAll(() => t.close())

const ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const FIELDS = [
  'TransactionType',
  'Destination',
  'Amount',
  'Fee',
  'Sequence',
  'Flags',
  'LastLedgerSequence',
  'DestinationTag',
  'Memos',
  'NetworkID',
  'SendMax',
  'Channel',
  'LimitAmount',
  'Account',
]
const TYPES = [
  'Payment',
  'SignIn',
  'TrustSet',
  'PaymentChannelAuthorize',
  'SetRegularKey',
  'AccountSet',
  'OfferCreate',
  'Batch',
  'NoSuchType',
  '',
]

const value = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(
    ADDRESS,
    '1000000',
    '-1',
    '1.5',
    '0',
    '1e6',
    { currency: 'USD', issuer: ADDRESS, value: '1' },
    'A'.repeat(64),
  ),
  fc.integer(),
)
const txjson = fc
  .dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 })
  .chain((fields) =>
    fc.constantFrom(...TYPES).map((type) => ({ TransactionType: type, ...fields })),
  )
const options = fc.record(
  {
    submit: value,
    expire: fc.oneof(fc.integer({ min: -5, max: 50_000 }), value),
    signers: fc.oneof(fc.array(fc.constantFrom(ADDRESS, 'rBad'), { maxLength: 6 }), value),
    force_network: fc.oneof(fc.constantFrom('MAINNET', 'TESTNET', 'XAHAU', 'MOON'), value),
    return_url: fc.oneof(fc.record({ app: value, web: value }, { requiredKeys: [] }), value),
  },
  { requiredKeys: [] },
)
const customMeta = fc.record(
  {
    identifier: fc.oneof(fc.string({ maxLength: 50 }), value),
    blob: value,
    instruction: fc.oneof(fc.string({ maxLength: 300 }), value),
  },
  { requiredKeys: [] },
)
// Valid requests with valid optional parts, so the property also covers the accepting path.
const validish = fc.record(
  {
    txjson: fc.oneof(
      fc.constant({ TransactionType: 'SignIn' }),
      fc.integer({ min: 1, max: 10 ** 12 }).map((drops) => ({
        TransactionType: 'Payment',
        Destination: ADDRESS,
        Amount: String(drops),
      })),
    ),
    options: fc.record(
      {
        submit: fc.boolean(),
        expire: fc.integer({ min: 1, max: 43_200 }),
        force_network: fc.constantFrom('MAINNET', 'TESTNET', 'XAHAU'),
      },
      { requiredKeys: [] },
    ),
    custom_meta: fc.record(
      {
        instruction: fc.string({ maxLength: 280 }),
        blob: fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['txjson'] },
)
const body = fc.oneof(
  validish,
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    { txjson: fc.oneof(txjson, value), options, custom_meta: customMeta, user_token: value },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      txblob: fc.oneof(
        fc.string({ unit: fc.constantFrom(...'0123456789ABCDEF'), maxLength: 200 }),
        value,
      ),
      options,
    },
    { requiredKeys: ['txblob'] },
  ),
)

describe('POST payload with generated bodies (never a 500, no state change on refusal)', () => {
  it('answers 200 or a §1 error, and a refusal stores nothing', async () => {
    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(body, async (generated) => {
        const before = t.server.platform.payloads.size
        const res = await t.api('payload', { json: generated })
        const text = await res.text()
        const answer = JSON.parse(text) as {
          uuid?: string
          error?: { code: number; reference: string; message: string }
        }
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
        if (res.status === 200) {
          expect(answer.uuid, text).toMatch(/^[0-9a-f-]{36}$/)
          expect(t.server.platform.payloads.size).toBe(before + 1)
          return
        }
        expect(
          [400, 403, 409],
          `${res.status} for ${JSON.stringify(generated)}: ${text}`,
        ).toContain(res.status)
        expect([600, 602, 603, 409]).toContain(answer.error?.code)
        expect(answer.error?.message.length).toBeGreaterThan(0)
        expect(
          t.server.platform.payloads.size,
          `refused but stored: ${JSON.stringify(generated)}`,
        ).toBe(before)
      }),
      { numRuns: 2000 },
    )
    // The generators reach both outcomes, so the property is not vacuous.
    expect(seen.get(200) ?? 0, JSON.stringify([...seen])).toBeGreaterThan(20)
    expect(seen.get(400) ?? 0).toBeGreaterThan(200)
  }, 120_000)
})
