import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { accountIdOf } from '../../../../src/ledger/codec/account-ids'
import { rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { type TestKey, testKey } from '../../test-keys'

// QualityIn and QualityOut (xrpl.org "TrustSet", "RippleState"; rippled SetTrust::doApply,
// trustCreate in View.cpp, DirectStep.cpp DirectIPaymentStep::quality, qualitiesSrcIssues).
const UNIT = 1_000_000n
const issuer = testKey(91)
const holder = testKey(92)
const other = testKey(93)
const HALF = 500_000_000
const ONE = 1_000_000_000

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture()
  for (const key of [issuer, holder, other]) f.ledger.fund(key.address, 100n * UNIT, ['TESTNET'])
})
afterEach(() => f.dispose())

const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })
const trust = (key: TestKey, value: string, fields: Record<string, unknown> = {}) =>
  f.submit(key, { TransactionType: 'TrustSet', LimitAmount: usd(value), ...fields }).engine_result
const lineObject = (key: TestKey) =>
  f.ledger.view('TESTNET').read(rippleStateIndex(key.address, issuer.address, 'USD'))
const side = (key: TestKey) =>
  accountIdOf(key.address) < accountIdOf(issuer.address) ? 'Low' : 'High'
const lineOf = (key: TestKey) => f.ledger.account('TESTNET', key.address)?.lines[0]
const pay = (from: TestKey, to: TestKey, amount: unknown, fields: Record<string, unknown> = {}) =>
  f.submit(from, { TransactionType: 'Payment', Destination: to.address, Amount: amount, ...fields })
// What xrpl.js reads from the metadata as an account's USD change (the fee aside).
const received = (txid: string, key: TestKey) =>
  getBalanceChanges(f.ledger.transaction(txid)?.transaction.meta as never)
    .find((change) => change.account === key.address)
    ?.balances.filter((b) => b.currency === 'USD')
    .map((b) => b.value)

describe("TrustSet writes the sender's QualityIn/QualityOut on its side (SetTrust::doApply)", () => {
  it('stored as LowQualityIn/HighQualityOut of the sender, shown as quality_in/quality_out', () => {
    expect(trust(holder, '100', { QualityIn: 970_000_000, QualityOut: 1_020_000_000 })).toBe(
      'tesSUCCESS',
    )
    const s = side(holder)
    expect(lineObject(holder)).toMatchObject({
      [`${s}QualityIn`]: 970_000_000,
      [`${s}QualityOut`]: 1_020_000_000,
    })
    expect(lineOf(holder)).toMatchObject({ quality_in: 970_000_000, quality_out: 1_020_000_000 })
    // The issuer's view of the line shows its own side: none.
    expect(f.ledger.account('TESTNET', issuer.address)?.lines[0]).toMatchObject({
      quality_in: 0,
      quality_out: 0,
    })
  })

  it.each([
    ['QualityIn 0 removes it', { QualityIn: 0 }, 'QualityIn', undefined],
    ['QualityOut 0 removes it', { QualityOut: 0 }, 'QualityOut', undefined],
    ['QualityOut 1,000,000,000 (1.0) removes it', { QualityOut: ONE }, 'QualityOut', undefined],
    // SetTrust zeroes only QualityOut at QUALITY_ONE; QualityIn 1.0 is written as given.
    ['QualityIn 1,000,000,000 is kept as given', { QualityIn: ONE }, 'QualityIn', ONE],
    ['leaving a quality out of the TrustSet keeps it', {}, 'QualityIn', HALF],
  ])('%s', (_, fields, field, expected) => {
    trust(holder, '100', { QualityIn: HALF, QualityOut: 1_100_000_000 })
    expect(trust(holder, '100', fields)).toBe('tesSUCCESS')
    expect(lineObject(holder)?.[`${side(holder)}${field}`]).toBe(expected)
  })

  it('a quality keeps a zero-limit line (its side is not at its default); removing it deletes the line', () => {
    const noRipple = { Flags: 0x00020000 }
    expect(trust(holder, '0', { QualityIn: HALF })).toBe('tesSUCCESS')
    expect(lineObject(holder)).toBeDefined()
    expect(trust(holder, '0', noRipple)).toBe('tesSUCCESS')
    expect(f.ledger.account('TESTNET', holder.address)?.ownerCount).toBe(1)
    expect(trust(holder, '0', { ...noRipple, QualityIn: 0 })).toBe('tesSUCCESS')
    expect(lineObject(holder)).toBeUndefined()
    expect(f.ledger.account('TESTNET', holder.address)?.ownerCount).toBe(0)
  })

  it('a zero limit for no line with only a default quality is still redundant → tecNO_LINE_REDUNDANT', () => {
    expect(trust(holder, '0', { QualityIn: 0, QualityOut: ONE })).toBe('tecNO_LINE_REDUNDANT')
  })
})

