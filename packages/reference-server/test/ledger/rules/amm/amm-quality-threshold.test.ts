import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changeSpotPriceQuality } from '../../../../src/ledger/amm/amm-liquidity'
import { LedgerAmount } from '../../../../src/ledger/amounts/ledger-amount'
import { Quality } from '../../../../src/ledger/amounts/quality'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

// fixAMMv1_1's quality threshold: the AMM's synthetic offer sized against a book (rippled
// src/xrpld/app/paths/detail/BookStep.cpp `BookOfferCrossingStep::qualityThreshold`, `tryAMM`,
// `tip`; AMMLiquidity.cpp `getOffer`; AMMHelpers.h `changeSpotPriceQuality`).

const alice = testKey(91)
const bob = testKey(92)
const carol = testKey(93)
const gateway = testKey(94)
const XRP = { currency: 'XRP' }

let f: AmmFixture
let USD: { currency: string; issuer: string }
beforeEach(() => {
  f = ammFixture([alice, bob, carol, gateway])
  USD = { currency: 'USD', issuer: gateway.address }
  // A pool of 1000 XRP and 1000 USD at a 0.5 % fee, and a book that sells USD at 2 XRP each.
  expect(f.create(alice, '1000000000', f.usd('1000'), 500).engine_result).toBe('tesSUCCESS')
  const book = f.submit(carol, {
    TransactionType: 'OfferCreate',
    TakerGets: f.usd('10'),
    TakerPays: '20000000',
  })
  expect(book.engine_result).toBe('tesSUCCESS')
})
afterEach(() => {
  expect(f.invariantHolds(XRP, USD)).toBe(true)
  f.dispose()
})

const pool = () => {
  const account = f.amm(XRP, USD)?.Account as string
  return [String(f.balance(account)), f.holds(account, gateway.address, 'USD')]
}

// Bob offers 100 XRP for 90 USD: 1.11 XRP per USD at worst, better than the book's 2.
const cross = () =>
  f.submit(bob, { TransactionType: 'OfferCreate', TakerGets: '100000000', TakerPays: f.usd('90') })

describe("fixAMMv1_1's quality threshold (rippled BookStep.cpp, AMMLiquidity.cpp)", () => {
  it('[rippled BookStep.cpp BookOfferCrossingStep::qualityThreshold] a book worse than the crossing offer does not block the pool: it fills the offer', () => {
    expect(cross().engine_result).toBe('tesSUCCESS')
    // AMMHelpers.h swapAssetOut: (I·O/(O − 90) − I)/(1 − 0.005) = (10¹²/910 − 10⁹)/0.995
    // = 99398089.3478… drops, rounded up for the pool.
    expect(pool()).toEqual([String(1_000_000_000 + 99_398_090), '910'])
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10090')
    // Nothing left of bob's offer, and carol's worse offer untouched.
    expect(f.ledger.accountOffers('TESTNET', bob.address)).toMatchObject({ offers: [] })
    expect(f.holds(carol.address, gateway.address, 'USD')).toBe('10000')
  })

  it('[rippled BookStep.cpp tryAMM] without fixAMMv1_1 the pool is sized to the worse book and the offer stays uncrossed', () => {
    f.ledger.setAmendments('TESTNET', { disable: ['fixAMMv1_1'] })
    expect(cross().engine_result).toBe('tesSUCCESS')
    expect(pool()).toEqual(['1000000000', '1000'])
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe('10000')
    expect(f.ledger.accountOffers('TESTNET', bob.address)).toMatchObject({
      offers: [{ taker_gets: '100000000', taker_pays: f.usd('90') }],
    })
  })
})

describe('changeSpotPriceQuality with and without fixAMMv1_1 (rippled AMMHelpers.h)', () => {
  // A pool paying out XRP: 1000 USD in, 1000 XRP out, a 1 % fee, and a book at 0.989 XRP per USD,
  // where the offer whose own price meets the book's is the smaller (the constraint binds).
  const poolIn = LedgerAmount.fromJson({ currency: 'USD', issuer: gateway.address, value: '1000' })
  const poolOut = LedgerAmount.drops(1_000_000_000n)
  const target = Quality.of({
    in: LedgerAmount.fromJson({ currency: 'USD', issuer: gateway.address, value: '1' }),
    out: LedgerAmount.drops(989_000n),
  })
  const tfee = 1000

  it('[rippled AMMHelpers.h getAMMOfferStartWithTakerGets] with the fix, the XRP side first, rounded down: its quality meets the book', () => {
    const amounts = changeSpotPriceQuality({ in: poolIn, out: poolOut }, target, tfee)
    if (!amounts || amounts === 'throws') throw new Error('no offer')
    // Computed at 60 digits from AMMHelpers.h: o = O − I/(q·f) = 10⁹ − 1000·989000/0.99
    // = 1010101.01… drops (below the quadratic's root 5487646.6…), rounded down to 1010101;
    // swapAssetOut: (I·O/(O − o) − I)/f = 1.0213356926084799… USD.
    expect(amounts.out.text()).toBe('1010101')
    expect(Number(amounts.in.text())).toBeCloseTo(1.02133569260848, 11)
    expect(Quality.of(amounts).worseThan(target)).toBe(false)
  })

  it('[rippled AMMHelpers.h changeSpotPriceQuality] without the fix, takerPays first: the XRP rounded down leaves the offer 10⁻⁸ worse than the book', () => {
    const amounts = changeSpotPriceQuality({ in: poolIn, out: poolOut }, target, tfee, false)
    if (!amounts || amounts === 'throws') throw new Error('no offer')
    // i = O/q − I/f = 1.0213357028321639… USD rounded up, swapAssetIn 1010101.9… drops rounded
    // down: 988999.99011 drops per USD, within rippled's 10⁻⁷ of the book, so still offered.
    expect(Number(amounts.in.text())).toBeCloseTo(1.02133570283216, 11)
    expect(amounts.out.text()).toBe('1010101')
    expect(Quality.of(amounts).worseThan(target)).toBe(true)
  })
})
