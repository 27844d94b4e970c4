import type { LedgerObject } from './ledger-object'

/**
 * The ledger a view reads against: the open ledger's index (`seq`, what new objects'
 * `PreviousTxnLgrSeq` and new accounts' `Sequence` are) and the parent ledger's close time in
 * seconds since the Ripple epoch (what `FinishAfter`, `CancelAfter` and `Expiration` are judged
 * against, docs/protocol.md §8.7).
 *
 * @example
 * ```ts
 * const { seq, parentCloseTime } = view.info
 * ```
 */
export interface LedgerInfo {
  readonly seq: number
  readonly parentCloseTime: number
  /** The parent ledger's hash (an AMM's pseudo-account address is derived from it). */
  readonly parentHash?: string
}

/**
 * The network's fee and reserves in drops (docs/protocol.md §8.1).
 *
 * @example
 * ```ts
 * const needed = view.fees.reserve + view.fees.increment * BigInt(ownerCount)
 * ```
 */
export interface LedgerFees {
  readonly base: bigint
  readonly reserve: bigint
  readonly increment: bigint
}

/**
 * Reading ledger objects (rippled's `ReadView`): by index, and the next index in order.
 * Objects read are the view's own: never change one (peek a copy from an {@link ApplyView}).
 *
 * @example
 * ```ts
 * const root = view.read(accountRootIndex(address))
 * ```
 */
export interface ReadView {
  readonly info: LedgerInfo
  readonly fees: LedgerFees
  /** The object at `index`, or undefined. Read-only. */
  read(index: string): Readonly<LedgerObject> | undefined
  /** The first index after `index` (before `last` when given), in the ledger's order, or undefined. */
  succ(index: string, last?: string): string | undefined
}

/**
 * Writing objects through without bookkeeping (rippled's `RawView`): how a view hands its
 * changes to the view below it.
 *
 * @example
 * ```ts
 * sandbox.applyTo(openLedger)
 * ```
 */
export interface RawView {
  rawInsert(object: LedgerObject): void
  rawReplace(object: LedgerObject): void
  rawErase(object: LedgerObject): void
}

/**
 * Changing ledger objects within one transaction (rippled's `ApplyView`): `peek` gives a copy
 * for change, which counts once handed back with `update` (or `erase`); `insert` adds a new one.
 * Nothing reaches the ledger until the transaction succeeds (docs/protocol.md §8.6).
 *
 * @example
 * ```ts
 * const root = view.peek(accountRootIndex(address)) as AccountRoot
 * root.Balance = String(BigInt(root.Balance) - 12n)
 * view.update(root)
 * ```
 */
export interface ApplyView extends ReadView {
  /** A copy of the object at `index` to change (hand it back with `update`/`erase`), or undefined. */
  peek(index: string): LedgerObject | undefined
  /** Adds a new object at its `index` (throws when one is there). */
  insert(object: LedgerObject): void
  /** Keeps the changes made to a peeked object. */
  update(object: LedgerObject): void
  /** Removes a peeked (or inserted) object. */
  erase(object: LedgerObject): void
}
