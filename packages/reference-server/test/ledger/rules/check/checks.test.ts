import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges } from 'xrpl'
import { checkIndex, ownerDirIndex, rippleStateIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(41)
const bob = testKey(42)
const carol = testKey(43)
const gateway = testKey(44)
const usd = (value: string) => ({ currency: 'USD', issuer: gateway.address, value })

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob, carol, gateway])
})
afterEach(() => f.dispose())

const write = (fields: Record<string, unknown> = {}) => {
  const sequence = f.sequence(alice)
  const result = f.submit(alice, {
    TransactionType: 'CheckCreate',
    Destination: bob.address,
    SendMax: '10000000',
    ...fields,
  })
  return { ...result, id: checkIndex(alice.address, sequence) }
}
const cash = (id: string, fields: Record<string, unknown>, by = bob) =>
  f.submit(by, { TransactionType: 'CheckCash', CheckID: id, ...fields })
// The gateway rippling by default, and alice holding 100 of its USD on a line of 1000.
const aliceHoldsUsd = () => {
  f.submit(gateway, { TransactionType: 'AccountSet', SetFlag: 8 })
  f.submit(alice, { TransactionType: 'TrustSet', LimitAmount: usd('1000') })
  f.submit(gateway, { TransactionType: 'Payment', Destination: alice.address, Amount: usd('100') })
}

