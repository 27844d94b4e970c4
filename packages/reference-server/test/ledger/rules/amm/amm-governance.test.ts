import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

const alice = testKey(71)
const bob = testKey(72)
const carol = testKey(73)
const gateway = testKey(74)

let f: AmmFixture
let USD: { currency: string; issuer: string }
let EUR: { currency: string; issuer: string }
let lp: (value: string) => { currency: string; issuer: string; value: string }
beforeEach(() => {
  f = ammFixture([alice, bob, carol, gateway])
  USD = { currency: 'USD', issuer: gateway.address }
  EUR = { currency: 'EUR', issuer: gateway.address }
  expect(f.create(alice, f.usd('1000'), f.eur('1000'), 600).engine_result).toBe('tesSUCCESS')
  const amm = f.amm(USD, EUR)
  lp = (value) => ({
    currency: amm?.LPTokenBalance.currency as string,
    issuer: amm?.Account as string,
    value,
  })
  // bob holds a third of the pool's LP tokens after this: 500 of 1500.
  f.submit(bob, {
    TransactionType: 'AMMDeposit',
    Asset: USD,
    Asset2: EUR,
    Flags: 0x00010000,
    LPTokenOut: lp('500'),
  })
})
afterEach(() => {
  expect(f.invariantHolds(USD, EUR)).toBe(true)
  f.dispose()
})

const submit = (key: typeof bob, type: string, fields: Record<string, unknown> = {}) =>
  f.submit(key, { TransactionType: type, Asset: USD, Asset2: EUR, ...fields }).engine_result

describe('AMMVote (rippled AMMVote.cpp)', () => {
  it('[rippled AMMVote.cpp] the fee becomes the LP-weighted mean of the votes; weights in 1/100,000 of the supply', () => {
    expect(submit(bob, 'AMMVote', { TradingFee: 900 })).toBe('tesSUCCESS')
    const amm = f.amm(USD, EUR)
    // (600·1000 + 900·500) / 1500 = 700.
    expect(amm?.TradingFee).toBe(700)
    expect(amm?.AuctionSlot?.DiscountedFee).toBe(70)
    expect(amm?.VoteSlots).toEqual([
      { VoteEntry: { Account: alice.address, TradingFee: 600, VoteWeight: 66667 } },
      { VoteEntry: { Account: bob.address, TradingFee: 900, VoteWeight: 33333 } },
    ])
  })

  it('[rippled AMMVote.cpp] refusals: temBAD_FEE above 1000, tecAMM_INVALID_TOKENS for a non-LP, terNO_AMM', () => {
    expect(submit(bob, 'AMMVote', { TradingFee: 1001 })).toBe('temBAD_FEE')
    expect(submit(carol, 'AMMVote', { TradingFee: 10 })).toBe('tecAMM_INVALID_TOKENS')
    expect(
      f.submit(bob, {
        TransactionType: 'AMMVote',
        Asset: { currency: 'XRP' },
        Asset2: USD,
        TradingFee: 1,
      }).engine_result,
    ).toBe('terNO_AMM')
  })
})

