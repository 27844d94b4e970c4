import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { hashes } from 'xrpl'
import { TF_OFFER_CREATE } from '../../../../src/ledger/rules/dex/offer-create'
import {
  alice,
  bob,
  carol,
  drops,
  eur,
  gateway,
  offerFixture,
  UNIT,
  usd,
  usdAsset,
  xrp,
} from './offer-fixture'

let f: ReturnType<typeof offerFixture>
beforeEach(() => {
  f = offerFixture()
})
afterEach(() => f.dispose())

const book = (
  gets: { currency: string; issuer: string | null },
  pays: typeof xrp | typeof usdAsset,
) => f.ledger.bookOffers('TESTNET', { takerGets: gets, takerPays: pays }).offers

describe('placing an offer (CreateOffer.cpp applyGuts)', () => {
  it('an offer that crosses nothing rests in the book under the index xrpl.js computes, one owner reserve', () => {
    const sequence = f.sequence(alice)
    const before = f.ledger.account('TESTNET', alice.address)?.ownerCount ?? 0
    expect(f.offer(alice, usd('10'), drops(20))).toBe('tesSUCCESS')
    const [offer] = book(xrp, usdAsset)
    expect(offer?.index).toBe(hashes.hashOfferId(alice.address, sequence))
    expect(offer).toMatchObject({
      Account: alice.address,
      TakerPays: usd('10'),
      TakerGets: drops(20),
      quality: '0.0000005',
      owner_funds: expect.any(String),
    })
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(before + 1)
    expect(f.ledger.accountOffers('TESTNET', alice.address).offers).toEqual([
      {
        flags: 0,
        seq: sequence,
        taker_gets: drops(20),
        taker_pays: usd('10'),
        quality: '0.0000005',
      },
    ])
  })

  it('book_offers lists the best quality first and the oldest first at one quality', () => {
    f.offer(alice, drops(30), usd('10')) // 3 XRP per USD
    f.offer(bob, drops(20), usd('10')) // 2 XRP per USD: best
    f.offer(carol, drops(30), usd('10')) // 3, after alice's
    expect(book(usdAsset, xrp).map((o) => o.Account)).toEqual([
      bob.address,
      alice.address,
      carol.address,
    ])
    expect(book(usdAsset, xrp).map((o) => o.quality)).toEqual(['2000000', '3000000', '3000000'])
  })

  it("OfferSequence replaces the account's earlier offer", () => {
    const first = f.sequence(alice)
    f.offer(alice, drops(30), usd('10'))
    expect(f.offer(alice, drops(40), usd('10'), { OfferSequence: first })).toBe('tesSUCCESS')
    expect(
      f.ledger.accountOffers('TESTNET', alice.address).offers.map((o) => o.taker_pays),
    ).toEqual([drops(40)])
  })

  it('OfferCancel removes the offer and its owner reserve; an offer already gone is no error', () => {
    const sequence = f.sequence(alice)
    const before = f.ledger.account('TESTNET', alice.address)?.ownerCount ?? 0
    f.offer(alice, drops(30), usd('10'))
    const cancel = () =>
      f.submit(alice, { TransactionType: 'OfferCancel', OfferSequence: sequence }).engine_result
    expect(cancel()).toBe('tesSUCCESS')
    expect(book(usdAsset, xrp)).toEqual([])
    expect(f.ledger.account('TESTNET', alice.address)?.ownerCount).toBe(before)
    expect(cancel()).toBe('tesSUCCESS')
  })
})

