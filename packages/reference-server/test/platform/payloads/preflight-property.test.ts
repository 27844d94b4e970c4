import fc from 'fast-check'
import { DEFAULT_DEFINITIONS, TRANSACTION_TYPES } from 'ripple-binary-codec'
import { describe, expect, it } from 'vitest'
import { PlatformError } from '../../../src/platform/errors'
import { OUTSIDER, testPlatform } from '../test-platform'

// Every serialized field of the codec, by its type: what a request may carry (docs/protocol.md §3.1).
const fieldsOfType = (() => {
  const byType = new Map<string, string[]>()
  const fields = DEFAULT_DEFINITIONS.field as unknown as Record<string, unknown>
  for (const [name, field] of Object.entries(fields)) {
    const { isSerialized, type } = field as { isSerialized?: boolean; type?: { name?: string } }
    if (!isSerialized || typeof type?.name !== 'string') continue
    byType.set(type.name, [...(byType.get(type.name) ?? []), name])
  }
  return byType
})()

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'))
const ISSUER = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B'
// Values of each codec type that encode, odd ones included (zero, the extremes, an empty blob).
const VALUES: Record<string, fc.Arbitrary<unknown>> = {
  UInt8: fc.integer({ min: 0, max: 255 }),
  UInt16: fc.integer({ min: 0, max: 65_535 }),
  UInt32: fc.oneof(fc.constantFrom(0, 1, 0xffffffff, 0x40000000), fc.nat()),
  UInt64: fc.constantFrom('0', '1', 'FFFFFFFFFFFFFFFF'),
  Hash128: hex(16),
  Hash160: hex(20),
  Hash192: hex(24),
  Hash256: hex(32),
  Blob: fc.oneof(fc.constant(''), hex(3), hex(33)),
  AccountID: fc.constantFrom(OUTSIDER, ISSUER, 'rrrrrrrrrrrrrrrrrrrrBZbvji'),
  Amount: fc.oneof(
    fc.constantFrom('0', '1', '100000000000000000'),
    fc.record({
      currency: fc.constantFrom('USD', '524C555344000000000000000000000000000000'),
      issuer: fc.constantFrom(OUTSIDER, ISSUER),
      value: fc.constantFrom('0', '1.5', '-1', '1e80'),
    }),
  ),
}
const field = fc
  .constantFrom(...Object.keys(VALUES))
  .chain((type) =>
    fc.tuple(
      fc.constantFrom(...(fieldsOfType.get(type) ?? [])),
      VALUES[type] as fc.Arbitrary<unknown>,
    ),
  )
const request = fc.record(
  {
    txjson: fc
      .tuple(fc.constantFrom(...TRANSACTION_TYPES), fc.array(field, { maxLength: 6 }))
      .map(([type, fields]) => ({ ...Object.fromEntries(fields), TransactionType: type })),
    options: fc.record(
      {
        force_network: fc.constantFrom('MAINNET', 'TESTNET', 'XAHAU'),
        signer: fc.constantFrom(OUTSIDER, ISSUER),
        multisign: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['txjson'] },
)

describe("the ledger's preflight at creation (docs/protocol.md §3.1) over any encodable transaction", () => {
  it('never breaks a create: it is created with or without a finding, or refused as a PlatformError, strict or not', () => {
    for (const strictTransactions of [false, true]) {
      const { platform, app } = testPlatform({ strictTransactions })
      let found = 0
      try {
        fc.assert(
          fc.property(request, (body) => {
            try {
              const { uuid } = platform.payloads.create(app, body)
              const finding = platform.payloads.finding(uuid)
              if (finding) found++
              expect(strictTransactions && finding).toBeFalsy()
            } catch (error) {
              if (!(error instanceof PlatformError)) throw error
              expect(error.code).not.toBe(500)
            }
          }),
          { numRuns: 1500, seed: 20261207 },
        )
      } finally {
        platform.dispose()
      }
      // The generator reaches the preflight's refusals, or it tests nothing.
      if (!strictTransactions) expect(found).toBeGreaterThan(100)
    }
  }, 120_000)
})
