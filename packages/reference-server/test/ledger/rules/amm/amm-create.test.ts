import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ammLPTCurrency } from '../../../../src/ledger/amm/amm-identifiers'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

const alice = testKey(51)
const bob = testKey(52)
const gateway = testKey(53)
const XRP = { currency: 'XRP' }

let f: AmmFixture
beforeEach(() => {
  f = ammFixture([alice, bob, gateway])
})
afterEach(() => f.dispose())

describe('AMMCreate (rippled AMMCreate.cpp)', () => {
  it('[rippled AMMCreate.cpp] makes the pool, its pseudo-account and √(A·B) LP tokens for the creator', () => {
    const before = f.balance(alice.address)
    const { engine_result, txid } = f.create(alice, '10000000000', f.usd('10000'))
    expect(engine_result).toBe('tesSUCCESS')
    const amm = f.amm(XRP, { currency: 'USD', issuer: gateway.address })
    expect(amm).toMatchObject({
      Asset: { currency: 'XRP' },
      Asset2: { currency: 'USD', issuer: gateway.address },
      LPTokenBalance: { value: '10000000' },
      TradingFee: 1000,
      AuctionSlot: { Account: alice.address, DiscountedFee: 100, Price: { value: '0' } },
      VoteSlots: [{ VoteEntry: { Account: alice.address, TradingFee: 1000, VoteWeight: 100000 } }],
    })
    const account = f.ledger.account('TESTNET', amm?.Account as string)
    expect(account?.balance).toBe('10000000000')
    expect(
      f.holds(alice.address, amm?.Account as string, amm?.LPTokenBalance.currency as string),
    ).toBe('10000000')
    expect(f.balance(alice.address)).toBe(before - 10_000_000_000n - 200_000n)
    expect(f.meta(txid).TransactionResult).toBe('tesSUCCESS')
    expect(amm?.LPTokenBalance.currency).toBe(
      ammLPTCurrency(
        { currency: 'XRP', issuer: null },
        { currency: 'USD', issuer: gateway.address },
      ),
    )
  })
})
