import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getBalanceChanges, hashes } from 'xrpl'
import { preimageSha256 } from '../../../../src/ledger/rules/escrow/crypto-condition'
import { accountRootIndex, ownerDirIndex } from '../../../../src/ledger/state/keylets'
import { testKey } from '../../test-keys'
import { type ObjectFixture, objectFixture } from '../object-fixture'

const alice = testKey(31)
const bob = testKey(32)
const carol = testKey(33)
const pair = preimageSha256(Buffer.from('the escrow opens'))
const other = preimageSha256(Buffer.from('another secret'))

let f: ObjectFixture
beforeEach(() => {
  f = objectFixture([alice, bob, carol])
})
afterEach(() => f.dispose())

const create = (fields: Record<string, unknown>) =>
  f.submit(alice, {
    TransactionType: 'EscrowCreate',
    Destination: bob.address,
    Amount: '5000000',
    ...fields,
  })
const finish = (sequence: number, fields: Record<string, unknown> = {}, by = bob) =>
  f.submit(by, {
    TransactionType: 'EscrowFinish',
    Owner: alice.address,
    OfferSequence: sequence,
    ...fields,
  })
const cancel = (sequence: number, by = carol) =>
  f.submit(by, { TransactionType: 'EscrowCancel', Owner: alice.address, OfferSequence: sequence })

