import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AMMDepositFlags, AMMWithdrawFlags } from 'xrpl'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

const alice = testKey(61)
const bob = testKey(62)
const gateway = testKey(63)

// The mode flags as xrpl.js's models name them (TxFlags.h): the oracle, not the node's own table.
const F = {
  LPToken: AMMDepositFlags.tfLPToken,
  WithdrawAll: AMMWithdrawFlags.tfWithdrawAll,
  OneAssetWithdrawAll: AMMWithdrawFlags.tfOneAssetWithdrawAll,
  SingleAsset: AMMDepositFlags.tfSingleAsset,
  TwoAsset: AMMDepositFlags.tfTwoAsset,
  OneAssetLPToken: AMMDepositFlags.tfOneAssetLPToken,
  LimitLPToken: AMMDepositFlags.tfLimitLPToken,
  TwoAssetIfEmpty: AMMDepositFlags.tfTwoAssetIfEmpty,
}

let f: AmmFixture
let USD: { currency: string; issuer: string }
let EUR: { currency: string; issuer: string }
let lp: (value: string) => { currency: string; issuer: string; value: string }
beforeEach(() => {
  f = ammFixture([alice, bob, gateway])
  USD = { currency: 'USD', issuer: gateway.address }
  EUR = { currency: 'EUR', issuer: gateway.address }
  // T = A = B = 1000 at a 1 % fee: the research vectors' pool.
  expect(f.create(alice, f.usd('1000'), f.eur('1000'), 1000).engine_result).toBe('tesSUCCESS')
  const amm = f.amm(USD, EUR)
  lp = (value) => ({
    currency: amm?.LPTokenBalance.currency as string,
    issuer: amm?.Account as string,
    value,
  })
})
afterEach(() => {
  expect(f.invariantHolds(USD, EUR)).toBe(true)
  f.dispose()
})

const deposit = (key = bob, fields: Record<string, unknown> = {}) =>
  f.submit(key, { TransactionType: 'AMMDeposit', Asset: USD, Asset2: EUR, ...fields }).engine_result
const withdraw = (key = bob, fields: Record<string, unknown> = {}) =>
  f.submit(key, { TransactionType: 'AMMWithdraw', Asset: USD, Asset2: EUR, ...fields })
    .engine_result
const lpOf = (key: typeof bob) => {
  const amm = f.amm(USD, EUR)
  return f.holds(key.address, amm?.Account as string, amm?.LPTokenBalance.currency as string)
}
const pool = () => {
  const amm = f.amm(USD, EUR)
  const account = amm?.Account as string
  return [
    f.holds(account, gateway.address, 'USD'),
    f.holds(account, gateway.address, 'EUR'),
    amm?.LPTokenBalance.value,
  ]
}

