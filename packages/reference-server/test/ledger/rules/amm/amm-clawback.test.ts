import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountRootIndex, rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { type TestKey, testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

// AMMClawback (rippled src/xrpld/app/tx/detail/AMMClawback.cpp, without fixAMMClawbackRounding):
// an issuer with asfAllowTrustLineClawback withdraws a holder's share of a pool and claws back
// its own asset (and the paired one with tfClawTwoAssets when it issues both).

const alice = testKey(101)
const bob = testKey(102)
const carol = testKey(103)
const gateway = testKey(104)
// An issuer that allowed clawback before anyone trusted it (SetAccount.cpp: only while it owns
// nothing), issuing USD and EUR.
const issuer = testKey(105)
const XRP = { currency: 'XRP' }
const USD = { currency: 'USD', issuer: issuer.address }
const EUR = { currency: 'EUR', issuer: issuer.address }
const usd = (value: string) => ({ ...USD, value })
const eur = (value: string) => ({ ...EUR, value })

let f: AmmFixture
const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
beforeEach(() => {
  f = ammFixture([alice, bob, carol, gateway])
  f.ledger.fund(issuer.address, 100_000_000_000n, ['TESTNET'])
  expect(run(issuer, { TransactionType: 'AccountSet', SetFlag: 16 })).toBe('tesSUCCESS')
  expect(run(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })).toBe('tesSUCCESS')
  for (const key of [alice, bob]) {
    for (const amount of [usd('10000'), eur('10000')]) {
      expect(run(key, { TransactionType: 'TrustSet', LimitAmount: amount })).toBe('tesSUCCESS')
      expect(
        run(issuer, { TransactionType: 'Payment', Destination: key.address, Amount: amount }),
      ).toBe('tesSUCCESS')
    }
  }
})
afterEach(() => {
  expect(f.invariantHolds(USD, EUR)).toBe(true)
  expect(f.invariantHolds(USD, XRP)).toBe(true)
  f.dispose()
})

const holds = (key: TestKey, asset: { currency: string; issuer: string }) =>
  f.holds(key.address, asset.issuer, asset.currency)
const lpHeld = (key: TestKey, a: unknown, b: unknown) => {
  const amm = f.amm(a, b)
  return f.holds(key.address, amm?.Account as string, amm?.LPTokenBalance.currency as string)
}
const pool = (
  a: { currency: string; issuer?: string },
  b: { currency: string; issuer?: string },
) => {
  const account = f.amm(a, b)?.Account as string
  const side = ({ currency, issuer: by }: { currency: string; issuer?: string }) =>
    by ? f.holds(account, by, currency) : String(f.balance(account))
  return [side(a), side(b), f.amm(a, b)?.LPTokenBalance.value]
}

// Alice makes the pool; bob deposits a third of it (LP tokens of half the first supply).
function twoAssetPool() {
  expect(f.create(alice, usd('1000'), eur('1000'), 0).engine_result).toBe('tesSUCCESS')
  const out = f.lpToken(USD, EUR, '500')
  expect(
    run(bob, {
      TransactionType: 'AMMDeposit',
      Asset: USD,
      Asset2: EUR,
      Flags: 0x00010000,
      LPTokenOut: out,
    }),
  ).toBe('tesSUCCESS')
}
function xrpPool() {
  expect(f.create(alice, usd('1000'), '1000000000', 0).engine_result).toBe('tesSUCCESS')
  const out = f.lpToken(USD, XRP, '500000')
  expect(
    run(bob, {
      TransactionType: 'AMMDeposit',
      Asset: USD,
      Asset2: XRP,
      Flags: 0x00010000,
      LPTokenOut: out,
    }),
  ).toBe('tesSUCCESS')
}
const claw = (fields: Record<string, unknown>) =>
  f.submit(issuer, { TransactionType: 'AMMClawback', Holder: bob.address, ...fields })

