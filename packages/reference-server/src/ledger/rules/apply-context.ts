import type { IssuedAmount } from 'pullsign/wire'
import type { AmendmentRules } from '../amendments/amendment-table'
import type { IssuedValue } from '../amounts/issued-value'
import type { JsonObject } from '../codec/json-object'
import type { NetworkDefinition } from '../networks'
import type { AccountState } from '../state/account-state'
import type { StoredTransaction } from '../state/stored-transaction'
import type { TrustLine } from '../state/trust-line'

/**
 * Price of one native unit in a currency (the rates lookup of docs/protocol.md §2), or null when
 * the simulator has none: the market pay-with-anything converts through (§8.5).
 *
 * @example
 * ```ts
 * const price: NativePrice = (currency, native) => (currency === 'USD' && native === 'XRP' ? 0.52 : null)
 * ```
 */
export type NativePrice = (currency: string, native: string) => number | null

/** What a transaction type's rules see while applying to the open ledger. */
export interface ApplyContext {
  network: NetworkDefinition
  /** The network's amendment table (docs/protocol.md §8.7). */
  amendments: AmendmentRules
  tx: JsonObject
  /** Signed by the account's own master key (not a regular key, not multi-signed). */
  signedWithMaster: boolean
  /** The sending account (it exists: preclaim checked it). */
  account: AccountState
  /** The fee in drops (already checked to be affordable). */
  fee: bigint
  /** Index of the open ledger (new accounts start with this Sequence). */
  openIndex: number
  /** The simulator's prices; null means no path through a market. */
  price: NativePrice
  lookup(address: string): AccountState | null
  create(address: string): AccountState
  /** Moves native drops and records the change for `balanceChanges`. */
  credit(address: string, drops: bigint): void
  /** The trust line between two accounts in a currency, or null. */
  line(a: string, b: string, currency: string): TrustLine | null
  /** Creates the (empty) trust line between two accounts in a currency. */
  createLine(a: string, b: string, currency: string): TrustLine
  /** Removes a trust line (back to the default state). */
  deleteLine(line: TrustLine): void
  /** Moves `value` of the line's asset to `receiver`, recorded for `balanceChanges`. */
  shift(line: TrustLine, receiver: string, value: IssuedValue): void
}

/** What applying a transaction's own rules produced. */
export interface ApplyOutcome {
  /** `tesSUCCESS` or a `tec` code (fee burned, Sequence used, nothing else changed). */
  result: string
  /** The amount that arrived, for Payments that succeeded (§8.3). */
  delivered?: string | IssuedAmount
  /** Set on partial payments: `meta.DeliveredAmount` (docs/protocol.md §8.3). */
  partial?: boolean
  /** A Batch's inner transactions that were applied (docs/protocol.md §8.4). */
  inner?: StoredTransaction[]
}

/** Rules of one transaction type: `preflight` (no state) and `apply` (open ledger). */
export interface TransactionRules {
  /** A `tem` code when the transaction is malformed, else null. Runs before any state check. */
  preflight(tx: JsonObject, amendments: AmendmentRules): string | null
  /** Applies the type's effects after the fee was taken. */
  apply(context: ApplyContext): ApplyOutcome
}
