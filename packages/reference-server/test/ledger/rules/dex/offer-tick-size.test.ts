import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountRootIndex } from '../../../../src/ledger/state/keylets'
import type { TestKey } from '../../test-keys'
import { alice, eur, eurGateway, gateway, offerFixture, usd } from './offer-fixture'

// TickSize (xrpl.org "Ticksize", "OfferCreate"; rippled CreateOffer::applyGuts, Quality::round,
// STAmount multiply/divide): an issuer's TickSize rounds the quality of every new offer in its
// assets to that many significant digits, up (never worse for the offer's owner), and then the
// side that is not exact: TakerGets of a buy, TakerPays of a tfSell offer.
let f: ReturnType<typeof offerFixture>
beforeEach(() => {
  f = offerFixture()
})
afterEach(() => f.dispose())

const tickSize = (issuer: TestKey, size: number) =>
  expect(f.submit(issuer, { TransactionType: 'AccountSet', TickSize: size }).engine_result).toBe(
    'tesSUCCESS',
  )
const placed = () =>
  f.ledger
    .accountOffers('TESTNET', alice.address)
    .offers.map(({ taker_pays, taker_gets }) => ({ taker_pays, taker_gets }))

describe("an issuer's TickSize rounds new offers (CreateOffer::applyGuts)", () => {
  it('a buy offer keeps TakerPays and gives less: 1 USD for 3 XRP at 5 digits asks 1 USD for 2.99994 XRP', () => {
    tickSize(gateway, 5)
    // 1 / 3,000,000 = 3.333333…e-7 rounds up to 3.3334e-7; 1 ÷ 3.3334e-7 = 2,999,940.0012 drops,
    // truncated to whole drops.
    expect(f.offer(alice, usd('1'), '3000000')).toBe('tesSUCCESS')
    expect(placed()).toEqual([{ taker_pays: usd('1'), taker_gets: '2999940' }])
  })

  it('a tfSell offer keeps TakerGets and asks more: 3 XRP for 1.00002 USD', () => {
    tickSize(gateway, 5)
    expect(f.offer(alice, usd('1'), '3000000', { Flags: 0x00080000 })).toBe('tesSUCCESS')
    expect(placed()).toEqual([{ taker_pays: usd('1.00002'), taker_gets: '3000000' }])
  })

  it('two issuers: the smaller TickSize wins (4 and 7: 4): 1 USD for 3 EUR gives 2.999400119976005 EUR', () => {
    tickSize(gateway, 7)
    tickSize(eurGateway, 4)
    // 1 / 3 rounds up to 0.3334; 1 ÷ 0.3334 to 16 digits, truncated.
    expect(f.offer(alice, usd('1'), eur('3'))).toBe('tesSUCCESS')
    expect(placed()).toEqual([{ taker_pays: usd('1'), taker_gets: eur('2.999400119976005') }])
  })

  it('without a TickSize (or once set back to 15, which removes it) nothing is rounded', () => {
    tickSize(gateway, 5)
    tickSize(gateway, 15)
    // The AccountRoot has no TickSize field any more (SetAccount::doApply).
    expect(f.ledger.view('TESTNET').read(accountRootIndex(gateway.address))).not.toHaveProperty(
      'TickSize',
    )
    expect(f.offer(alice, usd('1'), '3000000')).toBe('tesSUCCESS')
    expect(placed()).toEqual([{ taker_pays: usd('1'), taker_gets: '3000000' }])
  })

  it('an already round quality stays as it is', () => {
    tickSize(gateway, 3)
    expect(f.offer(alice, usd('1'), '2000000')).toBe('tesSUCCESS')
    expect(placed()).toEqual([{ taker_pays: usd('1'), taker_gets: '2000000' }])
  })

  it('an offer rounded to zero does nothing and succeeds ("Offer rounded to zero"): no offer, no owner count', () => {
    tickSize(gateway, 3)
    const owned = f.ledger.account('TESTNET', alice.address)?.ownerCount
    // 1.2345 USD for 1e-81 EUR (the smallest issued amount): 1.2345e81 rounds up to 1.24e81, and
    // 1.2345 ÷ 1.24e81 = 9.96e-82 EUR is below the smallest, so zero. (A native side cannot round
    // to zero: with fixUniversalNumber drops round to nearest, and 3 digits move it under 1%.)
    expect(f.offer(alice, usd('1.2345'), eur('1e-81'))).toBe('tesSUCCESS')
    expect(placed()).toEqual([])
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(owned)
  })

  it('the book orders the rounded offer by its rounded quality', () => {
    tickSize(gateway, 5)
    f.offer(alice, usd('1'), '3000000')
    const [offer] = f.ledger.bookOffers('TESTNET', {
      takerGets: { currency: 'XRP', issuer: null },
      takerPays: { currency: 'USD', issuer: gateway.address },
    }).offers
    // getRate(TakerGets, TakerPays) of the rounded amounts: 1 USD ÷ 2,999,940 drops, 16 digits.
    expect(offer?.quality).toBe('0.000000333340000133336')
  })
})
