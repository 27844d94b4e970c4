import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accountRootIndex, rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// Clawback of trust-line tokens (docs/protocol.md §8.15): asfAllowTrustLineClawback's
// preconditions (rippled SetAccount.cpp) and the Clawback transaction (rippled Clawback.cpp).
const issuer = testKey(141)
const holder = testKey(142)
const other = testKey(143)

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, holder, other], drops: 100_000_000n })
})
afterEach(() => f.dispose())

const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
const usd = (value: string, by: TestKey) => ({ currency: 'USD', issuer: by.address, value })
const allowClawback = () => run(issuer, { TransactionType: 'AccountSet', SetFlag: 16 })
const clawback = (value: string, from: TestKey = holder, fields: Record<string, unknown> = {}) =>
  run(issuer, { TransactionType: 'Clawback', Amount: usd(value, from), ...fields })
const held = (key: TestKey) => {
  const line = f.ledger.entry('TESTNET', rippleStateIndex(key.address, issuer.address, 'USD'))
  if (!line) return null
  const value = Number((line.Balance as { value: string }).value)
  const high = (line.HighLimit as { issuer: string }).issuer === key.address
  return String(high ? -value : value)
}
const flags = (key: TestKey) => f.ledger.entry('TESTNET', accountRootIndex(key.address))?.Flags

// The issuer allows clawback first, then issues 50 USD to the holder.
function issue() {
  expect(allowClawback()).toBe('tesSUCCESS')
  expect(run(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100', issuer) })).toBe(
    'tesSUCCESS',
  )
  expect(
    run(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('50', issuer),
    }),
  ).toBe('tesSUCCESS')
}

describe('asfAllowTrustLineClawback (rippled SetAccount.cpp)', () => {
  it('sets lsfAllowTrustLineClawback on an account that owns nothing, for good: ClearFlag 16 does nothing', () => {
    expect(allowClawback()).toBe('tesSUCCESS')
    expect((flags(issuer) as number) >>> 0).toBe(0x80000000)
    expect(run(issuer, { TransactionType: 'AccountSet', ClearFlag: 16 })).toBe('tesSUCCESS')
    expect((flags(issuer) as number) >>> 0).toBe(0x80000000)
  })

  it.each([
    [
      'an account that owns a trust line: tecOWNERS',
      () => run(issuer, { TransactionType: 'TrustSet', LimitAmount: usd('1', other) }),
      'tecOWNERS',
    ],
    [
      'an account that set NoFreeze: tecNO_PERMISSION',
      () => run(issuer, { TransactionType: 'AccountSet', SetFlag: 6 }),
      'tecNO_PERMISSION',
    ],
  ])('refuses it for %s', (_name, before, expected) => {
    expect(before()).toBe('tesSUCCESS')
    expect(allowClawback()).toBe(expected)
    expect(flags(issuer) as number).toBeLessThan(0x80000000)
  })

  it('refuses NoFreeze once clawback is allowed (tecNO_PERMISSION)', () => {
    expect(allowClawback()).toBe('tesSUCCESS')
    expect(run(issuer, { TransactionType: 'AccountSet', SetFlag: 6 })).toBe('tecNO_PERMISSION')
  })
})

describe('Clawback of a trust-line token (rippled Clawback.cpp)', () => {
  it('takes the amount back from the holder named in Amount.issuer', () => {
    issue()
    expect(clawback('20')).toBe('tesSUCCESS')
    expect(held(holder)).toBe('30')
  })

  it('claws at most the balance: 80 asked of 50 held leaves the line at 0', () => {
    issue()
    expect(clawback('80')).toBe('tesSUCCESS')
    expect(held(holder)).toBe('0')
  })

  it('claws from a frozen line too (fhIGNORE_FREEZE)', () => {
    issue()
    const freeze = { TransactionType: 'TrustSet', LimitAmount: usd('0', holder), Flags: 0x00100000 }
    expect(run(issuer, freeze)).toBe('tesSUCCESS')
    expect(clawback('5')).toBe('tesSUCCESS')
    expect(held(holder)).toBe('45')
  })

  it.each([
    [
      'a Holder field on a trust-line amount: temMALFORMED',
      () => clawback('1', holder, { Holder: holder.address }),
      'temMALFORMED',
    ],
    ['the issuer naming itself: temBAD_AMOUNT', () => clawback('1', issuer), 'temBAD_AMOUNT'],
    ['a zero amount: temBAD_AMOUNT', () => clawback('0'), 'temBAD_AMOUNT'],
    [
      'XRP: temBAD_AMOUNT',
      () => run(issuer, { TransactionType: 'Clawback', Amount: '100' }),
      'temBAD_AMOUNT',
    ],
    [
      'a flag: temINVALID_FLAG',
      () => clawback('1', holder, { Flags: 0x00010000 }),
      'temINVALID_FLAG',
    ],
    ['an unfunded holder: terNO_ACCOUNT', () => clawback('1', testKey(149)), 'terNO_ACCOUNT'],
    ['no line with the holder: tecNO_LINE', () => clawback('1', other), 'tecNO_LINE'],
  ])('refuses %s', (_name, act, expected) => {
    issue()
    expect(act()).toBe(expected)
    expect(held(holder)).toBe('50')
  })

  it('refuses an issuer that has not allowed clawback (tecNO_PERMISSION)', () => {
    expect(run(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100', issuer) })).toBe(
      'tesSUCCESS',
    )
    expect(
      run(issuer, {
        TransactionType: 'Payment',
        Destination: holder.address,
        Amount: usd('5', issuer),
      }),
    ).toBe('tesSUCCESS')
    expect(clawback('1')).toBe('tecNO_PERMISSION')
    expect(held(holder)).toBe('5')
  })

  it('refuses a holder that holds nothing (tecINSUFFICIENT_FUNDS)', () => {
    expect(allowClawback()).toBe('tesSUCCESS')
    expect(run(holder, { TransactionType: 'TrustSet', LimitAmount: usd('100', issuer) })).toBe(
      'tesSUCCESS',
    )
    expect(clawback('1')).toBe('tecINSUFFICIENT_FUNDS')
  })

  it('refuses a line on which the "issuer" owes the holder (tecNO_PERMISSION)', () => {
    issue()
    // The issuer holds the holder's own USD: on that line the holder is the issuer.
    expect(run(issuer, { TransactionType: 'TrustSet', LimitAmount: usd('100', holder) })).toBe(
      'tesSUCCESS',
    )
    expect(
      run(holder, {
        TransactionType: 'Payment',
        Destination: issuer.address,
        Amount: usd('60', holder),
      }),
    ).toBe('tesSUCCESS')
    expect(held(holder)).toBe('-10')
    expect(clawback('1')).toBe('tecNO_PERMISSION')
  })

  it("refuses an AMM's account, an account with an AMMID (tecAMM_ACCOUNT)", () => {
    issue()
    // A restored ledger where the holder is an AMM's pseudo-account.
    const state = f.ledger.saveState()
    const root = state.TESTNET?.objects.find((o) => o.index === accountRootIndex(holder.address))
    if (!root) throw new Error('no holder root')
    root.AMMID = 'AB'.repeat(32)
    f.ledger.loadState(state)
    expect(clawback('1')).toBe('tecAMM_ACCOUNT')
    expect(held(holder)).toBe('50')
  })

  it('is temDISABLED where the Clawback amendment is off (rippled Clawback.cpp preflight)', () => {
    issue()
    f.ledger.setAmendments('TESTNET', { disable: ['Clawback'] })
    expect(clawback('1')).toBe('temDISABLED')
  })
})