describe('AMMClawback succeeding (rippled AMMClawback.cpp)', () => {
  it("[rippled AMMClawback.cpp] tfClawTwoAssets: the issuer of both assets claws back all of a holder's share of both", () => {
    twoAssetPool()
    expect(pool(USD, EUR)).toEqual(['1500', '1500', '1500'])
    expect(lpHeld(bob, USD, EUR)).toBe('500')
    const amm = f.amm(USD, EUR)
    const { txid, engine_result } = claw({ Asset: USD, Asset2: EUR, Flags: 1 })
    expect(engine_result).toBe('tesSUCCESS')
    // equalWithdrawTokens of all 500 LP tokens: 500 of each asset out of the pool, both clawed.
    expect(pool(USD, EUR)).toEqual(['1000', '1000', '1000'])
    expect([holds(bob, USD), holds(bob, EUR)]).toEqual(['9500', '9500'])
    expect(lpHeld(bob, USD, EUR)).toBe('0')
    // The metadata: the AMM's LPTokenBalance falls, the pool's lines give 500 each, and bob's
    // LP-token line, emptied, is deleted.
    const entry = f.node(txid, amm?.index as string)?.ModifiedNode
    expect(entry?.PreviousFields).toMatchObject({ LPTokenBalance: { value: '1500' } })
    expect(entry?.FinalFields).toMatchObject({ LPTokenBalance: { value: '1000' } })
    const account = amm?.Account as string
    for (const currency of ['USD', 'EUR']) {
      const line = f.node(txid, rippleStateIndex(account, issuer.address, currency))?.ModifiedNode
      expect(line?.PreviousFields).toHaveProperty('Balance')
    }
    const lpLine = rippleStateIndex(bob.address, account, amm?.LPTokenBalance.currency as string)
    expect(f.node(txid, lpLine)?.DeletedNode).toBeDefined()
    expect(f.meta(txid).TransactionResult).toBe('tesSUCCESS')
  })

  it('[rippled AMMClawback.cpp] without tfClawTwoAssets the paired asset goes to the holder', () => {
    twoAssetPool()
    expect(claw({ Asset: EUR, Asset2: USD }).engine_result).toBe('tesSUCCESS')
    expect(pool(USD, EUR)).toEqual(['1000', '1000', '1000'])
    // Bob keeps the 500 USD the withdrawal gave him; the 500 EUR are clawed back.
    expect([holds(bob, USD), holds(bob, EUR)]).toEqual(['10000', '9500'])
  })

  it("[rippled AMMClawback.cpp equalWithdrawMatchingOneAmount] one issuer's asset beside XRP: Amount claws that much, the holder gets the matching XRP", () => {
    xrpPool()
    expect(pool(USD, XRP)).toEqual(['1500', '1500000000', '1500000'])
    const before = f.balance(bob.address)
    // 150 USD of 1500: a tenth of the pool, 150 XRP and 150000 LP tokens.
    expect(claw({ Asset: USD, Asset2: XRP, Amount: usd('150') }).engine_result).toBe('tesSUCCESS')
    expect(pool(USD, XRP)).toEqual(['1350', '1350000000', '1350000'])
    expect(f.balance(bob.address) - before).toBe(150_000_000n)
    expect(holds(bob, USD)).toBe('9500')
    expect(lpHeld(bob, USD, XRP)).toBe('350000')
    // More than the holder's share: all of it (equalWithdrawTokens of what it holds).
    expect(claw({ Asset: USD, Asset2: XRP, Amount: usd('5000') }).engine_result).toBe('tesSUCCESS')
    expect(pool(USD, XRP)).toEqual(['1000', '1000000000', '1000000'])
    expect(lpHeld(bob, USD, XRP)).toBe('0')
  })

  it('[rippled AMMClawback.cpp] clawing back the last LP tokens deletes the pool', () => {
    xrpPool()
    expect(
      f.submit(alice, {
        TransactionType: 'AMMWithdraw',
        Asset: USD,
        Asset2: XRP,
        Flags: 0x00020000,
      }).engine_result,
    ).toBe('tesSUCCESS')
    expect(claw({ Asset: USD, Asset2: XRP }).engine_result).toBe('tesSUCCESS')
    expect(f.amm(USD, XRP)).toBeNull()
  })
})

describe('AMMClawback refusals (rippled AMMClawback.cpp)', () => {
  it('[rippled AMMClawback.cpp preflight] temINVALID_FLAG, temMALFORMED and temBAD_AMOUNT', () => {
    xrpPool()
    const other = { currency: 'USD', issuer: gateway.address }
    // tfClawTwoAssets on a pool whose assets are not both the issuer's; an unknown flag.
    expect(claw({ Asset: USD, Asset2: XRP, Flags: 1 }).engine_result).toBe('temINVALID_FLAG')
    expect(claw({ Asset: USD, Asset2: XRP, Flags: 2 }).engine_result).toBe('temINVALID_FLAG')
    // An Asset the Account does not issue.
    expect(claw({ Asset: other, Asset2: XRP }).engine_result).toBe('temMALFORMED')
    // An Amount of another asset, zero or negative.
    expect(claw({ Asset: USD, Asset2: XRP, Amount: eur('1') }).engine_result).toBe('temBAD_AMOUNT')
    expect(claw({ Asset: USD, Asset2: XRP, Amount: usd('0') }).engine_result).toBe('temBAD_AMOUNT')
    expect(claw({ Asset: USD, Asset2: XRP, Amount: usd('-1') }).engine_result).toBe('temBAD_AMOUNT')
    expect(lpHeld(bob, USD, XRP)).toBe('500000')
  })

  it('[rippled AMMClawback.cpp preclaim, applyGuts] terNO_ACCOUNT, terNO_AMM, tecAMM_BALANCE, tecNO_PERMISSION with NoFreeze, temDISABLED', () => {
    xrpPool()
    // A holder that does not exist.
    expect(
      f.submit(issuer, {
        TransactionType: 'AMMClawback',
        Holder: testKey(109).address,
        Asset: USD,
        Asset2: XRP,
      }).engine_result,
    ).toBe('terNO_ACCOUNT')
    // No pool of these two assets.
    expect(claw({ Asset: USD, Asset2: EUR }).engine_result).toBe('terNO_AMM')
    // A holder without LP tokens of the pool.
    const { txid, engine_result } = f.submit(issuer, {
      TransactionType: 'AMMClawback',
      Holder: carol.address,
      Asset: USD,
      Asset2: XRP,
    })
    expect(engine_result).toBe('tecAMM_BALANCE')
    expect(f.ledger.explain('TESTNET', txid)?.verdict).toMatchObject({ source: 'AMMClawback.cpp' })
    // An issuer with NoFreeze as well (SetAccount.cpp lets no transaction set both: a restored
    // ledger does) may not claw back.
    const state = f.ledger.saveState()
    const root = state.TESTNET?.objects.find((o) => o.index === accountRootIndex(issuer.address))
    if (!root) throw new Error('no issuer root')
    root.Flags = ((root.Flags as number) | 0x00200000) >>> 0
    f.ledger.loadState(state)
    expect(claw({ Asset: USD, Asset2: XRP }).engine_result).toBe('tecNO_PERMISSION')
    f.ledger.setAmendments('TESTNET', { disable: ['AMMClawback'] })
    expect(claw({ Asset: USD, Asset2: XRP }).engine_result).toBe('temDISABLED')
    expect(pool(USD, XRP)).toEqual(['1500', '1500000000', '1500000'])
  })
})
