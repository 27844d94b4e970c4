import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LSF } from '../../../../src/ledger/state/ledger-object'
import { ledgerFixture } from '../../ledger-fixture'
import { testKey } from '../../test-keys'

const keys = [testKey(31), testKey(32), testKey(33), testKey(34)]
const FUNDED = 30_000_000n
const RESERVE = 1_000_000n
const INCREMENT = 200_000n

const who = fc.nat(keys.length - 1)
// Any sequence of the account rules' transactions, with closes that let deletions through.
const action = fc.oneof(
  fc.record({
    kind: fc.constant('pay'),
    from: who,
    to: who,
    drops: fc.bigInt({ min: 1n, max: 20_000_000n }),
  }),
  fc.record({
    kind: fc.constant('flag'),
    from: who,
    set: fc.constantFrom(1, 2, 3, 4, 6, 7, 8, 9),
    clear: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('regularKey'), from: who, to: fc.option(who, { nil: undefined }) }),
  fc.record({
    kind: fc.constant('signers'),
    from: who,
    quorum: fc.nat(2),
    with: fc.subarray([0, 1, 2, 3]),
  }),
  fc.record({ kind: fc.constant('tickets'), from: who, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('preauth'), from: who, to: who, remove: fc.boolean() }),
  fc.record({ kind: fc.constant('trust'), from: who, to: who, value: fc.constantFrom('0', '10') }),
  fc.record({ kind: fc.constant('delete'), from: who, to: who }),
  fc.record({ kind: fc.constant('close'), ledgers: fc.constantFrom(1, 256) }),
)
type Action = typeof action extends fc.Arbitrary<infer T> ? T : never

function fieldsOf(a: Exclude<Action, { kind: 'close' }>): Record<string, unknown> {
  const to = 'to' in a && a.to !== undefined ? keys[a.to]?.address : undefined
  switch (a.kind) {
    case 'pay':
      return { TransactionType: 'Payment', Destination: to, Amount: String(a.drops) }
    case 'flag':
      return { TransactionType: 'AccountSet', [a.clear ? 'ClearFlag' : 'SetFlag']: a.set }
    case 'regularKey':
      return { TransactionType: 'SetRegularKey', ...(to ? { RegularKey: to } : {}) }
    case 'signers':
      return {
        TransactionType: 'SignerListSet',
        SignerQuorum: a.quorum,
        ...(a.quorum === 0
          ? {}
          : {
              SignerEntries: a.with.map((i) => ({
                SignerEntry: { Account: keys[i]?.address, SignerWeight: 1 },
              })),
            }),
      }
    case 'tickets':
      return { TransactionType: 'TicketCreate', TicketCount: a.count }
    case 'preauth':
      return { TransactionType: 'DepositPreauth', [a.remove ? 'Unauthorize' : 'Authorize']: to }
    case 'trust':
      return {
        TransactionType: 'TrustSet',
        LimitAmount: { currency: 'USD', issuer: to, value: a.value },
      }
    case 'delete':
      return { TransactionType: 'AccountDelete', Destination: to, Fee: String(INCREMENT) }
  }
}

describe('account rules, any sequence of them (docs/protocol.md §8.7)', () => {
  it('conserve native value but for burnt fees, keep owner counts equal to the objects owned, and keep reserves', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 4, maxLength: 20 }), (actions) => {
        const f = ledgerFixture({ keys, drops: FUNDED })
        let burned = 0n
        const account = (i: number) => f.ledger.account('TESTNET', keys[i]?.address ?? '')
        try {
          for (const a of actions) {
            if (a.kind === 'close') {
              for (let i = 0; i < a.ledgers; i++) f.ledger.close('TESTNET')
              continue
            }
            const sender = keys[a.from]
            const before = account(a.from)
            if (!sender || !before) continue
            const fields = fieldsOf(a)
            const result = f.submit(sender, fields)
            const fee = BigInt(String(fields.Fee ?? f.ledger.fee('TESTNET')))
            if (result.engine_result.startsWith('tes') || result.engine_result.startsWith('tec')) {
              burned += fee
            }
            const after = account(a.from)
            // Reserves hold: a payment or a new object leaves the sender at least the reserve
            // of what it owns, fees aside (rippled checks the balance before the fee).
            const grew = after && after.ownerCount > before.ownerCount
            if (result.engine_result === 'tesSUCCESS' && after && (grew || a.kind === 'pay')) {
              const needed = RESERVE + INCREMENT * BigInt(after.ownerCount)
              expect(
                BigInt(after.balance) + fee,
                `${a.kind} broke the reserve`,
              ).toBeGreaterThanOrEqual(needed)
            }
          }
          let total = 0n
          for (const [i, key] of keys.entries()) {
            const view = account(i)
            if (!view) continue
            total += BigInt(view.balance)
            const owned =
              f.ledger.accountObjects('TESTNET', key.address, { limit: 1000 })?.objects ?? []
            // A trust line counts for the side that reserves it (lsfLowReserve / lsfHighReserve).
            const counted = owned.filter((object) => {
              if (object.LedgerEntryType !== 'RippleState') return true
              const low = (object.LowLimit as { issuer: string }).issuer === key.address
              const flag = low ? LSF.RippleState.LowReserve : LSF.RippleState.HighReserve
              return (object.Flags & flag) !== 0
            })
            expect(view.ownerCount, `${key.address} owner count`).toBe(counted.length)
          }
          expect(total + burned).toBe(FUNDED * BigInt(keys.length))
        } finally {
          f.dispose()
        }
      }),
      { numRuns: 40 },
    )
    // Hundreds of real signatures, and 256-ledger closes, under parallel load.
  }, 60_000)
})