describe('AMMBid (rippled AMMBid.cpp)', () => {
  it('[rippled AMMBid.cpp] a bid on a running slot pays 1.05 × its price plus the minimum, refunds the holder and burns the rest', () => {
    // The creator's free slot: the first interval, price 0. Bob pays the minimum, fee/25 of the supply.
    expect(
      submit(bob, 'AMMBid', { AuthAccounts: [{ AuthAccount: { Account: carol.address } }] }),
    ).toBe('tesSUCCESS')
    let amm = f.amm(USD, EUR)
    // 1500 × 0.006 / 25 = 0.36 LP tokens, burnt.
    expect(amm?.AuctionSlot).toMatchObject({
      Account: bob.address,
      Price: { value: '0.36' },
      DiscountedFee: 60,
      AuthAccounts: [{ AuthAccount: { Account: carol.address } }],
    })
    expect(amm?.LPTokenBalance.value).toBe('1499.64')
    // Carol (authorized by the slot) trades at the discounted fee; alice outbids bob in the first
    // interval: 1.05 × 0.36 + 0.35993... and bob gets back 95 % of 0.36.
    const before = f.holds(
      bob.address,
      amm?.Account as string,
      amm?.LPTokenBalance.currency as string,
    )
    expect(submit(alice, 'AMMBid', {})).toBe('tesSUCCESS')
    amm = f.amm(USD, EUR)
    const after = f.holds(
      bob.address,
      amm?.Account as string,
      amm?.LPTokenBalance.currency as string,
    )
    expect(Number(after) - Number(before)).toBeCloseTo(0.342, 9)
    expect(Number(amm?.AuctionSlot?.Price?.value)).toBeCloseTo(0.378 + (1499.64 * 0.006) / 25, 9)
    expect(amm?.AuctionSlot?.Account).toBe(alice.address)
    expect(amm?.AuctionSlot?.AuthAccounts).toBeUndefined()
  })

  it('[rippled AMMBid.cpp] refusals: BidMax below the price, a bid above the LP tokens held, unknown or too many AuthAccounts, the bidder among them', () => {
    expect(submit(bob, 'AMMBid', { BidMax: lp('0.1') })).toBe('tecAMM_FAILED')
    expect(submit(bob, 'AMMBid', { BidMin: lp('600') })).toBe('tecAMM_INVALID_TOKENS')
    expect(submit(bob, 'AMMBid', { BidMin: lp('2'), BidMax: lp('1') })).toBe(
      'tecAMM_INVALID_TOKENS',
    )
    expect(submit(bob, 'AMMBid', { BidMin: f.usd('1') })).toBe('temBAD_AMM_TOKENS')
    expect(submit(carol, 'AMMBid', {})).toBe('tecAMM_INVALID_TOKENS')
    expect(
      submit(bob, 'AMMBid', { AuthAccounts: [{ AuthAccount: { Account: testKey(79).address } }] }),
    ).toBe('terNO_ACCOUNT')
    const five = [alice, carol, gateway, testKey(79), testKey(78)].map((k) => ({
      AuthAccount: { Account: k.address },
    }))
    expect(submit(bob, 'AMMBid', { AuthAccounts: five })).toBe('temMALFORMED')
    expect(
      submit(bob, 'AMMBid', { AuthAccounts: [{ AuthAccount: { Account: bob.address } }] }),
    ).toBe('temMALFORMED')
    // BidMin above the price: the bidder pays BidMin.
    expect(submit(bob, 'AMMBid', { BidMin: lp('5') })).toBe('tesSUCCESS')
    expect(f.amm(USD, EUR)?.AuctionSlot?.Price?.value).toBe('5')
  })
})

describe('AMMDelete and AMMClawback (rippled AMMDelete.cpp, AMMClawback.cpp)', () => {
  it('[rippled AMMDelete.cpp] an AMM with LP tokens outstanding is tecAMM_NOT_EMPTY; none is terNO_AMM', () => {
    expect(submit(bob, 'AMMDelete')).toBe('tecAMM_NOT_EMPTY')
    expect(
      f.submit(bob, { TransactionType: 'AMMDelete', Asset: { currency: 'XRP' }, Asset2: USD })
        .engine_result,
    ).toBe('terNO_AMM')
  })

  it("[rippled AMMClawback.cpp] the issuer claws back its asset from a holder's share; the paired asset goes to the holder", () => {
    // Without AllowTrustLineClawback: tecNO_PERMISSION.
    expect(submit(gateway, 'AMMClawback', { Holder: bob.address })).toBe('tecNO_PERMISSION')
    expect(submit(gateway, 'AMMClawback', { Holder: gateway.address })).toBe('temMALFORMED')
    expect(
      f.submit(gateway, {
        TransactionType: 'AMMClawback',
        Asset: { currency: 'XRP' },
        Asset2: USD,
        Holder: bob.address,
      }).engine_result,
    ).toBe('temMALFORMED')
  })
})
