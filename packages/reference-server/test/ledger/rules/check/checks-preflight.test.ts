import { describe, expect, it } from 'vitest'
import { validate } from 'xrpl'
import type { JsonObject } from '../../../../src/ledger/codec/json-object'
import {
  checkCancelPreflight,
  checkCancelRules,
  checkCashPreflight,
  checkCashRules,
  checkCreatePreflight,
  checkCreateRules,
} from '../../../../src/ledger/rules/check/checks'
import { testKey } from '../../test-keys'
import { preflightResult } from '../declared-preflight'

const alice = testKey(1).address
const bob = testKey(2).address
const usd = (value: string) => ({ currency: 'USD', issuer: bob, value })
const create = { TransactionType: 'CheckCreate', Account: alice, Destination: bob, SendMax: '1000' }
const checkId = 'AB'.repeat(32)

// Each row: the transaction, the result, the line of rippled's CreateCheck.cpp / CashCheck.cpp.
const createRows: [string, JsonObject, string | null][] = [
  ['native SendMax', create, null],
  ['issued SendMax', { ...create, SendMax: usd('5') }, null],
  ['to oneself: `Account == Destination`', { ...create, Destination: alice }, 'temREDUNDANT'],
  ['zero SendMax: `signum() <= 0`', { ...create, SendMax: '0' }, 'temBAD_AMOUNT'],
  ['negative issued SendMax', { ...create, SendMax: usd('-1') }, 'temBAD_AMOUNT'],
  [
    'issued "XRP": `badCurrency()`',
    { ...create, SendMax: { ...usd('1'), currency: 'XRP' } },
    'temBAD_CURRENCY',
  ],
  ['Expiration 0', { ...create, Expiration: 0 }, 'temBAD_EXPIRATION'],
  ['an unknown flag', { ...create, Flags: 0x00020000 }, 'temINVALID_FLAG'],
]

const cash = { TransactionType: 'CheckCash', Account: bob, CheckID: checkId }
const cashRows: [string, JsonObject, string | null][] = [
  ['Amount', { ...cash, Amount: '10' }, null],
  ['DeliverMin', { ...cash, DeliverMin: usd('1') }, null],
  [
    'both: not exactly one of Amount and DeliverMin',
    { ...cash, Amount: '1', DeliverMin: '1' },
    'temMALFORMED',
  ],
  ['neither', cash, 'temMALFORMED'],
  ['zero Amount: `signum() <= 0`', { ...cash, Amount: '0' }, 'temBAD_AMOUNT'],
  [
    'issued "XRP": `badAsset()`',
    { ...cash, DeliverMin: { ...usd('1'), currency: 'XRP' } },
    'temBAD_CURRENCY',
  ],
  ['an unknown flag', { ...cash, Amount: '1', Flags: 1 }, 'temINVALID_FLAG'],
]

describe('check preflight: the transaction alone (rippled CreateCheck, CashCheck, CancelCheck)', () => {
  it.each(createRows)('CheckCreate, %s → %s', (_name, tx, result) => {
    expect(preflightResult(checkCreateRules, tx, checkCreatePreflight)).toBe(result)
  })
  it.each(cashRows)('CheckCash, %s → %s', (_name, tx, result) => {
    expect(preflightResult(checkCashRules, tx, checkCashPreflight)).toBe(result)
  })
  it('what preflight accepts, xrpl.js validate accepts too', () => {
    for (const [, tx, result] of [...createRows, ...cashRows]) {
      if (result === null) expect(() => validate(tx as never), JSON.stringify(tx)).not.toThrow()
    }
  })

  it('CheckCancel takes any CheckID and the universal flags only', () => {
    expect(checkCancelPreflight({ CheckID: checkId })).toBeNull()
    const flagged = { CheckID: checkId, Flags: 4 }
    expect(preflightResult(checkCancelRules, flagged, checkCancelPreflight)).toBe('temINVALID_FLAG')
    expect(checkCancelPreflight({})).toBe('temMALFORMED')
  })
})