describe('AMMDeposit: six modes (rippled AMMDeposit.cpp)', () => {
  it('[rippled AMMDeposit.cpp] tfSingleAsset: 100 USD into T = B = 1000 at 1 % mints 48.563606111 LP tokens', () => {
    expect(deposit(bob, { Flags: F.SingleAsset, Amount: f.usd('100') })).toBe('tesSUCCESS')
    expect(lpOf(bob)).toMatch(/^48\.563606111/)
    const [usd, eur, supply] = pool()
    expect(eur).toBe('1000')
    expect(Number(usd)).toBeCloseTo(1100, 8)
    expect(supply).toBe(`${Number(lpOf(bob)) + 1000}`.slice(0, (supply as string).length))
    expect(f.holds(bob.address, gateway.address, 'USD')).toBe(`${10000 - Number(usd) + 1000}`)
  })

  it('[rippled AMMDeposit.cpp] tfLPToken: exactly LPTokenOut for both assets in proportion, rounded up', () => {
    expect(deposit(bob, { Flags: F.LPToken, LPTokenOut: lp('100') })).toBe('tesSUCCESS')
    expect(lpOf(bob)).toBe('100')
    expect(pool()).toEqual(['1100', '1100', '1100'])
    expect(f.holds(bob.address, gateway.address, 'EUR')).toBe('9900')
  })

  it('[rippled AMMDeposit.cpp] tfTwoAsset: proportional up to both amounts, the smaller share wins', () => {
    expect(deposit(bob, { Flags: F.TwoAsset, Amount: f.usd('100'), Amount2: f.eur('50') })).toBe(
      'tesSUCCESS',
    )
    expect(pool()).toEqual(['1050', '1050', '1050'])
    expect(lpOf(bob)).toBe('50')
  })

  it('[rippled AMMDeposit.cpp] tfOneAssetLPToken: one asset for exactly LPTokenOut, refused above Amount', () => {
    expect(
      deposit(bob, { Flags: F.OneAssetLPToken, Amount: f.usd('50'), LPTokenOut: lp('48') }),
    ).toBe('tecAMM_FAILED')
    expect(
      deposit(bob, { Flags: F.OneAssetLPToken, Amount: f.usd('200'), LPTokenOut: lp('48') }),
    ).toBe('tesSUCCESS')
    expect(lpOf(bob)).toBe('48')
    expect(Number(pool()[0])).toBeGreaterThan(1098)
  })

  it('[rippled AMMDeposit.cpp] tfLimitLPToken: at most EPrice of the asset per LP token', () => {
    expect(deposit(bob, { Flags: F.LimitLPToken, Amount: f.usd('100'), EPrice: f.usd('3') })).toBe(
      'tesSUCCESS',
    )
    expect(lpOf(bob)).toMatch(/^48\.563606111/)
    const before = pool()
    expect(
      deposit(alice, { Flags: F.LimitLPToken, Amount: f.usd('100'), EPrice: f.usd('2.1') }),
    ).toBe('tesSUCCESS')
    const after = pool()
    // Paid per token no more than 2.1.
    const paid = Number(after[0]) - Number(before[0])
    const minted = Number(after[2]) - Number(before[2])
    expect(paid / minted).toBeLessThanOrEqual(2.1 + 1e-9)
    expect(paid).toBeLessThan(100)
  })

  it.each([
    ['two mode flags', 'temMALFORMED', { Flags: F.SingleAsset | F.TwoAsset, Amount: '1' }],
    ['no mode flag', 'temMALFORMED', { Amount: '1' }],
    [
      'tfSingleAsset with Amount2',
      'temMALFORMED',
      { Flags: F.SingleAsset, Amount: {}, Amount2: '1' },
    ],
    ['an unknown flag', 'temINVALID_FLAG', { Flags: 0x00000001 | F.SingleAsset }],
    [
      'tfTwoAssetIfEmpty with LPTokenOut',
      'temMALFORMED',
      { Flags: F.TwoAssetIfEmpty, Amount: '1', Amount2: '1', LPTokenOut: {} },
    ],
  ])('[rippled AMMDeposit.cpp] preflight: %s → %s', (_name, result, fields) => {
    const patched = { ...fields } as Record<string, unknown>
    if (typeof patched.Amount === 'object') patched.Amount = f.usd('1')
    if (typeof patched.LPTokenOut === 'object') patched.LPTokenOut = lp('1')
    expect(deposit(bob, patched)).toBe(result)
  })

  it('[rippled AMMDeposit.cpp] preclaim: terNO_AMM, tecAMM_NOT_EMPTY, tecUNFUNDED_AMM, temBAD_AMM_TOKENS, an asset outside the pair', () => {
    expect(
      f.submit(bob, {
        TransactionType: 'AMMDeposit',
        Asset: { currency: 'XRP' },
        Asset2: USD,
        Flags: F.SingleAsset,
        Amount: '1000',
      }).engine_result,
    ).toBe('terNO_AMM')
    expect(
      deposit(bob, { Flags: F.TwoAssetIfEmpty, Amount: f.usd('1'), Amount2: f.eur('1') }),
    ).toBe('tecAMM_NOT_EMPTY')
    expect(deposit(bob, { Flags: F.SingleAsset, Amount: f.usd('20000') })).toBe('tecUNFUNDED_AMM')
    expect(deposit(bob, { Flags: F.LPToken, LPTokenOut: f.usd('1') })).toBe('temBAD_AMM_TOKENS')
    expect(deposit(bob, { Flags: F.SingleAsset, Amount: '1000' })).toBe('temBAD_AMM_TOKENS')
    expect(deposit(bob, { Flags: F.SingleAsset, Amount: f.usd('-1') })).toBe('temBAD_AMOUNT')
  })
})

