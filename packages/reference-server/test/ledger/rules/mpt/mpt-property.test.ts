import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ObjectStore } from '../../../../src/ledger/state/object-store'
import { testKey } from '../../test-keys'
import { mpt, mptFixture } from './mpt-fixture'

const issuer = testKey(171)
const holders = [testKey(172), testKey(173), testKey(174)]
const everyone = [issuer, ...holders]

// One step of a random history of one issuance: who acts, on whom, how much, which flags.
const step = fc.record({
  kind: fc.constantFrom('authorize', 'unauthorize', 'grant', 'pay', 'lock', 'unlock', 'claw'),
  actor: fc.nat(everyone.length - 1),
  other: fc.nat(everyone.length - 1),
  units: fc.bigInt({ min: 0n, max: 400n }),
  partial: fc.boolean(),
  holder: fc.boolean(),
})

describe('an MPT issuance, any history of it [rippled View.cpp rippleCreditMPT, Payment.cpp, MPTokenAuthorize.cpp, Clawback.cpp]', () => {
  it('keeps OutstandingAmount the sum of the holders’ balances, within MaximumAmount, owner counts equal to the objects, and never creates drops', () => {
    fc.assert(
      fc.property(
        fc.record({
          flags: fc.constantFrom(0x02 | 0x20 | 0x40, 0x02 | 0x04 | 0x20 | 0x40, 0x40),
          fee: fc.constantFrom(0, 1, 2_500, 50_000),
          maximum: fc.constantFrom('500', '9223372036854775807'),
          steps: fc.array(step, { maxLength: 25 }),
        }),
        ({ flags, fee, maximum, steps }) => {
          const f = mptFixture(everyone)
          try {
            const fields = (flags & 0x20 ? { TransferFee: fee } : {}) as Record<string, unknown>
            const { mptId, engine_result } = f.create(issuer, {
              Flags: flags,
              MaximumAmount: maximum,
              ...fields,
            })
            expect(engine_result).toBe('tesSUCCESS')
            // Every holder opts in, is authorized and given 100 units: the history starts held.
            for (const holder of holders) {
              f.authorize(holder, mptId)
              if (flags & 0x04) f.authorize(issuer, mptId, { Holder: holder.address })
              expect(f.pay(issuer, holder, mptId, '100').engine_result).toBe('tesSUCCESS')
            }
            const store = () => f.ledger.view('TESTNET') as ObjectStore
            const drops = () => {
              let total = 0n
              for (const o of store().objects()) {
                if (o.LedgerEntryType === 'AccountRoot') total += BigInt(String(o.Balance))
              }
              return total
            }
            let total = drops()
            for (const s of steps) {
              const actor = everyone[s.actor] ?? issuer
              const other = everyone[s.other] ?? issuer
              const value = s.units.toString()
              if (s.kind === 'authorize') f.authorize(actor, mptId)
              else if (s.kind === 'unauthorize') f.authorize(actor, mptId, { Flags: 1 })
              else if (s.kind === 'grant') f.authorize(issuer, mptId, { Holder: other.address })
              else if (s.kind === 'pay') {
                const sendMax = s.partial ? { Flags: 0x00020000 } : {}
                f.pay(actor, other, mptId, value, { ...sendMax, SendMax: mpt(mptId, value) })
              } else if (s.kind === 'lock' || s.kind === 'unlock') {
                f.submit(issuer, {
                  TransactionType: 'MPTokenIssuanceSet',
                  MPTokenIssuanceID: mptId,
                  Flags: s.kind === 'lock' ? 1 : 2,
                  ...(s.holder ? { Holder: other.address } : {}),
                })
              } else {
                f.submit(issuer, {
                  TransactionType: 'Clawback',
                  Amount: mpt(mptId, value),
                  Holder: other.address,
                })
              }
              const now = drops()
              expect(now <= total).toBe(true)
              total = now
              const issuance = f.issuance(mptId) ?? {}
              const outstanding = BigInt(String(issuance.OutstandingAmount))
              const held = holders.reduce((sum, holder) => sum + f.held(mptId, holder), 0n)
              expect(held).toBe(outstanding)
              expect(outstanding <= BigInt(maximum)).toBe(true)
              for (const key of everyone) {
                const owned = [...store().objects()].filter(
                  (o) =>
                    (o.LedgerEntryType === 'MPToken' && o.Account === key.address) ||
                    (o.LedgerEntryType === 'MPTokenIssuance' && o.Issuer === key.address),
                ).length
                expect(f.ownerCount(key)).toBe(owned)
              }
            }
          } finally {
            f.dispose()
          }
        },
      ),
      { numRuns: 40, seed: 42 },
    )
  }, 60_000)
})
