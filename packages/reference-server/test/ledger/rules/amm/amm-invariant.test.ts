import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testKey } from '../../test-keys'
import { type AmmFixture, ammFixture } from './amm-fixture'

// rippled's ValidAMM invariant (src/xrpld/app/tx/detail/InvariantCheck.cpp, enforced with
// fixAMMv1_3), as the transactor checks it after every applied transaction.

const alice = testKey(81)
const bob = testKey(82)
const carol = testKey(83)
const gateway = testKey(84)

let f: AmmFixture
let USD: { currency: string; issuer: string }
let EUR: { currency: string; issuer: string }
beforeEach(() => {
  f = ammFixture([alice, bob, carol, gateway])
  USD = { currency: 'USD', issuer: gateway.address }
  EUR = { currency: 'EUR', issuer: gateway.address }
  expect(f.create(alice, f.usd('1000'), f.eur('1000'), 500).engine_result).toBe('tesSUCCESS')
})
afterEach(() => f.dispose())

const lp = (value: string) => f.lpToken(USD, EUR, value)
const submit = (key: typeof bob, type: string, fields: Record<string, unknown> = {}) =>
  f.submit(key, { TransactionType: type, Asset: USD, Asset2: EUR, ...fields })

// The pool's LP token balance written over in a restored ledger: more LP tokens than √(A·B).
function inflateLPTokens(value: string) {
  const state = f.ledger.saveState()
  const index = f.amm(USD, EUR)?.index
  const entry = state.TESTNET?.objects.find((o) => o.index === index)
  if (!entry) throw new Error('no AMM entry')
  ;(entry.LPTokenBalance as { value: string }).value = value
  f.ledger.loadState(state)
}

const pool = () => {
  const account = f.amm(USD, EUR)?.Account as string
  return [f.holds(account, gateway.address, 'USD'), f.holds(account, gateway.address, 'EUR')]
}

describe('ValidAMM (rippled InvariantCheck.cpp)', () => {
  it('[rippled InvariantCheck.cpp ValidAMM] deposits, swaps through the pool, a vote, a bid and withdrawals down to deleting the pool all pass', () => {
    const results = [
      submit(bob, 'AMMDeposit', { Flags: 0x00010000, LPTokenOut: lp('500') }),
      f.submit(carol, {
        TransactionType: 'Payment',
        Destination: carol.address,
        Amount: f.eur('10'),
        SendMax: f.usd('20'),
      }),
      f.submit(carol, {
        TransactionType: 'OfferCreate',
        TakerGets: f.eur('5'),
        TakerPays: f.usd('4'),
      }),
      submit(bob, 'AMMVote', { TradingFee: 900 }),
      submit(bob, 'AMMBid', { BidMin: lp('1') }),
      submit(bob, 'AMMWithdraw', { Flags: 0x00020000 }),
      submit(alice, 'AMMWithdraw', { Flags: 0x00020000 }),
    ].map((r) => r.engine_result)
    expect(results).toEqual(Array(results.length).fill('tesSUCCESS'))
    // The last withdrawal deleted the pool.
    expect(f.amm(USD, EUR)).toBeNull()
  })

  it('[rippled InvariantCheck.cpp ValidAMM generalInvariant] a withdrawal or deposit that leaves more LP tokens than √(A·B) is tecINVARIANT_FAILED and moves nothing', () => {
    expect(
      submit(bob, 'AMMDeposit', { Flags: 0x00010000, LPTokenOut: lp('500') }).engine_result,
    ).toBe('tesSUCCESS')
    // 1500 of each asset back 1600 LP tokens: any proportional share leaves √(A·B) < T.
    inflateLPTokens('1600')
    const before = pool()
    const held = f.holds(bob.address, lp('0').issuer, lp('0').currency)
    const withdrawal = submit(bob, 'AMMWithdraw', { Flags: 0x00010000, LPTokenIn: lp('100') })
    expect(withdrawal.engine_result).toBe('tecINVARIANT_FAILED')
    const verdict = f.ledger.explain('TESTNET', withdrawal.txid)?.verdict
    expect(verdict).toMatchObject({ rule: 'invariant', source: 'InvariantCheck.cpp' })
    expect(JSON.stringify(verdict)).toContain('AMM AMMWithdraw invariant failed')
    const deposit = submit(carol, 'AMMDeposit', { Flags: 0x00010000, LPTokenOut: lp('100') })
    expect(deposit.engine_result).toBe('tecINVARIANT_FAILED')
    expect(pool()).toEqual(before)
    expect(f.holds(bob.address, lp('0').issuer, lp('0').currency)).toBe(held)
    expect(f.amm(USD, EUR)?.LPTokenBalance.value).toBe('1600')
  })

  it('[rippled InvariantCheck.cpp ValidAMM] unenforced without fixAMMv1_3: the same withdrawal succeeds', () => {
    expect(
      submit(bob, 'AMMDeposit', { Flags: 0x00010000, LPTokenOut: lp('500') }).engine_result,
    ).toBe('tesSUCCESS')
    inflateLPTokens('1600')
    f.ledger.setAmendments('TESTNET', { disable: ['fixAMMv1_3'] })
    expect(
      submit(bob, 'AMMWithdraw', { Flags: 0x00010000, LPTokenIn: lp('100') }).engine_result,
    ).toBe('tesSUCCESS')
    expect(f.amm(USD, EUR)?.LPTokenBalance.value).toBe('1500')
  })
})