describe('escrow: funds held until their time (rippled Escrow.cpp, docs/protocol.md §8.7)', () => {
  it('a time-held escrow: created with its index, owned by the sender, linked in both directories, finished only after FinishAfter', () => {
    const sequence = f.sequence(alice)
    const before = f.balance(alice.address)
    const created = create({ FinishAfter: f.now() + 60, DestinationTag: 7 })
    expect(created.engine_result).toBe('tesSUCCESS')
    const index = hashes.hashEscrow(alice.address, sequence)
    expect(f.node(created.txid, index)).toEqual({
      CreatedNode: {
        LedgerEntryType: 'Escrow',
        LedgerIndex: index,
        NewFields: {
          Account: alice.address,
          Amount: '5000000',
          Destination: bob.address,
          DestinationTag: 7,
          FinishAfter: f.now() + 60,
        },
      },
    })
    expect(f.node(created.txid, ownerDirIndex(bob.address))).toMatchObject({
      CreatedNode: { LedgerEntryType: 'DirectoryNode' },
    })
    expect(f.balance(alice.address)).toBe(before - 5_000_000n - 12n)
    expect([f.ownerCount(alice), f.ownerCount(bob)]).toEqual([1, 0])

    // Not yet: the parent ledger closed before FinishAfter (EscrowFinish::doApply "too soon").
    f.pass(30)
    expect(finish(sequence).engine_result).toBe('tecNO_PERMISSION')
    // The next close after FinishAfter (close times are rounded to 10 s).
    f.pass(40)
    const bobBefore = f.balance(bob.address)
    const finished = finish(sequence, {}, carol)
    expect(finished.engine_result).toBe('tesSUCCESS')
    expect(f.balance(bob.address)).toBe(bobBefore + 5_000_000n)
    expect(f.node(finished.txid, index)).toMatchObject({
      DeletedNode: { LedgerEntryType: 'Escrow' },
    })
    expect(getBalanceChanges(f.meta(finished.txid) as never)).toEqual(
      expect.arrayContaining([
        { account: bob.address, balances: [{ currency: 'XRP', value: '5' }] },
      ]),
    )
    expect([f.ownerCount(alice), f.ownerCount(bob)]).toEqual([0, 0])
    expect(finish(sequence).engine_result).toBe('tecNO_TARGET')
  })

  it('a conditional escrow needs its fulfillment and pays its fee: telINSUF_FEE_P below it', () => {
    const sequence = f.sequence(alice)
    expect(create({ Condition: pair.condition, CancelAfter: f.now() + 3600 }).engine_result).toBe(
      'tesSUCCESS',
    )
    const fee = String(12n + 12n * (32n + BigInt(pair.fulfillment.length / 2) / 16n))
    const given = { Condition: pair.condition, Fulfillment: pair.fulfillment }
    expect(finish(sequence, { ...given, Fee: '12' }).engine_result).toBe('telINSUF_FEE_P')
    // Another preimage's fulfillment, or the right one for another condition.
    expect(
      finish(sequence, { Condition: pair.condition, Fulfillment: other.fulfillment, Fee: fee })
        .engine_result,
    ).toBe('tecCRYPTOCONDITION_ERROR')
    expect(
      finish(sequence, { Condition: other.condition, Fulfillment: other.fulfillment, Fee: fee })
        .engine_result,
    ).toBe('tecCRYPTOCONDITION_ERROR')
    // No condition where the escrow holds one.
    expect(finish(sequence, { Fee: fee }).engine_result).toBe('tecCRYPTOCONDITION_ERROR')
    expect(finish(sequence, { ...given, Fee: fee }).engine_result).toBe('tesSUCCESS')
  })

  it('a condition where the escrow has none is tecCRYPTOCONDITION_ERROR', () => {
    const sequence = f.sequence(alice)
    create({ FinishAfter: f.now() + 1 })
    f.pass(5)
    const fee = String(12n + 12n * (32n + BigInt(pair.fulfillment.length / 2) / 16n))
    expect(
      finish(sequence, { Condition: pair.condition, Fulfillment: pair.fulfillment, Fee: fee })
        .engine_result,
    ).toBe('tecCRYPTOCONDITION_ERROR')
  })

  it('cancel: never before CancelAfter, then by anyone, the amount back to the owner', () => {
    const sequence = f.sequence(alice)
    create({ FinishAfter: f.now() + 10, CancelAfter: f.now() + 100 })
    expect(cancel(sequence).engine_result).toBe('tecNO_PERMISSION')
    f.pass(110)
    // Past CancelAfter nobody may finish it (EscrowFinish "too late").
    expect(finish(sequence).engine_result).toBe('tecNO_PERMISSION')
    const before = f.balance(alice.address)
    expect(cancel(sequence).engine_result).toBe('tesSUCCESS')
    expect(f.balance(alice.address)).toBe(before + 5_000_000n)
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('an escrow without CancelAfter can never be cancelled', () => {
    const sequence = f.sequence(alice)
    create({ FinishAfter: f.now() + 10 })
    f.pass(10_000)
    expect(cancel(sequence).engine_result).toBe('tecNO_PERMISSION')
  })

  // Each row: what is wrong, the result, the line of Escrow.cpp it follows.
  const createRows: [string, () => Record<string, unknown>, string][] = [
    [
      'no such destination (preclaim `!sled`)',
      () => ({ Destination: testKey(39).address, FinishAfter: f.now() + 10 }),
      'tecNO_DST',
    ],
    [
      'FinishAfter already passed (fix1571 `after(closeTime, FinishAfter)`)',
      () => ({ FinishAfter: f.now() - 10 }),
      'tecNO_PERMISSION',
    ],
    [
      'CancelAfter already passed',
      () => ({ Condition: pair.condition, CancelAfter: f.now() - 10 }),
      'tecNO_PERMISSION',
    ],
    [
      'more than the balance over the reserve (`balance < reserve + amount`)',
      () => ({ Amount: '999500000', FinishAfter: f.now() + 10 }),
      'tecUNFUNDED',
    ],
    [
      'FinishAfter at or before CancelAfter',
      () => ({ FinishAfter: f.now() + 10, CancelAfter: f.now() + 10 }),
      'temBAD_EXPIRATION',
    ],
  ]
  it.each(createRows)('EscrowCreate, %s → %s', (_name, fields, result) => {
    const before = f.balance(alice.address)
    expect(create(fields()).engine_result).toBe(result)
    if (result.startsWith('tec')) expect(f.balance(alice.address)).toBe(before - 12n)
    else expect(f.balance(alice.address)).toBe(before)
    expect(f.ownerCount(alice)).toBe(0)
  })

  it('the sender below the reserve for one more object is tecINSUFFICIENT_RESERVE', () => {
    const poor = testKey(34)
    f.ledger.fund(poor.address, 1_100_000n, ['TESTNET'])
    const result = f.submit(poor, {
      TransactionType: 'EscrowCreate',
      Destination: bob.address,
      Amount: '1',
      FinishAfter: f.now() + 10,
    })
    expect(result.engine_result).toBe('tecINSUFFICIENT_RESERVE')
    expect(f.node(result.txid, accountRootIndex(poor.address))).toMatchObject({
      ModifiedNode: { FinalFields: { OwnerCount: 0 } },
    })
  })
})
