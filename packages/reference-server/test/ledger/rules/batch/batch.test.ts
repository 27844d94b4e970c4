import { transactionId } from 'pullsign/verify'
import { encode } from 'ripple-binary-codec'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Batch, signMultiBatch, Wallet } from 'xrpl'
import { type LedgerFixture, ledgerFixture } from '../../ledger-fixture'
import { signTx, testKey } from '../../test-keys'

const UNIT = 1_000_000n
const owner = testKey(21)
const cosigner = testKey(22, 'ecdsa-secp256k1')
const receiver = testKey(23)
const MODES = { ALLORNOTHING: 65536, ONLYONE: 131072, UNTILFAILURE: 262144, INDEPENDENT: 524288 }

let f: LedgerFixture
beforeEach(() => {
  f = ledgerFixture({ keys: [owner, cosigner, receiver], drops: 100n * UNIT })
})
afterEach(() => f.dispose())

const sequence = (address: string) => f.ledger.account('TESTNET', address)?.sequence ?? 0
const drops = (address: string) => f.balance(address)

type Inner = 'owner-ok' | 'owner-ok-2' | 'cosigner-fails' | 'cosigner-ok' | 'cosigner-ahead'

// Inner payments: the owner's use the Sequences after the Batch's own; the cosigner's fails with
// tecUNFUNDED_PAYMENT when it tries to send more than it has, and with terPRE_SEQ (never applied)
// when its Sequence is ahead of its account's.
function innerTx(kind: Inner, base: { owner: number; cosigner: number }) {
  const common = { TransactionType: 'Payment', Fee: '0', SigningPubKey: '', Flags: 0x40000000 }
  if (kind === 'owner-ok' || kind === 'owner-ok-2') {
    const offset = kind === 'owner-ok' ? 1 : 2
    return {
      ...common,
      Account: owner.address,
      Destination: receiver.address,
      Amount: String(offset * 1_000_000),
      Sequence: base.owner + offset,
    }
  }
  const amount = kind === 'cosigner-ok' ? '3000000' : String(500n * UNIT)
  return {
    ...common,
    Account: cosigner.address,
    Destination: receiver.address,
    Amount: amount,
    Sequence: base.cosigner + (kind === 'cosigner-ahead' ? 5 : 0),
  }
}

// The cosigner's BatchV1_1 signature is made by xrpl.js: the ledger must accept what it makes.
function batchBlob(mode: number, kinds: Inner[], fields: Record<string, unknown> = {}) {
  const base = { owner: sequence(owner.address), cosigner: sequence(cosigner.address) }
  const batch = {
    TransactionType: 'Batch',
    Account: owner.address,
    Flags: mode,
    Sequence: base.owner,
    Fee: String(12 * 3),
    RawTransactions: kinds.map((kind) => ({ RawTransaction: innerTx(kind, base) })),
    ...fields,
  } as unknown as Batch
  if (kinds.some((kind) => kind.startsWith('cosigner'))) {
    signMultiBatch(new Wallet(cosigner.publicKey, cosigner.privateKey), batch)
  }
  return signTx(batch as unknown as Record<string, unknown>, owner)
}

