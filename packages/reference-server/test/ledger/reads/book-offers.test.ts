import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { booksTouched } from '../../../src/ledger'
import {
  alice,
  bob,
  drops,
  gateway,
  offerFixture,
  usd,
  usdAsset,
  xrp,
} from '../rules/dex/offer-fixture'

let f: ReturnType<typeof offerFixture>
beforeEach(() => {
  f = offerFixture()
})
afterEach(() => f.dispose())

const page = (request: { limit?: number; marker?: string; taker?: string } = {}) =>
  f.ledger.bookOffers('TESTNET', { takerGets: usdAsset, takerPays: xrp, ...request })

describe('book_offers and account_offers (rippled getBookPage, AccountOffers.cpp)', () => {
  it("shares an owner's funds over its offers: owner_funds on the first, what is funded on the short one", () => {
    // alice holds 1000 USD and offers 600 twice; what the short one asks is the funded part times
    // the rate, rounded to the nearest drop (getBookPage's `multiply`, a Number product).
    f.offer(alice, drops(600), usd('600'))
    f.offer(alice, drops(700), usd('600'))
    const [first, second] = page().offers
    expect(first).toMatchObject({ owner_funds: '1000', quality: '1000000' })
    expect(first?.taker_gets_funded).toBeUndefined()
    expect(second?.owner_funds).toBeUndefined()
    expect(second).toMatchObject({
      taker_gets_funded: usd('400'),
      taker_pays_funded: drops(466.666667),
    })
  })

  it("the issuer's TransferRate comes out of the owner's funds, not for the issuer as taker", () => {
    f.submit(gateway, { TransactionType: 'AccountSet', TransferRate: 1_250_000_000 })
    f.offer(alice, drops(1000), usd('1000'))
    expect(page().offers[0]?.taker_gets_funded).toEqual(usd('800'))
    expect(page({ taker: gateway.address }).offers[0]?.taker_gets_funded).toBeUndefined()
  })

  it('pages with limit and marker, best first', () => {
    for (const price of [3, 1, 2]) f.offer(bob, drops(price), usd('1'))
    const one = page({ limit: 2 })
    expect(one.offers.map((o) => o.quality)).toEqual(['1000000', '2000000'])
    const two = page({ limit: 2, ...(one.marker ? { marker: one.marker } : {}) })
    expect(two.offers.map((o) => o.quality)).toEqual(['3000000'])
    expect(two.marker).toBeUndefined()
  })

  it('names the books a transaction changed, for the books stream', () => {
    f.offer(bob, drops(2), usd('1'))
    const { txid } = f.submit(alice, {
      TransactionType: 'OfferCreate',
      TakerPays: usd('1'),
      TakerGets: drops(2),
    })
    const nodes = f.ledger.transaction(txid)?.transaction.meta.AffectedNodes ?? []
    expect(booksTouched(nodes as never, 'XRP')).toEqual([{ takerGets: usdAsset, takerPays: xrp }])
  })
})