describe('AMMWithdraw: seven modes (rippled AMMWithdraw.cpp)', () => {
  it('[rippled AMMWithdraw.cpp, AMMDeposit.cpp] preflight: LP tokens not above zero, or two amounts of one asset, are temBAD_AMM_TOKENS', () => {
    expect(withdraw(alice, { Flags: F.LPToken, LPTokenIn: lp('0') })).toBe('temBAD_AMM_TOKENS')
    expect(withdraw(alice, { Flags: F.TwoAsset, Amount: f.usd('1'), Amount2: f.usd('2') })).toBe(
      'temBAD_AMM_TOKENS',
    )
    expect(deposit(alice, { Flags: F.LPToken, LPTokenOut: lp('-1') })).toBe('temBAD_AMM_TOKENS')
    expect(pool()).toEqual(['1000', '1000', '1000'])
  })

  it('[rippled AMMWithdraw.cpp] tfSingleAsset: 50 USD out of T = B = 1000 at 1 % burns 25.444574928 LP tokens', () => {
    // A day on, the creator's free auction slot (and its discounted fee) has expired.
    f.pass(86_400 + 10)
    expect(withdraw(alice, { Flags: F.SingleAsset, Amount: f.usd('50') })).toBe('tesSUCCESS')
    expect(pool()[0]).toBe('950')
    expect(Number(pool()[2])).toBeCloseTo(1000 - 25.444574928, 8)
    expect(f.holds(alice.address, gateway.address, 'USD')).toBe('9050')
  })

  it('[rippled AMMWithdraw.cpp] tfLPToken: both assets in proportion to LPTokenIn', () => {
    expect(withdraw(alice, { Flags: F.LPToken, LPTokenIn: lp('100') })).toBe('tesSUCCESS')
    expect(pool()).toEqual(['900', '900', '900'])
  })

  it('[rippled AMMWithdraw.cpp] tfTwoAsset: proportional up to both amounts', () => {
    expect(withdraw(alice, { Flags: F.TwoAsset, Amount: f.usd('100'), Amount2: f.eur('10') })).toBe(
      'tesSUCCESS',
    )
    expect(pool()).toEqual(['990', '990', '990'])
  })

  it('[rippled AMMWithdraw.cpp] tfOneAssetLPToken and tfLimitLPToken take one asset for LP tokens', () => {
    expect(
      withdraw(alice, { Flags: F.OneAssetLPToken, Amount: f.usd('1'), LPTokenIn: lp('10') }),
    ).toBe('tesSUCCESS')
    expect(Number(pool()[2])).toBe(990)
    expect(Number(pool()[0])).toBeLessThan(1000 - 19.7)
    expect(
      withdraw(alice, { Flags: F.OneAssetLPToken, Amount: f.usd('100'), LPTokenIn: lp('10') }),
    ).toBe('tecAMM_FAILED')
    expect(withdraw(alice, { Flags: F.LimitLPToken, Amount: f.usd('5'), EPrice: lp('0.6') })).toBe(
      'tesSUCCESS',
    )
  })

  it('[rippled AMMWithdraw.cpp, AMMUtils.cpp] tfWithdrawAll by the last LP deletes the AMM, its pseudo-account and lines', () => {
    const account = f.amm(USD, EUR)?.Account as string
    const { txid, engine_result } = f.submit(alice, {
      TransactionType: 'AMMWithdraw',
      Asset: USD,
      Asset2: EUR,
      Flags: F.WithdrawAll,
    })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.amm(USD, EUR)).toBeNull()
    expect(f.ledger.account('TESTNET', account)).toBeNull()
    expect(f.holds(alice.address, gateway.address, 'USD')).toBe('10000')
    const deleted = f.meta(txid).AffectedNodes.filter((node) => 'DeletedNode' in node)
    expect(deleted.map((node) => node.DeletedNode?.LedgerEntryType).sort()).toEqual(
      ['AMM', 'AccountRoot', 'DirectoryNode', 'RippleState', 'RippleState', 'RippleState'].sort(),
    )
  })

  it('[rippled AMMWithdraw.cpp] tfOneAssetWithdrawAll by one of two LPs leaves the pool to the other', () => {
    expect(deposit(bob, { Flags: F.LPToken, LPTokenOut: lp('100') })).toBe('tesSUCCESS')
    expect(withdraw(bob, { Flags: F.OneAssetWithdrawAll, Amount: f.usd('0') })).toBe('tesSUCCESS')
    expect(lpOf(bob)).toBe('0')
    expect(pool()[2]).toBe('1000')
    expect(Number(pool()[0])).toBeLessThan(1100)
  })

  it('[rippled AMMWithdraw.cpp] refusals: tecAMM_BALANCE, tecAMM_INVALID_TOKENS, temMALFORMED, temBAD_AMM_TOKENS', () => {
    expect(withdraw(bob, { Flags: F.SingleAsset, Amount: f.usd('1') })).toBe('tecAMM_BALANCE')
    expect(withdraw(alice, { Flags: F.SingleAsset, Amount: f.usd('1000') })).toBe('tecAMM_BALANCE')
    expect(withdraw(alice, { Flags: F.SingleAsset, Amount: f.usd('2000') })).toBe('tecAMM_BALANCE')
    expect(withdraw(alice, { Flags: F.LPToken, LPTokenIn: lp('2000') })).toBe(
      'tecAMM_INVALID_TOKENS',
    )
    expect(withdraw(alice, { Flags: F.LPToken })).toBe('temMALFORMED')
    expect(withdraw(alice, { Flags: F.LPToken, LPTokenIn: f.usd('1') })).toBe('temBAD_AMM_TOKENS')
    expect(withdraw(alice, { Flags: F.WithdrawAll, Amount: f.usd('1') })).toBe('temMALFORMED')
  })
})

describe('an emptied AMM refilled (rippled AMMDeposit.cpp tfTwoAssetIfEmpty)', () => {
  it('[rippled AMMDeposit.cpp] deposits into an empty AMM are tecAMM_EMPTY except tfTwoAssetIfEmpty', () => {
    // Nothing here empties an AMM without deleting it: the last withdrawal deletes it and a new
    // AMMCreate starts afresh.
    expect(withdraw(alice, { Flags: F.WithdrawAll })).toBe('tesSUCCESS')
    expect(
      deposit(bob, { Flags: F.TwoAssetIfEmpty, Amount: f.usd('10'), Amount2: f.eur('10') }),
    ).toBe('terNO_AMM')
    expect(f.create(bob, f.usd('10'), f.eur('40'), 500).engine_result).toBe('tesSUCCESS')
    expect(pool()).toEqual(['10', '40', '20'])
  })
})
