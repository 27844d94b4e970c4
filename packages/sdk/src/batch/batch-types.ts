import type { TransactionJson } from '../wire/transaction'

/**
 * The outer `Flags` of a Batch, one per mode (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * BATCH_MODES.ALLORNOTHING // 65536
 * ```
 */
export const BATCH_MODES = /* @__PURE__ */ Object.freeze({
  ALLORNOTHING: 0x0001_0000,
  ONLYONE: 0x0002_0000,
  UNTILFAILURE: 0x0004_0000,
  INDEPENDENT: 0x0008_0000,
})

/**
 * How the ledger applies the inner transactions: all or none, the first success only, in order
 * until the first failure, or each on its own (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const mode: BatchMode = 'ALLORNOTHING'
 * ```
 */
export type BatchMode = keyof typeof BATCH_MODES

/**
 * The flag every inner transaction carries (`tfInnerBatchTxn`, 0x40000000, docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * (inner.Flags & INNER_BATCH_FLAG) !== 0 // true for every inner transaction
 * ```
 */
export const INNER_BATCH_FLAG = 0x4000_0000

/**
 * An inner transaction as the Batch carries it: no fee, no key, the inner flag set.
 *
 * @example
 * ```ts
 * const inner: InnerTransaction = batch.RawTransactions[0]!.RawTransaction
 * ```
 */
export interface InnerTransaction extends TransactionJson {
  Account: string
  Fee: '0'
  SigningPubKey: ''
  Flags: number
  Sequence: number
}

/**
 * One inner signer's signature in native notation (docs/protocol.md §8.4).
 *
 * @example
 * ```ts
 * const entry: BatchSignerEntry = { BatchSigner: { Account: 'r…', SigningPubKey: 'ED…', TxnSignature: '…' } }
 * ```
 */
export interface BatchSignerEntry {
  BatchSigner: { Account: string; SigningPubKey: string; TxnSignature: string }
}

/**
 * A Batch transaction (docs/protocol.md §8.4) with its outer `Account` and `Sequence` (or
 * `Sequence: 0` and `TicketSequence`) fixed, as {@link buildBatch} makes it.
 *
 * @example
 * ```ts
 * const batch: BatchTransaction = buildBatch({ mode: 'ALLORNOTHING', account, sequence, transactions })
 * ```
 */
export interface BatchTransaction extends TransactionJson {
  TransactionType: 'Batch'
  Account: string
  Flags: number
  Sequence: number
  TicketSequence?: number
  RawTransactions: Array<{ RawTransaction: InnerTransaction }>
  BatchSigners?: Array<BatchSignerEntry | string>
}
