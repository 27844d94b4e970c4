import type { IssuedAmount } from 'pullsign/wire'
import type { decode } from 'ripple-binary-codec'
import type { AccountState } from './account-state'
import type { NetworkDefinition } from './networks'

/** A transaction as ripple-binary-codec decodes it. */
export type JsonObject = ReturnType<typeof decode>

/** What a transaction type's rules see while applying to the open ledger. */
export interface ApplyContext {
  network: NetworkDefinition
  tx: JsonObject
  /** The sending account (it exists: preclaim checked it). */
  account: AccountState
  /** The fee in drops (already checked to be affordable). */
  fee: bigint
  /** Index of the open ledger (new accounts start with this Sequence). */
  openIndex: number
  lookup(address: string): AccountState | null
  create(address: string): AccountState
  /** Moves native drops and records the change for `balanceChanges`. */
  credit(address: string, drops: bigint): void
}

/** What applying a transaction's own rules produced. */
export interface ApplyOutcome {
  /** `tesSUCCESS` or a `tec` code (fee burned, Sequence used, nothing else changed). */
  result: string
  /** The amount that arrived, for Payments that succeeded (§8.3). */
  delivered?: string | IssuedAmount
}

/** Rules of one transaction type: `preflight` (no state) and `apply` (open ledger). */
export interface TransactionRules {
  /** A `tem` code when the transaction is malformed, else null. Runs before any state check. */
  preflight(tx: JsonObject): string | null
  /** Applies the type's effects after the fee was taken. */
  apply(context: ApplyContext): ApplyOutcome
}
