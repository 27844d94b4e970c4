import {
  BATCH_MODES,
  type BatchTransaction,
  batchSignerOf,
  batchSignersFor,
  buildBatch,
  INNER_BATCH_FLAG,
  innerSigners,
  innerTransactionIds,
} from 'pullsign/batch'
import { encode } from 'ripple-binary-codec'
import { describe, expect, test } from 'vitest'
import { type Batch, ECDSA, hashes, signMultiBatch, validate, Wallet } from 'xrpl'
import { payloadRecord } from './support/payload-record'

// Fixed seeds: the same accounts and signatures on every run.
const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2', { algorithm: ECDSA.ed25519 })
const bob = Wallet.fromSeed('sEdSJHS4oiAdz7w2X2ni1gFiqtbJHqE', { algorithm: ECDSA.ed25519 })
const carol = Wallet.fromSeed('snoPBrXtMeMyMHUVTgbuqAfg1SUTb', { algorithm: ECDSA.secp256k1 })

const twoSigners = () =>
  buildBatch({
    mode: 'ALLORNOTHING',
    account: alice.address,
    sequence: 7,
    transactions: [
      { TransactionType: 'Payment', Destination: bob.address, Amount: '1000000' },
      {
        TransactionType: 'Payment',
        Account: bob.address,
        Sequence: 3,
        Destination: alice.address,
        Amount: '500',
      },
      {
        TransactionType: 'Payment',
        Account: carol.address,
        Sequence: 9,
        Destination: alice.address,
        Amount: '600',
        Flags: 0x8000_0000,
      },
      { TransactionType: 'AccountSet', SetFlag: 8 },
    ],
  })

// What an inner signer's payload resolves with (§8.4): the Batch with just that signer's entry.
const signedBy = (wallet: Wallet, batch: BatchTransaction) => {
  const copy = structuredClone(batch) as unknown as Batch
  signMultiBatch(wallet, copy)
  return payloadRecord(crypto.randomUUID(), {
    meta: { resolved: true, signed: true, submit: false },
    response: { hex: encode(copy as never), txid: '', account: wallet.address },
  })
}

describe('buildBatch (§8.4), xrpl.js as the oracle', () => {
  test('a valid Batch: mode flag, inner flag, Fee "0", empty key, fixed Account and Sequences', () => {
    const batch = twoSigners()
    expect(() => validate(batch as never)).not.toThrow()
    expect(batch).toMatchObject({
      TransactionType: 'Batch',
      Account: alice.address,
      Sequence: 7,
      Flags: BATCH_MODES.ALLORNOTHING,
    })
    const inner = batch.RawTransactions.map((r) => r.RawTransaction)
    expect(inner.map((tx) => [tx.Account, tx.Sequence])).toEqual([
      [alice.address, 8],
      [bob.address, 3],
      [carol.address, 9],
      [alice.address, 9],
    ])
    for (const tx of inner) {
      expect(tx).toMatchObject({ Fee: '0', SigningPubKey: '' })
      expect(tx.Flags & INNER_BATCH_FLAG).toBe(INNER_BATCH_FLAG)
    }
    expect(inner[2]?.Flags).toBe(0xc000_0000)
    expect(innerSigners(batch)).toEqual([bob.address, carol.address])
  })

  test.each(Object.entries(BATCH_MODES))('mode %s sets Flags %i', (mode, flags) => {
    const batch = buildBatch({
      mode: mode as never,
      account: alice.address,
      ticketSequence: 12,
      transactions: [{ TransactionType: 'AccountSet', TicketSequence: 13 }],
    })
    expect(batch).toMatchObject({ Flags: flags, Sequence: 0, TicketSequence: 12 })
    expect(() => validate(batch as never)).not.toThrow()
  })

  test('inner transaction ids are the ones xrpl.js computes', () => {
    const batch = twoSigners()
    expect(innerTransactionIds(batch)).toEqual(
      batch.RawTransactions.map((r) => hashes.hashSignedTx(r.RawTransaction as never)),
    )
  })

  test.each<[string, Record<string, unknown>, RegExp]>([
    ['mode', { mode: 'ALL' }, /^mode must be ALLORNOTHING, ONLYONE, UNTILFAILURE, INDEPENDENT/],
    ['account', { account: 'rNope' }, /^account must be a classic address/],
    [
      'sequence and ticket',
      { ticketSequence: 3 },
      /^give exactly one of sequence and ticketSequence/,
    ],
    ['sequence', { sequence: 0 }, /^sequence must be an integer from 1/],
    ['no transactions', { transactions: [] }, /^transactions must be an array of 1 to 8/],
    [
      'nine transactions',
      { transactions: Array(9).fill({ TransactionType: 'AccountSet' }) },
      /^transactions must be an array of 1 to 8/,
    ],
    [
      'nested Batch',
      { transactions: [{ TransactionType: 'Batch' }] },
      /^transactions\[0\] cannot be a Batch/,
    ],
    [
      'signed inner',
      { transactions: [{ TransactionType: 'AccountSet', TxnSignature: 'AB' }] },
      /^transactions\[0\] is signed/,
    ],
    [
      'inner Account',
      { transactions: [{ TransactionType: 'AccountSet', Account: 'rBad' }] },
      /^transactions\[0\]\.Account must be a classic address/,
    ],
    [
      'other signer Sequence',
      { transactions: [{ TransactionType: 'AccountSet', Account: bob.address }] },
      /^transactions\[0\]\.Sequence is missing: give the Sequence \(or a TicketSequence\) of r/,
    ],
    [
      'inner ticket',
      { transactions: [{ TransactionType: 'AccountSet', Sequence: 0 }] },
      /^transactions\[0\]\.TicketSequence must be an integer from 1/,
    ],
    [
      'codec',
      { transactions: [{ TransactionType: 'Payment', Destination: bob.address, Amount: 'lots' }] },
      /^an inner transaction does not encode/,
    ],
    ['owned field', { fields: { Sequence: 4 } }, /^fields\.Sequence is set by the builder/],
  ])('refuses a bad %s, naming it', (_what, change, message) => {
    const input = {
      mode: 'INDEPENDENT',
      account: alice.address,
      sequence: 7,
      transactions: [{ TransactionType: 'AccountSet' }],
      ...change,
    }
    if ('ticketSequence' in change) input.sequence = 7
    expect(() => buildBatch(input as never)).toThrow(message)
  })
})

