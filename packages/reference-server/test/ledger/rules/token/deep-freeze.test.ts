import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// DeepFreeze (docs/protocol.md §8.7): TrustSet's tfSetDeepFreeze/tfClearDeepFreeze (rippled
// SetTrust.cpp), and a deep-frozen holder in payments (rippled StepChecks.h `checkFreeze`,
// DirectStep.cpp, OfferStream.cpp, View.cpp `isDeepFrozen`).
const issuer = testKey(171)
const holder = testKey(172)
const other = testKey(173)
const payer = testKey(174)

const SET_FREEZE = 0x00100000
const CLEAR_FREEZE = 0x00200000
const SET_DEEP = 0x00400000
const CLEAR_DEEP = 0x00800000

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [issuer, holder, other, payer], drops: 1_000_000_000n })
  expect(run(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })).toBe('tesSUCCESS')
  for (const key of [holder, other]) {
    expect(run(key, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })).toBe('tesSUCCESS')
    expect(pay(issuer, key, '100')).toBe('tesSUCCESS')
  }
})
afterEach(() => f.dispose())

const run = (key: TestKey, fields: Record<string, unknown>) => f.submit(key, fields).engine_result
const usd = (value: string, by = issuer) => ({ currency: 'USD', issuer: by.address, value })
const pay = (from: TestKey, to: TestKey, value: string, fields: Record<string, unknown> = {}) =>
  run(from, { TransactionType: 'Payment', Destination: to.address, Amount: usd(value), ...fields })
const freeze = (Flags: number, by = issuer, of = holder) =>
  run(by, { TransactionType: 'TrustSet', LimitAmount: usd('0', of), Flags })
const line = () => {
  const found = f.ledger.entry('TESTNET', rippleStateIndex(holder.address, issuer.address, 'USD'))
  if (!found) throw new Error('no USD line between holder and issuer')
  return found
}
const lineFlags = () => line().Flags
// What the holder holds: the line's balance from its side.
const held = () => {
  const value = Number((line().Balance as { value: string }).value)
  return issuerHigh() ? value : -value
}
// The issuer's side of the holder's line: High when its AccountID sorts above the holder's.
const issuerHigh = () => (line().HighLimit as { issuer: string }).issuer === issuer.address

describe('TrustSet deep freeze (rippled SetTrust.cpp)', () => {
  it("sets the issuer's side's deep freeze with its freeze, and clears it", () => {
    expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
    const deep = issuerHigh() ? 0x04000000 : 0x02000000
    expect(lineFlags() & deep).toBe(deep)
    expect(freeze(CLEAR_DEEP)).toBe('tesSUCCESS')
    expect(lineFlags() & deep).toBe(0)
  })

  it.each([
    ['a deep freeze on a line not frozen', () => freeze(SET_DEEP)],
    ['freezing and unfreezing at once', () => freeze(SET_FREEZE | CLEAR_DEEP)],
    [
      'clearing the freeze of a deep-frozen line',
      () => {
        expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
        return freeze(CLEAR_FREEZE)
      },
    ],
    [
      'a freeze by an issuer that set NoFreeze',
      () => {
        expect(run(issuer, { TransactionType: 'AccountSet', SetFlag: 6 })).toBe('tesSUCCESS')
        return freeze(SET_FREEZE | SET_DEEP)
      },
    ],
  ])('refuses %s (tecNO_PERMISSION)', (_name, act) => {
    expect(act()).toBe('tecNO_PERMISSION')
  })
})

describe('a deep-frozen holder in payments (rippled StepChecks.h checkFreeze, DirectStep.cpp, OfferStream.cpp)', () => {
  it('a plain freeze stops sending only; a deep freeze stops receiving too', () => {
    expect(freeze(SET_FREEZE)).toBe('tesSUCCESS')
    expect(pay(holder, other, '1')).toBe('tecPATH_DRY')
    expect(pay(other, holder, '1')).toBe('tesSUCCESS')
    expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
    expect(pay(other, holder, '1')).toBe('tecPATH_DRY')
    expect(held()).toBe(101)
  })

  it('with the issuer it still trades directly: it pays the issuer back and the issuer pays it', () => {
    expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
    expect(pay(holder, issuer, '10')).toBe('tesSUCCESS')
    expect(pay(issuer, holder, '5')).toBe('tesSUCCESS')
    expect(held()).toBe(95)
  })

  it('receives nothing through a book either, and can again once the deep freeze is cleared', () => {
    const offer = {
      TransactionType: 'OfferCreate',
      TakerGets: usd('50'),
      TakerPays: '50000000',
    }
    expect(run(other, offer)).toBe('tesSUCCESS')
    const viaBook = () => pay(payer, holder, '1', { SendMax: '2000000' })
    expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
    expect(viaBook()).toBe('tecPATH_DRY')
    expect(held()).toBe(100)
    expect(freeze(CLEAR_DEEP | CLEAR_FREEZE)).toBe('tesSUCCESS')
    expect(viaBook()).toBe('tesSUCCESS')
    expect(held()).toBe(101)
  })

  it('cannot place an offer that buys the frozen asset (tecFROZEN, rippled CreateOffer.cpp)', () => {
    expect(freeze(SET_FREEZE | SET_DEEP)).toBe('tesSUCCESS')
    const buy = { TransactionType: 'OfferCreate', TakerPays: usd('5'), TakerGets: '5000000' }
    expect(run(holder, buy)).toBe('tecFROZEN')
  })
})
