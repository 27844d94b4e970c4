import { describe, expect, it } from 'vitest'
import {
  adjustLPTokens,
  ammAssetIn,
  ammAssetOut,
  ammLPTokens,
  lpTokensIn,
  lpTokensOut,
  swapAssetIn,
  swapAssetOut,
} from '../../../src/ledger/amm/amm-formulas'
import { ammIdOf, ammLPTCurrency } from '../../../src/ledger/amm/amm-identifiers'
import { LedgerAmount } from '../../../src/ledger/amounts/ledger-amount'

const issuer = 'rP9jPyP5kyvFRb6ZiRghAGw5u8SGAmU4bd'
const usdAsset = { currency: 'USD', issuer }
const eurAsset = { currency: 'EUR', issuer }
const lptAsset = { currency: '039C99CD9AB0B70B32ECDA51EAAE471625608EA2', issuer }
const usd = (value: string) => LedgerAmount.fromJson({ ...usdAsset, value })
const eur = (value: string) => LedgerAmount.fromJson({ ...eurAsset, value })
const lpt = (value: string) => LedgerAmount.fromJson({ ...lptAsset, value })
const xrp = { currency: 'XRP', issuer: null }

describe('the AMM arithmetic on LedgerNumber (rippled AMMHelpers.cpp, fixAMMv1_1, fixAMMv1_3)', () => {
  it('[rippled AMMHelpers.cpp] a single-asset deposit of 100 into T = B = 1000 at 1 % mints 48.563606111 LP tokens (Eq. 3, rounded down)', () => {
    expect(lpTokensOut(usd('1000'), usd('100'), lpt('1000'), 1000).text()).toBe('48.56360611129098')
  })

  it('[rippled AMMHelpers.cpp] withdrawing 50 of the asset from T = B = 1000 at 1 % burns 25.444574928 LP tokens (Eq. 7, rounded up)', () => {
    expect(lpTokensIn(usd('1000'), usd('50'), lpt('1000'), 1000).text()).toBe('25.444574927527')
  })

  it('[rippled AMMHelpers.h] a pool of 1000/500 swapping 10 in at 1 % gives 4.901475394 out, rounded for the pool', () => {
    const out = swapAssetIn({ in: usd('1000'), out: eur('500') }, usd('10'), 1000)
    expect(out.text()).toBe('4.9014753936033')
    // Swapping that out again costs at least the 10 paid: the pool never loses.
    expect(
      swapAssetOut({ in: usd('1000'), out: eur('500') }, out, 1000).gte(usd('9.999999999')),
    ).toBe(true)
    // The native asset out is whole drops, rounded down.
    const drops = swapAssetIn(
      { in: usd('1000'), out: LedgerAmount.drops(500_000_000n) },
      usd('10'),
      1000,
    )
    expect(drops.text()).toBe('4901475')
  })

  it('[rippled AMMHelpers.cpp] Eq. 4 and Eq. 8 invert Eq. 3 and Eq. 7 within rounding that favours the pool', () => {
    const asset = ammAssetIn(usd('1000'), lpt('1000'), lpt('48.56360611129098'), 1000)
    expect(asset.gte(usd('99.99999999999'))).toBe(true)
    expect(asset.lte(usd('100.0000000001'))).toBe(true)
    const out = ammAssetOut(usd('1000'), lpt('1000'), lpt('25.444574927527'), 1000)
    expect(out.lte(usd('50'))).toBe(true)
    expect(out.gte(usd('49.9999999999'))).toBe(true)
  })

  it('[rippled AMMHelpers.cpp] √(A·B) rounds down; adjustLPTokens keeps only what the 16-digit balance holds', () => {
    expect(ammLPTokens(usd('1000'), eur('500'), lptAsset).text()).toBe('707.1067811865475')
    expect(adjustLPTokens(lpt('1000'), lpt('48.56360611129098'), 'deposit').text()).toBe(
      '48.56360611129',
    )
  })

  it('[rippled AMMCore.cpp, Indexes.cpp] the LP currency hashes the two currency codes; the AMM ID the two issues', () => {
    expect(ammLPTCurrency(xrp, { currency: 'TST', issuer })).toBe(
      '039C99CD9AB0B70B32ECDA51EAAE471625608EA2',
    )
    const nex = { currency: 'NEX', issuer: 'rQGiPFWhaTDdue1xHX7cVpxGqPQK54zng1' }
    expect(ammLPTCurrency(nex, xrp)).toBe('03DC324562A8915B7C65E9D31B93D62D02BC491C')
    expect(ammIdOf(xrp, nex)).toBe(
      'F490627BACE2D0AA744514A640B4999D50E495DD1677550D8B10E2D20FBB15C3',
    )
    expect(ammIdOf(nex, xrp)).toBe(ammIdOf(xrp, nex))
  })
})