describe('the receiver values what arrives at its QualityIn (DirectStepI::revImp)', () => {
  beforeEach(() => {
    f.submit(issuer, { TransactionType: 'AccountSet', SetFlag: 8 })
    trust(other, '1000')
    pay(issuer, other, usd('100'))
  })

  it('QualityIn 0.5: 10 USD delivered are 20 on the line, and the issuer spends 20 (SendMax)', () => {
    trust(holder, '1000', { QualityIn: HALF })
    const { txid, engine_result } = pay(issuer, holder, usd('10'), { SendMax: usd('20') })
    expect(engine_result).toBe('tesSUCCESS')
    expect(received(txid, holder)).toEqual(['20'])
    expect(lineOf(holder)?.balance).toBe('20')
    expect(f.ledger.transaction(txid)?.transaction.meta).not.toHaveProperty('DeliveredAmount')
  })

  it('without a SendMax covering it the sender may spend only Amount → tecPATH_PARTIAL', () => {
    trust(holder, '1000', { QualityIn: HALF })
    expect(pay(issuer, holder, usd('10')).engine_result).toBe('tecPATH_PARTIAL')
    expect(lineOf(holder)?.balance).toBe('0')
  })

  it('holder to holder: the sender pays Amount ÷ quality × the transfer rate', () => {
    f.submit(issuer, { TransactionType: 'AccountSet', TransferRate: 1_010_000_000 })
    trust(holder, '1000', { QualityIn: 800_000_000 })
    const { txid, engine_result } = pay(other, holder, usd('8'), { SendMax: usd('20') })
    expect(engine_result).toBe('tesSUCCESS')
    expect(received(txid, holder)).toEqual(['10'])
    expect(received(txid, other)).toEqual(['-10.1'])
  })

  it("the receiver's limit counts on the line: room 10 at QualityIn 0.5 delivers 5 (partial, DeliveredAmount 5)", () => {
    trust(holder, '10', { QualityIn: HALF })
    expect(pay(issuer, holder, usd('6'), { SendMax: usd('100') }).engine_result).toBe(
      'tecPATH_PARTIAL',
    )
    const partial = pay(issuer, holder, usd('6'), { SendMax: usd('100'), Flags: 0x00020000 })
    expect(partial.engine_result).toBe('tesSUCCESS')
    expect(f.ledger.transaction(partial.txid)?.transaction.meta).toMatchObject({
      DeliveredAmount: usd('5'),
    })
    expect(lineOf(holder)?.balance).toBe('10')
  })

  it.each([
    ['a QualityIn above 1.0 (the last step caps it at 1.0)', { QualityIn: 1_500_000_000 }],
    ["the receiver's QualityOut (a direct payment has no step out of it)", { QualityOut: HALF }],
  ])('%s changes nothing: the receiver gets Amount', (_, fields) => {
    trust(holder, '1000', fields)
    const { txid } = pay(issuer, holder, usd('10'))
    expect(received(txid, holder)).toEqual(['10'])
  })

  it("paying the issuer is one step that redeems: the issuer's own QualityIn does not count", () => {
    trust(holder, '1000')
    pay(issuer, holder, usd('50'))
    const toHolder = { currency: 'USD', issuer: holder.address, value: '0' }
    f.submit(issuer, { TransactionType: 'TrustSet', LimitAmount: toHolder, QualityIn: HALF })
    const { txid, engine_result } = pay(holder, issuer, usd('10'))
    expect(engine_result).toBe('tesSUCCESS')
    expect(received(txid, holder)).toEqual(['-10'])
  })
})
