import type { JsonObject } from '../codec/json-object'
import type { NetworkDefinition } from '../networks'
import type { Refusal } from '../view/refusal'
import type { TransactionMeta } from './transaction-meta'

/** A transaction held by a network ledger, open or validated, with its metadata. */
export interface StoredTransaction {
  txid: string
  network: NetworkDefinition
  /** The decoded transaction as submitted. */
  tx: JsonObject
  /** Index of the ledger holding it (the open one until it closes). */
  ledgerIndex: number
  validated: boolean
  /** Close time of its ledger (ms since the epoch), once validated. */
  closedAt: number | null
  /**
   * Its metadata as rippled stores it (`TransactionIndex`, `TransactionResult`, `AffectedNodes`,
   * `DeliveredAmount`): the one source of `delivered_amount` and `balanceChanges` (§8.5, §8.6).
   */
  meta: TransactionMeta
  /** A Batch's inner transactions that were applied (docs/protocol.md §8.4). */
  inner: StoredTransaction[]
  /** Why its `tec` result is not `tesSUCCESS` (view/refusal.ts; `explain`); absent on success. */
  refusal?: Refusal
  /** Applied as its `Account` without its key (the control API's impersonation, §10). */
  impersonated?: boolean
}
