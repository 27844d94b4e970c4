import type { IssuedAmount } from 'pullsign/wire'
import type { JsonObject } from '../codec/json-object'
import type { NetworkDefinition } from '../networks'
import type { BalanceRecord } from './balance-record'

/** A transaction held by a network ledger, open or validated. */
export interface StoredTransaction {
  txid: string
  network: NetworkDefinition
  /** The decoded transaction as submitted. */
  tx: JsonObject
  result: string
  ledgerIndex: number
  transactionIndex: number
  validated: boolean
  /** Close time of its ledger (ms since the epoch), once validated. */
  closedAt: number | null
  /** Every balance it changed, for its metadata and `balanceChanges` (docs/protocol.md §8.5). */
  balances: BalanceRecord
  delivered: string | IssuedAmount | undefined
  /** A partial payment: `meta.DeliveredAmount` is set (§8.3). */
  partial: boolean
  /** A Batch's inner transactions that were applied (docs/protocol.md §8.4). */
  inner: StoredTransaction[]
}
