import { decode, encodeForSigningBatch } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { PullSignError } from '../core/errors/pull-sign-error'
import { SignatureError } from '../core/errors/signature-error'
import type { PayloadRecord } from '../wire/payload'
import type { BatchSignerEntry, BatchTransaction } from './batch-types'
import { innerTransactionIds } from './inner-ids'

/**
 * The BatchV1_1 data an inner signer signs (docs/protocol.md §8.4): `42434800` + outer Account +
 * outer Sequence (or TicketSequence) + outer Flags + inner count + each inner tx id + the signer's
 * AccountID, as hex.
 *
 * @example
 * ```ts
 * const data = batchSigningData(batch, bob) // '42434800…'
 * ```
 */
export function batchSigningData(batch: BatchTransaction, signer: string): string {
  return encodeForSigningBatch({
    account: batch.Account,
    sequence: batch.Sequence === 0 ? (batch.TicketSequence ?? 0) : batch.Sequence,
    flags: batch.Flags,
    txIDs: innerTransactionIds(batch),
    batchAccount: signer,
  })
}

// The outer fields a BatchV1_1 signature covers (§8.4): anything else but Fee is fixed too.
const COVERED = ['Account', 'Sequence', 'TicketSequence', 'Flags'] as const

/**
 * Checks one inner signer's signature against the Batch as it is now and returns it in native
 * notation. The record must be a signed inner-signer payload whose `response.hex` is the Batch
 * with that signer's entry (docs/protocol.md §8.4). A Batch whose outer `Account`, `Sequence`,
 * `TicketSequence`, `Flags` or inner transactions changed after signing is refused with a
 * {@link SignatureError} saying what changed, before anything is sent.
 *
 * @example
 * ```ts
 * const entry = batchSignerOf(batch, await pullsign.payload.get(uuid))
 * entry.BatchSigner.Account // the inner signer
 * ```
 */
export function batchSignerOf(batch: BatchTransaction, record: PayloadRecord): BatchSignerEntry {
  const uuid = record?.meta?.uuid
  if (!record?.meta?.resolved || !record.meta.signed || !record.response?.hex) {
    throw new SignatureError('not-signed', `inner signer payload ${uuid} was not signed`)
  }
  let signed: Record<string, unknown>
  try {
    signed = decode(record.response.hex) as Record<string, unknown>
  } catch {
    throw new SignatureError('malformed', `payload ${uuid}: response.hex does not decode`)
  }
  const entries = signed.BatchSigners
  const entry =
    Array.isArray(entries) && entries.length === 1
      ? (entries[0] as Partial<BatchSignerEntry>)
      : null
  const signer = entry?.BatchSigner
  if (
    signed.TransactionType !== 'Batch' ||
    typeof signer?.Account !== 'string' ||
    typeof signer.SigningPubKey !== 'string' ||
    typeof signer.TxnSignature !== 'string'
  ) {
    throw new SignatureError(
      'malformed',
      `payload ${uuid}: response.hex is not a Batch with one single-signed BatchSigner`,
    )
  }
  for (const field of COVERED) {
    if (signed[field] !== batch[field]) {
      throw new SignatureError(
        'mismatch',
        `the Batch changed after ${signer.Account} signed: ${field} was ${String(signed[field])}, is now ${String(batch[field])}; have every inner signer sign again`,
      )
    }
  }
  const signedIds = innerTransactionIds(signed as unknown as BatchTransaction)
  if (signedIds.join() !== innerTransactionIds(batch).join()) {
    throw new SignatureError(
      'mismatch',
      `the Batch's inner transactions changed after ${signer.Account} signed; have every inner signer sign again`,
    )
  }
  let valid = false
  try {
    valid = verify(
      batchSigningData(batch, signer.Account),
      signer.TxnSignature,
      signer.SigningPubKey,
    )
  } catch {
    // A key/signature algorithm mismatch throws in the verifier: that is "invalid" (§8.2).
    valid = false
  }
  if (!valid)
    throw new SignatureError(
      'mismatch',
      `the BatchV1_1 signature of ${signer.Account} does not verify`,
    )
  // The signature check does not test that the key belongs to the account (§8.2).
  if (deriveAddress(signer.SigningPubKey) !== signer.Account) {
    throw new SignatureError(
      'wrong-key',
      `the key of ${signer.Account}'s BatchSigner does not derive to it`,
    )
  }
  return {
    BatchSigner: {
      Account: signer.Account,
      SigningPubKey: signer.SigningPubKey,
      TxnSignature: signer.TxnSignature,
    },
  }
}

/**
 * How the final payload names the inner signatures (docs/protocol.md §8.4): `native` entries
 * (default), each signer's signed `blob`, or the signed payload `uuid`s.
 *
 * @example
 * ```ts
 * const notation: BatchSignersNotation = 'uuid'
 * ```
 */
export type BatchSignersNotation = 'native' | 'blob' | 'uuid'

/**
 * The `BatchSigners` of the final payload from the signed inner-signer records: every inner signer
 * exactly once, each signature checked against the Batch as it is now ({@link batchSignerOf}).
 * A missing or unexpected signer is an `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * const BatchSigners = batchSignersFor(batch, records, innerSigners(batch), 'native')
 * ```
 */
export function batchSignersFor(
  batch: BatchTransaction,
  records: readonly PayloadRecord[],
  signers: readonly string[],
  notation: BatchSignersNotation = 'native',
): Array<BatchSignerEntry | string> {
  const bySigner = new Map<string, Array<BatchSignerEntry | string>[number]>()
  for (const record of records) {
    const entry = batchSignerOf(batch, record)
    const account = entry.BatchSigner.Account
    if (!signers.includes(account)) {
      throw new PullSignError(
        'ERR_INPUT',
        `${account} signed, but it is not an inner signer of this Batch`,
      )
    }
    if (bySigner.has(account)) throw new PullSignError('ERR_INPUT', `${account} signed twice`)
    bySigner.set(
      account,
      notation === 'native'
        ? entry
        : notation === 'blob'
          ? (record.response.hex as string)
          : record.meta.uuid,
    )
  }
  const missing = signers.find((account) => !bySigner.has(account))
  if (missing) throw new PullSignError('ERR_INPUT', `${missing} has not signed the Batch yet`)
  return signers.map((account) => bySigner.get(account) as BatchSignerEntry | string)
}
