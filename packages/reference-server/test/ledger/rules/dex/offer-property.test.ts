import BigNumber from 'bignumber.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Quality } from '../../../../src/ledger/amounts/quality'
import { qualityOfIndex } from '../../../../src/ledger/state/keylets'
import type { RippleState } from '../../../../src/ledger/state/ledger-object'
import { reservedBy } from '../../../../src/ledger/state/trust-line'
import { alice, bob, carol, eur, eurGateway, gateway, offerFixture, usd } from './offer-fixture'

const traders = [alice, bob, carol]
const everyone = [gateway, eurGateway, ...traders]
type Side = 'XRP' | 'USD' | 'EUR'
const PAIRS: Array<[Side, Side]> = [
  ['USD', 'XRP'],
  ['XRP', 'USD'],
  ['EUR', 'XRP'],
  ['XRP', 'EUR'],
  ['USD', 'EUR'],
  ['EUR', 'USD'],
]
const FLAGS = [0, 0x00010000, 0x00080000, 0x00020000]

// Values with up to 12 significant digits: crossing rounds at the 16th.
const amountOf = (side: Side, n: number) => {
  const value = new BigNumber(n).div(7).precision(12).toString()
  if (side === 'XRP') return new BigNumber(value).times(1_000_000).integerValue().toFixed(0)
  return side === 'USD' ? usd(value) : eur(value)
}
const numberOf = (amount: unknown) =>
  new BigNumber(typeof amount === 'string' ? amount : (amount as { value: string }).value)

const offerArb = fc.record({
  who: fc.nat(traders.length - 1),
  pair: fc.nat(PAIRS.length - 1),
  gets: fc.integer({ min: 1, max: 400 }),
  // Prices around par (every asset is worth about 1 XRP here), so offers meet.
  price: fc.integer({ min: 80, max: 125 }),
  flags: fc.constantFrom(...FLAGS),
})

const total = (f: ReturnType<typeof offerFixture>, currency: string) =>
  traders.reduce((sum, key) => sum.plus(f.holds(key, currency)), new BigNumber(0))

describe('offer crossing, any sequence of offers (docs/protocol.md §8.7)', () => {
  it('conserves every asset, takers pay no worse than the offers taken, the book is left uncrossed, owner counts match objects', () => {
    fc.assert(
      fc.property(
        fc.array(offerArb, { minLength: 1, maxLength: 12 }),
        // The issuers' TickSize (0: none) rounds every new offer first (CreateOffer::applyGuts).
        fc.constantFrom(0, 3, 5, 9),
        fc.constantFrom(0, 4, 6),
        (offers, usdTick, eurTick) => {
          const f = offerFixture()
          try {
            f.submit(gateway, { TransactionType: 'AccountSet', TickSize: usdTick })
            f.submit(eurGateway, { TransactionType: 'AccountSet', TickSize: eurTick })
            const xrpTotal = () => everyone.reduce((sum, key) => sum + f.balance(key.address), 0n)
            const startXrp = xrpTotal()
            const startUsd = total(f, 'USD')
            const startEur = total(f, 'EUR')
            let burnt = 0n
            for (const { who, pair, gets, price, flags } of offers) {
              const pays = Math.max(1, Math.round((gets * price) / 100))
              const [paySide, getSide] = PAIRS[pair] as [Side, Side]
              const taker = traders[who] as (typeof traders)[number]
              const { txid, engine_result } = f.submit(taker, {
                TransactionType: 'OfferCreate',
                TakerPays: amountOf(paySide, pays),
                TakerGets: amountOf(getSide, gets),
                Flags: flags,
              })
              if (engine_result.startsWith('tes') || engine_result.startsWith('tec')) burnt += 12n
              const meta = f.ledger.transaction(txid)?.transaction.meta as
                | {
                    AffectedNodes: Array<
                      Record<
                        string,
                        {
                          LedgerEntryType: string
                          FinalFields?: Record<string, unknown>
                          PreviousFields?: Record<string, unknown>
                        }
                      >
                    >
                  }
                | undefined
              // Each offer taken gave at its own quality (rounding at the last digit aside).
              for (const node of meta?.AffectedNodes ?? []) {
                const fields = node.ModifiedNode ?? node.DeletedNode
                if (fields?.LedgerEntryType !== 'Offer' || !fields.PreviousFields?.TakerPays)
                  continue
                const final = fields.FinalFields as Record<string, unknown>
                const paid = numberOf(fields.PreviousFields.TakerPays).minus(
                  numberOf(final.TakerPays),
                )
                const got = numberOf(fields.PreviousFields.TakerGets).minus(
                  numberOf(final.TakerGets),
                )
                const quality = new Quality(qualityOfIndex(String(final.BookDirectory)))
                const rate = new BigNumber(quality.rate().toNumber().toDecimal())
                // One unit of the last digit on either side (a drop, or the 16th digit).
                const ulp = (amount: unknown, v: BigNumber) =>
                  typeof amount === 'string' ? new BigNumber(1) : v.abs().times(1e-15)
                const fair = got.plus(ulp(final.TakerGets, got)).times(rate)
                expect(paid.lte(fair.plus(ulp(final.TakerPays, paid)))).toBe(true)
              }
            }
            expect(xrpTotal() + burnt).toBe(startXrp)
            expect(total(f, 'USD').minus(startUsd).abs().lt(1e-9)).toBe(true)
            expect(total(f, 'EUR').minus(startEur).abs().lt(1e-9)).toBe(true)
            for (const [a, b] of PAIRS) {
              const asset = (side: Side) =>
                side === 'XRP'
                  ? { currency: 'XRP', issuer: null }
                  : { currency: side, issuer: (side === 'USD' ? gateway : eurGateway).address }
              const funded = (gets: Side, pays: Side) =>
                f.ledger
                  .bookOffers('TESTNET', { takerGets: asset(gets), takerPays: asset(pays) })
                  .offers.filter((o) => o.taker_gets_funded === undefined)
              const [ask] = funded(a, b)
              const [bid] = funded(b, a)
              if (!ask || !bid || ask.Account === bid.Account) continue
              const product = new BigNumber(ask.quality).times(bid.quality)
              // Equal qualities may rest when the later one was passive.
              expect(product.gte(1 - 1e-12)).toBe(true)
            }
            for (const key of everyone) {
              const objects =
                f.ledger.accountObjects('TESTNET', key.address, { limit: 400 })?.objects ?? []
              const owned = objects.filter(
                (o) =>
                  o.LedgerEntryType === 'Offer' ||
                  (o.LedgerEntryType === 'RippleState' &&
                    reservedBy(o as RippleState, key.address)),
              )
              expect(f.ledger.account('TESTNET', key.address)?.ownerCount).toBe(owned.length)
            }
          } finally {
            f.dispose()
          }
        },
      ),
      { numRuns: 25 },
    )
  })
})
