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

  it("[rippled AMMCreate.cpp, View.cpp] the pseudo-account: DisableMaster, DefaultRipple, DepositAuth, AMMID, no key; the pool's lines carry lsfAMMNode", () => {
    const { txid } = f.create(alice, '10000000000', f.usd('10000'))
    const amm = f.amm(XRP, { currency: 'USD', issuer: gateway.address })
    const account = amm?.Account as string
    const created = f
      .meta(txid)
      .AffectedNodes.find((node) => node.CreatedNode?.LedgerEntryType === 'AccountRoot')
    expect(created?.CreatedNode?.NewFields).toMatchObject({
      Account: account,
      AMMID: amm?.index,
      Flags: 0x01900000,
      Balance: '10000000000',
    })
    const line = f
      .meta(txid)
      .AffectedNodes.find(
        (node) =>
          node.CreatedNode?.LedgerEntryType === 'RippleState' &&
          JSON.stringify(node.CreatedNode?.NewFields).includes('"USD"'),
      )
    const fields = line?.CreatedNode?.NewFields as { Flags: number }
    expect((fields.Flags & 0x01000000) !== 0).toBe(true)
    // The ledger closes with the AMM in it (its state tree hashes the entry).
    f.ledger.close('TESTNET')
    expect(f.amm(XRP, { currency: 'USD', issuer: gateway.address })).not.toBeNull()
  })

  it.each([
    ['the same asset twice', 'temBAD_AMM_TOKENS', () => [f.usd('1'), f.usd('2')]],
    ['a zero amount', 'temBAD_AMOUNT', () => ['0', f.usd('2')]],
    ['a negative amount', 'temBAD_AMOUNT', () => ['10', f.usd('-2')]],
    [
      'issued "XRP"',
      'temBAD_CURRENCY',
      () => ['10', { currency: 'XRP', issuer: gateway.address, value: '1' }],
    ],
    ['more than the sender holds', 'tecUNFUNDED_AMM', () => ['10', f.usd('20000')]],
    [
      'more drops than the sender can spend',
      'tecUNFUNDED_AMM',
      () => ['100000000000000', f.usd('1')],
    ],
  ])('[rippled AMMCreate.cpp] %s → %s', (_name, result, amounts) => {
    const [amount, amount2] = amounts()
    expect(f.create(alice, amount, amount2).engine_result).toBe(result)
  })

  it('[rippled AMMCreate.cpp] temBAD_FEE above 1 %, tecDUPLICATE for a second pool, telINSUF_FEE_P below one owner reserve', () => {
    expect(f.create(alice, '1000000', f.usd('1'), 1001).engine_result).toBe('temBAD_FEE')
    expect(f.create(alice, '1000000', f.usd('1')).engine_result).toBe('tesSUCCESS')
    expect(f.create(bob, f.usd('1'), '1000000').engine_result).toBe('tecDUPLICATE')
    const low = f.submit(bob, {
      TransactionType: 'AMMCreate',
      Amount: '1000000',
      Amount2: f.eur('1'),
      TradingFee: 0,
    })
    expect(low.engine_result).toBe('telINSUF_FEE_P')
  })

  it('[rippled AMMCreate.cpp] an issuer without DefaultRipple → terNO_RIPPLE; an LP token as an asset → tecAMM_INVALID_TOKENS', () => {
    const other = testKey(59)
    f.ledger.fund(other.address, 1_000_000_000n, ['TESTNET'])
    f.submit(bob, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'ABC', issuer: other.address, value: '100' },
    })
    f.submit(other, {
      TransactionType: 'Payment',
      Destination: bob.address,
      Amount: { currency: 'ABC', issuer: other.address, value: '10' },
    })
    expect(
      f.create(bob, '1000000', { currency: 'ABC', issuer: other.address, value: '1' })
        .engine_result,
    ).toBe('terNO_RIPPLE')
    expect(f.create(alice, '1000000', f.usd('1')).engine_result).toBe('tesSUCCESS')
    const amm = f.amm(XRP, { currency: 'USD', issuer: gateway.address })
    const lpt = {
      currency: amm?.LPTokenBalance.currency as string,
      issuer: amm?.Account as string,
      value: '1',
    }
    expect(f.create(alice, f.eur('1'), lpt).engine_result).toBe('tecAMM_INVALID_TOKENS')
  })

  it('[rippled AMMCreate.cpp] a frozen asset → tecFROZEN', () => {
    // The gateway freezes alice's USD line (TrustSet tfSetFreeze).
    f.submit(gateway, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: 'USD', issuer: alice.address, value: '0' },
      Flags: 0x00100000,
    })
    expect(f.create(alice, '1000000', f.usd('1')).engine_result).toBe('tecFROZEN')
  })
})