describe('Batch modes on the ledger (docs/protocol.md §8.4)', () => {
  it.each([
    ['ALLORNOTHING', ['owner-ok', 'cosigner-fails', 'owner-ok-2'], 0n, 0],
    ['ALLORNOTHING', ['owner-ok', 'cosigner-ok', 'owner-ok-2'], 6n * UNIT, 3],
    ['ONLYONE', ['cosigner-fails', 'owner-ok', 'owner-ok-2'], 1n * UNIT, 1],
    ['UNTILFAILURE', ['owner-ok', 'cosigner-fails', 'owner-ok-2'], 1n * UNIT, 1],
    ['INDEPENDENT', ['owner-ok', 'cosigner-fails', 'owner-ok-2'], 3n * UNIT, 2],
  ] as const)(
    '%s with %j: the receiver gets %d drops from %d inner transactions',
    (mode, kinds, received, applied) => {
      const ownerBefore = drops(owner.address)
      const receiverBefore = drops(receiver.address)
      const ownerSequence = sequence(owner.address)
      const result = f.ledger.submit('TESTNET', batchBlob(MODES[mode], [...kinds]))
      expect(result.engine_result).toBe('tesSUCCESS')
      expect(drops(receiver.address) - receiverBefore).toBe(received)
      // The outer transaction pays 2 × base + base per BatchSigner and uses its Sequence anyway.
      const ownerPaid = ownerBefore - drops(owner.address)
      const ownerInner = kinds.includes('cosigner-ok' as never) ? 3n * UNIT : received
      expect(ownerPaid).toBe(36n + ownerInner)
      const ownerInners = applied - (kinds.includes('cosigner-ok' as never) ? 1 : 0)
      expect(sequence(owner.address)).toBe(ownerSequence + 1 + ownerInners)
      f.ledger.close('TESTNET')
      const answer = f.ledger.transaction(result.txid)
      expect(answer?.transaction).toMatchObject({
        validated: true,
        meta: { TransactionResult: 'tesSUCCESS' },
      })
    },
  )

  // rippled apply.cpp applyBatchTransactions: an inner tec is applied (no fee, its Sequence used,
  // recorded with its result) in the modes that go on; ALLORNOTHING drops the whole Batch view.
  it.each([
    ['ALLORNOTHING', ['owner-ok', 'cosigner-fails'], null],
    ['ONLYONE', ['cosigner-fails', 'owner-ok'], 'tecUNFUNDED_PAYMENT'],
    ['UNTILFAILURE', ['owner-ok', 'cosigner-fails', 'owner-ok-2'], 'tecUNFUNDED_PAYMENT'],
    ['INDEPENDENT', ['cosigner-fails', 'owner-ok'], 'tecUNFUNDED_PAYMENT'],
    ['INDEPENDENT', ['cosigner-ahead', 'owner-ok'], null],
  ] as const)(
    '%s with %j: the failed inner transaction is recorded as %s',
    (mode, kinds, recorded) => {
      const cosignerBefore = {
        drops: drops(cosigner.address),
        sequence: sequence(cosigner.address),
      }
      const base = { owner: sequence(owner.address), cosigner: sequence(cosigner.address) }
      const result = f.ledger.submit('TESTNET', batchBlob(MODES[mode], [...kinds]))
      expect(result.engine_result).toBe('tesSUCCESS')
      const failed = innerTx(kinds.find((k) => k.startsWith('cosigner')) as Inner, base)
      const inner = f.ledger.transaction(transactionId(encode(failed)))
      // Never a fee from the cosigner: inner transactions carry Fee "0".
      expect(drops(cosigner.address)).toBe(cosignerBefore.drops)
      if (recorded === null) {
        expect(inner).toBeNull()
        expect(sequence(cosigner.address)).toBe(cosignerBefore.sequence)
        return
      }
      expect(inner?.transaction).toMatchObject({ meta: { TransactionResult: recorded } })
      expect(sequence(cosigner.address)).toBe(cosignerBefore.sequence + 1)
    },
  )

  it('records each applied inner transaction under its own id, after the Batch', () => {
    const blob = batchBlob(MODES.INDEPENDENT, ['owner-ok', 'owner-ok-2'])
    const result = f.ledger.submit('TESTNET', blob)
    const base = sequence(owner.address) - 3
    const innerId = f.ledger.transaction(result.txid)
    expect(innerId?.transaction.meta.TransactionIndex).toBe(0)
    const firstInner = innerTx('owner-ok', { owner: base, cosigner: 0 })
    const inner = f.ledger.transaction(transactionId(encode(firstInner)))
    expect(inner?.transaction).toMatchObject({
      Account: owner.address,
      meta: { TransactionIndex: 1, TransactionResult: 'tesSUCCESS' },
    })
  })

  it.each([
    ['no mode flag', { Flags: 0 }, 'temINVALID_FLAG'],
    ['two mode flags', { Flags: MODES.ONLYONE | MODES.INDEPENDENT }, 'temINVALID_FLAG'],
    ['a fee under 2 × base + base per signer', { Fee: '35' }, 'telINSUF_FEE_P'],
  ])('refuses %s and changes nothing', (_, fields, code) => {
    const before = f.ledger.account('TESTNET', owner.address)
    const result = f.ledger.submit(
      'TESTNET',
      batchBlob(MODES.INDEPENDENT, ['owner-ok', 'cosigner-ok'], fields),
    )
    expect(result.engine_result).toBe(code)
    expect(f.ledger.account('TESTNET', owner.address)).toEqual(before)
  })

  it('refuses a Batch whose inner signer did not sign (temBAD_SIGNER) or signed another Batch (temBAD_SIGNATURE)', () => {
    const base = { owner: sequence(owner.address), cosigner: sequence(cosigner.address) }
    const batch = {
      TransactionType: 'Batch',
      Account: owner.address,
      Flags: MODES.INDEPENDENT,
      Sequence: base.owner,
      Fee: '36',
      RawTransactions: [{ RawTransaction: innerTx('cosigner-ok', base) }],
    }
    expect(f.ledger.submit('TESTNET', signTx(batch, owner)).engine_result).toBe('temBAD_SIGNER')
    const other = { ...batch, Sequence: base.owner + 7 } as unknown as Batch
    signMultiBatch(new Wallet(cosigner.publicKey, cosigner.privateKey), other)
    const forged = { ...batch, BatchSigners: other.BatchSigners }
    expect(f.ledger.submit('TESTNET', signTx(forged, owner)).engine_result).toBe('temBAD_SIGNATURE')
  })
})