describe('checks: a promise cashed by its destination (rippled CreateCheck, CashCheck, CancelCheck)', () => {
  it('CheckCreate makes a Check in both directories, owned by its writer; nothing is held', () => {
    const before = f.balance(alice.address)
    const { txid, engine_result, id } = write({ InvoiceID: 'AB'.repeat(32) })
    expect(engine_result).toBe('tesSUCCESS')
    expect(f.node(txid, id)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'Check',
        LedgerIndex: id,
        NewFields: {
          Account: alice.address,
          Destination: bob.address,
          InvoiceID: 'AB'.repeat(32),
          SendMax: '10000000',
          Sequence: f.sequence(alice) - 1,
        },
      },
    })
    expect(f.node(txid, ownerDirIndex(bob.address))).toMatchObject({ CreatedNode: {} })
    expect(f.balance(alice.address)).toBe(before - 12n)
    expect([f.ownerCount(alice), f.ownerCount(bob)]).toEqual([1, 0])
  })

  it('cashed for an exact Amount: the drops move, the check is gone', () => {
    const { id } = write()
    const [a, b] = [f.balance(alice.address), f.balance(bob.address)]
    const cashed = cash(id, { Amount: '4000000' })
    expect(cashed.engine_result).toBe('tesSUCCESS')
    expect([f.balance(alice.address), f.balance(bob.address)]).toEqual([
      a - 4_000_000n,
      b + 4_000_000n - 12n,
    ])
    expect(f.node(cashed.txid, id)).toMatchObject({ DeletedNode: { LedgerEntryType: 'Check' } })
    expect(f.ownerCount(alice)).toBe(0)
    expect(cash(id, { Amount: '1' }).engine_result).toBe('tecNO_ENTRY')
  })

  it('cashed with DeliverMin: as much as SendMax allows, DeliveredAmount says how much', () => {
    const { id } = write()
    const cashed = cash(id, { DeliverMin: '1000000' })
    expect(cashed.engine_result).toBe('tesSUCCESS')
    expect(f.meta(cashed.txid).DeliveredAmount).toBe('10000000')
    expect(getBalanceChanges(f.meta(cashed.txid) as never)).toEqual(
      expect.arrayContaining([
        { account: alice.address, balances: [{ currency: 'XRP', value: '-10' }] },
      ]),
    )
  })

  it('an issued check: the line to the issuer is made for the casher, the limit does not stop it', () => {
    aliceHoldsUsd()
    const { id } = write({ SendMax: usd('50') })
    const cashed = cash(id, { Amount: usd('30') })
    expect(cashed.engine_result).toBe('tesSUCCESS')
    const line = f.ledger.account('TESTNET', bob.address)?.lines[0]
    expect(line).toMatchObject({
      currency: 'USD',
      counterparty: gateway.address,
      balance: '30',
      limit: '0',
    })
    expect(
      f.node(cashed.txid, rippleStateIndex(bob.address, gateway.address, 'USD')),
    ).toMatchObject({ CreatedNode: {} })
    expect(f.meta(cashed.txid).DeliveredAmount).toEqual(usd('30'))
    // DeliverMin: more than the writer holds is refused; else it delivers all it can under SendMax.
    const second = write({ SendMax: usd('90') })
    expect(cash(second.id, { DeliverMin: usd('71') }).engine_result).toBe('tecPATH_PARTIAL')
    const ok = cash(second.id, { DeliverMin: usd('60') })
    expect(ok.engine_result).toBe('tesSUCCESS')
    expect(f.meta(ok.txid).DeliveredAmount).toEqual(usd('70'))
    expect(f.ledger.account('TESTNET', bob.address)?.lines[0]?.balance).toBe('100')
  })

  it('a casher that cannot afford the new trust line is tecNO_LINE_INSUF_RESERVE (CheckCashMakesTrustLine)', () => {
    const dave = testKey(45)
    f.ledger.fund(dave.address, 1_100_000n, ['TESTNET'])
    aliceHoldsUsd()
    const { id } = write({ Destination: dave.address, SendMax: usd('5') })
    expect(cash(id, { Amount: usd('5') }, dave).engine_result).toBe('tecNO_LINE_INSUF_RESERVE')
    expect(f.ledger.account('TESTNET', dave.address)?.lines).toEqual([])
  })

  // Each row: what is wrong, the result, the line of CashCheck.cpp it follows.
  const cashRows: [string, Record<string, unknown>, string, typeof bob?][] = [
    [
      'cashed by someone else (`Account != Destination`)',
      { Amount: '1' },
      'tecNO_PERMISSION',
      carol,
    ],
    ['more than SendMax (`value > sendMax`)', { Amount: '10000001' }, 'tecPATH_PARTIAL'],
    ['another currency than SendMax', { Amount: usd('1') }, 'temMALFORMED'],
  ]
  it.each(cashRows)('CheckCash, %s → %s', (_name, fields, result, by) => {
    const { id } = write()
    expect(cash(id, fields, by).engine_result).toBe(result)
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('more than the writer can spend over its reserve is tecPATH_PARTIAL; an expired check is tecEXPIRED and anyone may cancel it', () => {
    const { id } = write({ SendMax: '100000000000' })
    expect(cash(id, { Amount: '999000001' }).engine_result).toBe('tecPATH_PARTIAL')
    const expiring = write({ Expiration: f.now() + 30 })
    expect(
      f.submit(carol, { TransactionType: 'CheckCancel', CheckID: expiring.id }).engine_result,
    ).toBe('tecNO_PERMISSION')
    f.pass(31)
    expect(cash(expiring.id, { Amount: '1' }).engine_result).toBe('tecEXPIRED')
    expect(
      f.submit(carol, { TransactionType: 'CheckCancel', CheckID: expiring.id }).engine_result,
    ).toBe('tesSUCCESS')
    expect(f.ownerCount(alice)).toBe(1)
  })

  it('CheckCreate: no destination, an expiration already passed', () => {
    expect(write({ Destination: testKey(49).address }).engine_result).toBe('tecNO_DST')
    expect(write({ Expiration: f.now() - 1 }).engine_result).toBe('tecEXPIRED')
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('the writer or the destination cancels a live check; no such check is tecNO_ENTRY', () => {
    const first = write()
    const second = write()
    expect(f.submit(bob, { TransactionType: 'CheckCancel', CheckID: first.id }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(
      f.submit(alice, { TransactionType: 'CheckCancel', CheckID: second.id }).engine_result,
    ).toBe('tesSUCCESS')
    expect(
      f.submit(alice, { TransactionType: 'CheckCancel', CheckID: second.id }).engine_result,
    ).toBe('tecNO_ENTRY')
    expect(f.ownerCount(alice)).toBe(0)
  })
})
