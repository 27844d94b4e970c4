import { accountRootIndex } from './keylets'
import { type AccountRoot, ZERO_HASH } from './ledger-object'
import type { ApplyView, LedgerFees, ReadView } from './read-view'

/**
 * A new AccountRoot with `balance` drops. New accounts start with the open ledger's index as
 * their Sequence (DeletableAccounts, docs/protocol.md §8.7); an account funded outside any
 * transaction has a zero `PreviousTxnID`.
 *
 * @example
 * ```ts
 * view.insert(newAccountRoot(address, view.info.seq, 0n))
 * ```
 */
export function newAccountRoot(address: string, sequence: number, balance: bigint): AccountRoot {
  return {
    LedgerEntryType: 'AccountRoot',
    Flags: 0,
    Account: address,
    Balance: balance.toString(),
    OwnerCount: 0,
    PreviousTxnID: ZERO_HASH,
    PreviousTxnLgrSeq: 0,
    Sequence: sequence,
    index: accountRootIndex(address),
  }
}

/**
 * The AccountRoot of an address, read-only, or undefined.
 *
 * @example
 * ```ts
 * readAccount(view, address)?.Sequence
 * ```
 */
export const readAccount = (view: ReadView, address: string): Readonly<AccountRoot> | undefined =>
  view.read(accountRootIndex(address)) as Readonly<AccountRoot> | undefined

/**
 * The AccountRoot of an address to change (hand it back with `view.update`), or undefined.
 *
 * @example
 * ```ts
 * const root = peekAccount(view, address)
 * ```
 */
export const peekAccount = (view: ApplyView, address: string): AccountRoot | undefined =>
  view.peek(accountRootIndex(address)) as AccountRoot | undefined

/**
 * An AccountRoot's balance in drops.
 *
 * @example
 * ```ts
 * balanceOf(root) // 100000000n
 * ```
 */
export const balanceOf = (root: Readonly<AccountRoot>): bigint => BigInt(root.Balance)

/**
 * Adds `drops` (negative: takes) to a peeked AccountRoot and updates it.
 *
 * @example
 * ```ts
 * credit(view, root, -12n)
 * ```
 */
export function credit(view: ApplyView, root: AccountRoot, drops: bigint): void {
  root.Balance = (BigInt(root.Balance) + drops).toString()
  view.update(root)
}

/**
 * The reserve an account with `ownerCount` objects must keep: base + increment per object
 * (docs/protocol.md §8.1, rippled `accountReserve`).
 *
 * @example
 * ```ts
 * reserveFor(view.fees, 2) // 1_400_000n on every network of §8.1
 * ```
 */
export const reserveFor = (fees: LedgerFees, ownerCount: number): bigint =>
  fees.reserve + fees.increment * BigInt(ownerCount)

/**
 * Changes a peeked AccountRoot's `OwnerCount` by `delta` (rippled `adjustOwnerCount`) and updates
 * it.
 *
 * @example
 * ```ts
 * adjustOwnerCount(view, root, 1)
 * ```
 */
export function adjustOwnerCount(view: ApplyView, root: AccountRoot, delta: number): void {
  root.OwnerCount = Math.max(0, root.OwnerCount + delta)
  view.update(root)
}
