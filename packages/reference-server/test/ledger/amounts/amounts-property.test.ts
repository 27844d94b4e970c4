import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { LedgerObject } from '../../../src/ledger'
import { ledgerFixture } from '../ledger-fixture'
import { testKey } from '../test-keys'

// Random sequences of trust lines, payments and offers with extreme and many-digit amounts, the
// ledger closed after each: no close throws, no amount on the ledger has more than 16 digits, and
// the drops there are never grow (docs/protocol.md §8.5, rippled STAmount.cpp, InvariantCheck.cpp).
const issuers = [testKey(31), testKey(32)]
const holders = [testKey(33), testKey(34), testKey(35)]
const currencies = ['USD', 'EUR']

const value = fc.oneof(
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 16n - 1n }), fc.integer({ min: -40, max: 60 }))
    .map(([m, e]) => `${m}e${e}`),
  fc.bigInt({ min: 1n, max: 10n ** 16n - 1n }).map((m) => `0.${m.toString().padStart(16, '0')}`),
  fc.constantFrom('1000000000000000', '0.5', '1.5', '9999999999999999e80', '1e-81', '0.1', '0.2'),
)
const drops = fc.bigInt({ min: 1n, max: 5_000_000n }).map(String)
const asset = fc.record({
  currency: fc.constantFrom(...currencies),
  issuer: fc.nat(issuers.length - 1),
})
const issued = fc
  .tuple(asset, value)
  .map(([a, v]) => ({ currency: a.currency, issuer: issuers[a.issuer]?.address, value: v }))
const amount = fc.oneof(drops, issued)

const action = fc.oneof(
  fc.record({ kind: fc.constant('trust' as const), holder: fc.nat(2), limit: issued }),
  fc.record({ kind: fc.constant('issue' as const), holder: fc.nat(2), amount: issued }),
  fc.record({
    kind: fc.constant('pay' as const),
    from: fc.nat(2),
    to: fc.nat(2),
    amount: issued,
    partial: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('offer' as const), holder: fc.nat(2), pays: amount, gets: amount }),
)

// The significant digits of a decimal value, and its exponent once written with 16.
function digitsOf(text: string): number {
  const [mantissa = ''] = text.replace('-', '').split(/e/i)
  return mantissa.replace('.', '').replace(/^0+/, '').replace(/0+$/, '').length
}

describe('the ledger under any sequence of issued amounts (property)', () => {
  it('closes every time, keeps 16 digits, and creates no drops', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 10 }), (actions) => {
        const f = ledgerFixture({ keys: [...issuers, ...holders], drops: 1_000_000_000n })
        f.submit(issuers[0] as (typeof issuers)[0], { TransactionType: 'AccountSet', SetFlag: 8 })
        f.submit(issuers[1] as (typeof issuers)[0], {
          TransactionType: 'AccountSet',
          TransferRate: 1_002_500_000,
        })
        const objects = () => {
          const all: Readonly<LedgerObject>[] = []
          let page = f.ledger.ledgerData('TESTNET', { limit: 256 })
          while (page) {
            all.push(...page.objects)
            page = page.marker
              ? f.ledger.ledgerData('TESTNET', { limit: 256, marker: page.marker })
              : null
          }
          return all
        }
        const dropsThere = () =>
          objects().reduce(
            (sum, o) =>
              sum + (o.LedgerEntryType === 'AccountRoot' ? BigInt(String(o.Balance)) : 0n),
            0n,
          )
        let total = dropsThere()
        for (const step of actions) {
          const holder = holders[step.kind === 'pay' ? step.from : step.holder] ?? testKey(33)
          if (step.kind === 'trust')
            f.submit(holder, { TransactionType: 'TrustSet', LimitAmount: step.limit })
          else if (step.kind === 'issue') {
            const issuer = issuers.find((k) => k.address === step.amount.issuer) ?? testKey(31)
            f.submit(issuer, {
              TransactionType: 'Payment',
              Destination: holder.address,
              Amount: step.amount,
            })
          } else if (step.kind === 'pay') {
            const to = holders[step.to] ?? testKey(34)
            if (to.address !== holder.address) {
              f.submit(holder, {
                TransactionType: 'Payment',
                Destination: to.address,
                Amount: step.amount,
                ...(step.partial ? { Flags: 0x00020000, SendMax: step.amount } : {}),
              })
            }
          } else {
            f.submit(holder, {
              TransactionType: 'OfferCreate',
              TakerPays: step.pays,
              TakerGets: step.gets,
            })
          }
          expect(() => f.ledger.close()).not.toThrow()
          for (const object of objects()) {
            for (const field of Object.values(object)) {
              if (typeof field === 'object' && field !== null && 'value' in field) {
                const text = String((field as { value: unknown }).value)
                expect(digitsOf(text), `${object.LedgerEntryType} ${text}`).toBeLessThanOrEqual(16)
              }
            }
          }
          const now = dropsThere()
          expect(now <= total, `drops grew from ${total} to ${now}`).toBe(true)
          total = now
        }
        f.dispose()
      }),
      { numRuns: 15 },
    )
  }, 60_000)
})