describe('inner signatures (BatchV1_1), xrpl.js signs', () => {
  test('an xrpl.js signature verifies against the Batch and comes back in every notation', () => {
    const batch = twoSigners()
    const records = [signedBy(carol, batch), signedBy(bob, batch)]
    const native = batchSignersFor(batch, records, innerSigners(batch))
    expect(native.map((e) => typeof e === 'object' && e.BatchSigner.Account)).toEqual([
      bob.address,
      carol.address,
    ])
    expect(batchSignerOf(batch, records[1] as never).BatchSigner.SigningPubKey).toBe(bob.publicKey)
    expect(batchSignersFor(batch, records, innerSigners(batch), 'uuid')).toEqual([
      records[1]?.meta.uuid,
      records[0]?.meta.uuid,
    ])
    expect(batchSignersFor(batch, records, innerSigners(batch), 'blob')).toEqual([
      records[1]?.response.hex,
      records[0]?.response.hex,
    ])
  })

  test.each<[string, (batch: BatchTransaction) => void, RegExp]>([
    [
      'Account',
      (b) => {
        b.Account = carol.address
      },
      /Account was r\w+, is now r/,
    ],
    [
      'Sequence',
      (b) => {
        b.Sequence = 8
      },
      /Sequence was 7, is now 8/,
    ],
    [
      'mode',
      (b) => {
        b.Flags = BATCH_MODES.INDEPENDENT
      },
      /Flags was 65536, is now 524288/,
    ],
    [
      'inner transaction',
      (b) => {
        const first = b.RawTransactions[0]
        if (first) first.RawTransaction.Amount = '2000000'
      },
      /inner transactions changed after r\w+ signed/,
    ],
  ])(
    'a Batch whose %s changed after signing is refused, saying what changed',
    (_field, change, message) => {
      const batch = twoSigners()
      const records = [signedBy(bob, batch), signedBy(carol, batch)]
      change(batch)
      expect(() => batchSignersFor(batch, records, innerSigners(batch))).toThrow(message)
    },
  )

  test('a forged signature, a missing signer, an outsider and an unsigned payload are refused', () => {
    const batch = twoSigners()
    const bobs = signedBy(bob, batch)
    const forged = signedBy(carol, batch)
    forged.response.hex = (forged.response.hex as string).replace(carol.publicKey, bob.publicKey)
    expect(() => batchSignerOf(batch, forged)).toThrow(/signature of r\w+ does not verify/)
    expect(() => batchSignersFor(batch, [bobs], innerSigners(batch))).toThrow(
      `${carol.address} has not signed the Batch yet`,
    )
    expect(() => batchSignersFor(batch, [bobs, bobs], innerSigners(batch))).toThrow(
      `${bob.address} signed twice`,
    )
    expect(() => batchSignersFor(batch, [signedBy(alice, batch)], innerSigners(batch))).toThrow(
      /is not an inner signer/,
    )
    const unsigned = signedBy(bob, batch)
    unsigned.meta.signed = false
    expect(() => batchSignerOf(batch, unsigned)).toThrow(/was not signed/)
  })
})