describe('crossing (BookStep.cpp, OfferStream.cpp)', () => {
  it("a matching offer crosses at the resting offer's quality and both leave the book", () => {
    f.offer(bob, drops(20), usd('10'))
    const bobXrp = f.balance(bob.address)
    const sequence = f.sequence(alice)
    const { txid, engine_result } = f.submit(alice, {
      TransactionType: 'OfferCreate',
      TakerPays: usd('10'),
      TakerGets: drops(20),
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(book(usdAsset, xrp)).toEqual([])
    expect(book(xrp, usdAsset)).toEqual([])
    expect(f.holds(alice, 'USD')).toBe('1010')
    expect(f.holds(bob, 'USD')).toBe('990')
    expect(f.balance(bob.address) - bobXrp).toBe(20n * UNIT)
    expect(f.ledger.accountOffers('TESTNET', alice.address).offers).toEqual([])
    expect(sequence).toBeGreaterThan(0)
    f.expectOracle(txid)
  })

  it('the taker gets the better price of the resting offer, not its own', () => {
    f.offer(bob, drops(15), usd('10')) // bob sells 10 USD for 15 XRP
    const aliceXrp = f.balance(alice.address)
    // alice would pay up to 20 XRP for 10 USD: she pays bob's 15
    expect(f.offer(alice, usd('10'), drops(20))).toBe('tesSUCCESS')
    expect(aliceXrp - f.balance(alice.address)).toBe(15n * UNIT + 12n)
    expect(f.holds(alice, 'USD')).toBe('1010')
  })

  it('a partial fill places the rest at the original quality', () => {
    f.offer(bob, drops(10), usd('5'))
    expect(f.offer(alice, usd('10'), drops(20))).toBe('tesSUCCESS')
    expect(f.holds(alice, 'USD')).toBe('1005')
    expect(book(xrp, usdAsset)).toMatchObject([
      { Account: alice.address, TakerPays: usd('5'), TakerGets: drops(10), quality: '0.0000005' },
    ])
  })

  it('takes several offers best first and stops at its own quality', () => {
    f.offer(bob, drops(30), usd('10')) // 3 XRP/USD
    f.offer(carol, drops(20), usd('10')) // 2 XRP/USD
    f.offer(carol, drops(50), usd('10')) // 5 XRP/USD: beyond alice's price
    expect(f.offer(alice, usd('30'), drops(90))).toBe('tesSUCCESS') // up to 3 XRP/USD
    expect(f.holds(alice, 'USD')).toBe('1020')
    expect(book(usdAsset, xrp).map((o) => o.quality)).toEqual(['5000000'])
    expect(book(xrp, usdAsset)).toMatchObject([{ TakerPays: usd('10'), TakerGets: drops(30) }])
  })

  it('tfPassive does not take an offer of equal quality, only a better one', () => {
    f.offer(bob, drops(20), usd('10'))
    expect(f.offer(alice, usd('10'), drops(20), { Flags: TF_OFFER_CREATE.Passive })).toBe(
      'tesSUCCESS',
    )
    expect(book(usdAsset, xrp)).toHaveLength(1)
    expect(book(xrp, usdAsset)).toMatchObject([{ Flags: 0x00010000 }])
  })

  it('tfImmediateOrCancel takes what it can and places nothing; nothing taken is tecKILLED', () => {
    f.offer(bob, drops(10), usd('5'))
    expect(f.offer(alice, usd('10'), drops(20), { Flags: TF_OFFER_CREATE.ImmediateOrCancel })).toBe(
      'tesSUCCESS',
    )
    expect(f.holds(alice, 'USD')).toBe('1005')
    expect(book(xrp, usdAsset)).toEqual([])
    expect(f.offer(alice, usd('10'), drops(20), { Flags: TF_OFFER_CREATE.ImmediateOrCancel })).toBe(
      'tecKILLED',
    )
  })

  it('tfFillOrKill takes all or nothing (tecKILLED leaves the book as it was)', () => {
    f.offer(bob, drops(10), usd('5'))
    expect(f.offer(alice, usd('10'), drops(20), { Flags: TF_OFFER_CREATE.FillOrKill })).toBe(
      'tecKILLED',
    )
    expect(f.holds(alice, 'USD')).toBe('1000')
    expect(book(usdAsset, xrp)).toHaveLength(1)
    expect(f.offer(alice, usd('5'), drops(10), { Flags: TF_OFFER_CREATE.FillOrKill })).toBe(
      'tesSUCCESS',
    )
    expect(f.holds(alice, 'USD')).toBe('1005')
  })

  it('tfSell sells all of TakerGets even for more than TakerPays', () => {
    f.offer(bob, drops(10), usd('10')) // bob sells USD at 1 XRP each
    // alice sells 10 XRP asking at least 5 USD: she gets bob's 10
    expect(f.offer(alice, usd('5'), drops(10), { Flags: TF_OFFER_CREATE.Sell })).toBe('tesSUCCESS')
    expect(f.holds(alice, 'USD')).toBe('1010')
    expect(book(xrp, usdAsset)).toEqual([])
  })

  it("an offer crossing its owner's own offer removes the old one", () => {
    f.offer(alice, drops(20), usd('10'))
    expect(f.offer(alice, usd('10'), drops(20))).toBe('tesSUCCESS')
    expect(book(usdAsset, xrp)).toEqual([])
    expect(book(xrp, usdAsset)).toHaveLength(1)
    expect(f.holds(alice, 'USD')).toBe('1000')
  })

  it('removes unfunded and expired offers it meets, even when killed', () => {
    f.offer(bob, drops(10), usd('10'))
    // bob gives his USD away: his offer is unfunded
    f.submit(bob, { TransactionType: 'Payment', Destination: gateway.address, Amount: usd('1000') })
    expect(book(usdAsset, xrp)[0]?.owner_funds).toBe('0')
    expect(f.offer(alice, usd('10'), drops(10), { Flags: TF_OFFER_CREATE.FillOrKill })).toBe(
      'tecKILLED',
    )
    expect(book(usdAsset, xrp)).toEqual([])
    expect(f.ledger.account('TESTNET', bob.address)?.ownerCount).toBe(2)
  })

  it('auto-bridges two issued assets through the native one when better than the direct book', () => {
    f.offer(bob, drops(10), usd('10')) // bob sells 10 USD for 10 XRP
    f.offer(carol, eur('10'), drops(10)) // carol sells 10 XRP for 10 EUR
    f.offer(carol, eur('20'), usd('10')) // direct: 2 EUR per USD, worse than the bridge's 1
    const { txid, engine_result } = f.submit(alice, {
      TransactionType: 'OfferCreate',
      TakerPays: usd('10'),
      TakerGets: eur('10'),
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.holds(alice, 'USD')).toBe('1010')
    expect(f.holds(alice, 'EUR')).toBe('990')
    expect(f.holds(carol, 'EUR')).toBe('1010')
    expect(book(usdAsset, { currency: 'EUR', issuer: eur('0').issuer } as never)).toHaveLength(1)
    f.expectOracle(txid)
  })

  it("the issuer's TransferRate: the taker pays it on what it sends, the owner on what it gives", () => {
    f.submit(gateway, { TransactionType: 'AccountSet', TransferRate: 1_010_000_000 })
    f.offer(bob, drops(10), usd('10'))
    expect(f.offer(alice, usd('10'), drops(10))).toBe('tesSUCCESS')
    expect(f.holds(alice, 'USD')).toBe('1010')
    expect(f.holds(bob, 'USD')).toBe('989.9')
  })
})
