import { encodeForSigningBatch } from 'ripple-binary-codec'
import { encodeTransaction } from './transaction-encode'
import { ledgerTransactionId } from './transaction-id'

/**
 * A Batch as JSON; its signing data reads Account, Sequence, TicketSequence, Flags and
 * RawTransactions (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const batch: BatchFields = { Account, Sequence: 5, Flags: BATCH_MODES.INDEPENDENT, RawTransactions: [] }
 * ```
 */
export type BatchFields = Record<string, unknown>

/**
 * Batch flags of docs/protocol.md §8.4, one of which each Batch carries.
 *
 * @example
 * ```ts
 * const Flags = BATCH_MODES.ALLORNOTHING // 65536
 * ```
 */
export const BATCH_MODES = {
  ALLORNOTHING: 0x00010000,
  ONLYONE: 0x00020000,
  UNTILFAILURE: 0x00040000,
  INDEPENDENT: 0x00080000,
} as const

/**
 * The flag every inner transaction of a Batch carries (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const inner = { ...payment, Fee: '0', SigningPubKey: '', Flags: INNER_BATCH_FLAG }
 * ```
 */
export const INNER_BATCH_FLAG = 0x40000000

/**
 * The inner transactions of a Batch, unwrapped from `RawTransactions`.
 *
 * @example
 * ```ts
 * innerTransactions(batch).map((tx) => tx.Account)
 * ```
 */
export function innerTransactions(batch: BatchFields): Record<string, unknown>[] {
  const raw = Array.isArray(batch.RawTransactions) ? batch.RawTransactions : []
  return raw.map((entry) => (entry as { RawTransaction: Record<string, unknown> }).RawTransaction)
}

/**
 * The BatchV1_1 data an inner signer signs (docs/protocol.md §8.4): `42434800` + outer Account +
 * outer Sequence (or TicketSequence when Sequence is 0) + outer Flags + inner count + each inner
 * transaction id + the signer's AccountID, as ripple-binary-codec writes it. Throws when a field
 * cannot be encoded.
 *
 * @example
 * ```ts
 * const data = batchSigningData(batch, signer.address)
 * const TxnSignature = sign(data, signer.privateKey)
 * ```
 */
export function batchSigningData(batch: BatchFields, signer: string): string {
  const sequence = batch.Sequence === 0 ? batch.TicketSequence : batch.Sequence
  return encodeForSigningBatch({
    account: batch.Account,
    sequence,
    flags: batch.Flags ?? 0,
    txIDs: innerTransactions(batch).map((tx) => ledgerTransactionId(encodeTransaction(tx))),
    batchAccount: signer,
  })
}
