import fc from 'fast-check'
import { API_ERROR_CODES } from 'pullsign/wire'
import { encode } from 'ripple-binary-codec'
import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../../src/platform/errors'
import { fingerprint, OUTSIDER, testPlatform } from '../test-platform'

const ISSUER = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B'
const CODES = new Set(Object.keys(API_ERROR_CODES).map(Number))

const TYPES = [
  'Payment',
  'SignIn',
  'PaymentChannelAuthorize',
  'TrustSet',
  'SetRegularKey',
  'SignerListSet',
  'Batch',
  'OfferCreate',
  'AccountSet',
  'Pay',
  '',
  'EscrowCreate',
]
const FIELDS = [
  'Amount',
  'Destination',
  'DestinationTag',
  'Fee',
  'Flags',
  'Memos',
  'LastLedgerSequence',
  'SendMax',
  'LimitAmount',
  'Channel',
  'RegularKey',
  'SignerQuorum',
  'RawTransactions',
  'NetworkID',
  'InvoiceID',
  'Sequence',
  'Account',
  'TakerGets',
  'TakerPays',
  'SigningPubKey',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'Foo',
]

const address = fc.constantFrom(
  OUTSIDER,
  ISSUER,
  'rBad',
  '',
  'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi',
)
const amount = fc.oneof(
  fc.bigInt({ min: -5n, max: 10n ** 18n }).map(String),
  fc.double().map(String),
  fc.record({
    currency: fc.constantFrom('USD', 'XRP', 'US', '524C555344000000000000000000000000000000'),
    issuer: address,
    value: fc.oneof(fc.constant('1.5'), fc.string()),
  }),
)
const value = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 2, arbitrary: amount },
  { weight: 2, arbitrary: address },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constant([{ Memo: { MemoData: 'CAFE' } }]) },
)
const txjson = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc
    .tuple(
      fc.constantFrom(...TYPES),
      fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string()), value, { maxKeys: 5 }),
    )
    .map(([type, fields]) => ({ TransactionType: type, ...fields })),
  fc.record({ TransactionType: fc.constant('Payment'), Destination: address, Amount: amount }),
)
const txblob = fc.oneof(
  fc.string(),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('hex')),
  fc.constant(encode({ TransactionType: 'Payment', Destination: OUTSIDER, Amount: '10' })),
)
const options = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.record(
    {
      submit: fc.oneof(fc.boolean(), fc.string()),
      expire: fc.oneof(fc.integer({ min: -2, max: 50_000 }), fc.double()),
      signers: fc.array(address, { maxLength: 6 }),
      signer: address,
      pathfinding: fc.boolean(),
      force_network: fc.constantFrom('MAINNET', 'XAHAU', 'mainnet', 'MOON'),
      return_url: fc.record(
        { app: fc.oneof(fc.string(), fc.constant('app://x/{id}')), web: fc.webUrl() },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: [] },
  ),
)
const customMeta = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.record(
    {
      identifier: fc.oneof(fc.string({ maxLength: 45 }), fc.constantFrom('dup', 'dup2')),
      blob: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.dictionary(fc.string(), fc.string({ maxLength: 400 })),
      ),
      instruction: fc.string({ maxLength: 300 }),
    },
    { requiredKeys: [] },
  ),
)
// Mostly valid requests, so the success path (and the identifier index) is exercised too.
const nearlyValid = fc.record(
  {
    txjson: fc.record({
      TransactionType: fc.constant('Payment'),
      Destination: fc.constantFrom(OUTSIDER, ISSUER),
      Amount: fc.bigInt({ min: 1n, max: 10n ** 12n }).map(String),
    }),
    options: fc.record(
      {
        expire: fc.integer({ min: 1, max: 43200 }),
        submit: fc.boolean(),
        force_network: fc.constantFrom('MAINNET', 'XAHAU'),
      },
      { requiredKeys: [] },
    ),
    custom_meta: fc.record(
      {
        identifier: fc.string({ minLength: 1, maxLength: 3 }),
        instruction: fc.string({ maxLength: 20 }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['txjson'] },
)
const body = fc.oneof(
  { weight: 2, arbitrary: nearlyValid },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        txjson,
        txblob,
        options,
        custom_meta: customMeta,
        user_token: fc.oneof(fc.string(), fc.integer()),
      },
      { requiredKeys: [] },
    ),
  },
)

describe('POST payload property (docs/protocol.md §1, §3.1)', () => {
  it('every failure over 2,500 generated bodies is a §1 PlatformError and changes nothing', () => {
    const { platform, app } = testPlatform()
    let failures = 0
    let successes = 0
    try {
      fc.assert(
        fc.property(body, (generated) => {
          const before = fingerprint(platform)
          try {
            platform.payloads.create(app, generated)
            successes++
          } catch (error) {
            failures++
            if (!(error instanceof PlatformError)) {
              throw new Error(`not a PlatformError: ${String(error)}`)
            }
            expect(CODES.has(error.code), `code ${error.code}: ${error.message}`).toBe(true)
            expect(error.code).not.toBe(500)
            expect(error.message.length).toBeGreaterThan(0)
            expect(fingerprint(platform)).toBe(before)
          }
        }),
        { numRuns: 2500, seed: 20260101 },
      )
    } finally {
      platform.dispose()
    }
    // Both outcomes must really occur, or the generators test nothing.
    expect(failures).toBeGreaterThan(500)
    expect(successes).toBeGreaterThan(20)
  }, 120_000)
})
