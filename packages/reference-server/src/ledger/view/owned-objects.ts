import { adjustOwnerCount, peekAccount, reserveFor } from '../state/account-root'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from '../state/directory'
import { ownerDirIndex } from '../state/keylets'
import type { AccountRoot, LedgerObject } from '../state/ledger-object'
import type { ApplyView, ReadView } from '../state/read-view'
import { LedgerFault } from './ledger-fault'
import { type Refusal, refuse } from './refusal'

/**
 * Objects an account owns (rippled View.cpp `adjustOwnerCount`, `dirLink`, ApplyView
 * `dirInsert`/`dirRemove`, and each transactor's reserve check): the one place an owned object
 * enters and leaves the ledger, with its owner directory (and its destination's), its owner count
 * and the reserve it needs.
 */

/**
 * Whether `balance` (in drops) carries the reserve of an account owning `ownerCount` objects
 * (rippled `accountReserve(ownerCount)`): each transactor asks it with the balance and the count
 * rippled uses (the balance before the fee for most, `mPriorBalance`).
 *
 * @example
 * ```ts
 * if (!coversReserve(view, priorBalance, account.OwnerCount + 1)) return 'tecINSUFFICIENT_RESERVE'
 * ```
 */
export const coversReserve = (view: ReadView, balance: bigint, ownerCount: number): boolean =>
  balance >= reserveFor(view.fees, ownerCount)

/**
 * The refusal `result` (`tecINSUFFICIENT_RESERVE` unless given: `tecNO_LINE_INSUF_RESERVE`,
 * `tecUNFUNDED`…) when `balance` does not carry the reserve of `ownerCount` objects
 * ({@link coversReserve}), naming both and the rule's `source`; null when it does.
 *
 * @example
 * ```ts
 * const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, 'CreateCheck.cpp')
 * if (short) return short
 * ```
 */
export function reserveRefusal(
  view: ReadView,
  balance: bigint,
  ownerCount: number,
  source: string,
  result = 'tecINSUFFICIENT_RESERVE',
): Refusal | null {
  const reserve = reserveFor(view.fees, ownerCount)
  if (balance >= reserve) return null
  const detail = `the balance of ${balance} drops is below the reserve of ${reserve} drops for ${ownerCount} owned objects`
  return refuse(result, 'reserve', detail, source)
}

/** Where an owned object is linked: its owner (and a destination that lists it too). */
export interface OwnedLinks {
  /** The owner's AccountRoot, peeked: its owner count changes. */
  owner: AccountRoot
  /** An account whose directory lists the object too (`DestinationNode`), when not the owner. */
  destination?: string
  /** Owned objects it counts for (1; a legacy SignerList counted more). */
  count?: number
}

/**
 * Adds a new owned object: in its owner's directory (`OwnerNode`) and its destination's
 * (`DestinationNode`, in rippled's order: the destination first), inserted, the owner's count up.
 * `tecDIR_FULL` when a directory is full, else `tesSUCCESS`.
 *
 * @example
 * ```ts
 * const added = addOwnedObject(view, check, { owner: account, destination })
 * if (added !== 'tesSUCCESS') return added
 * ```
 */
export function addOwnedObject(view: ApplyView, object: LedgerObject, links: OwnedLinks): string {
  const { owner, destination } = links
  if (destination !== undefined && destination !== owner.Account) {
    const page = dirInsert(
      view,
      ownerDirIndex(destination),
      object.index,
      describeOwnerDir(destination),
    )
    if (page === null) return 'tecDIR_FULL'
    object.DestinationNode = uint64Json(page)
  }
  const page = dirInsert(
    view,
    ownerDirIndex(owner.Account),
    object.index,
    describeOwnerDir(owner.Account),
  )
  if (page === null) return 'tecDIR_FULL'
  object.OwnerNode = uint64Json(page)
  view.insert(object)
  adjustOwnerCount(view, owner, links.count ?? 1)
  return 'tesSUCCESS'
}

/**
 * Takes `index` out of page `page` of `account`'s owner directory (rippled `dirRemove`, the root
 * kept when `keepRoot`): a directory that does not hold it is a broken ledger, `tefBAD_LEDGER`
 * (thrown as a {@link LedgerFault}, the transaction applies nothing).
 *
 * @example
 * ```ts
 * unlinkOwned(view, owner, object.OwnerNode, object.index, true)
 * ```
 */
export function unlinkOwned(
  view: ApplyView,
  account: string,
  page: unknown,
  index: string,
  keepRoot: boolean,
): void {
  if (!dirRemove(view, ownerDirIndex(account), uint64Of(page), index, keepRoot)) {
    throw new LedgerFault('tefBAD_LEDGER', `${index} is not in ${account}'s directory`)
  }
}

/**
 * Removes an owned object: out of its owner's directory and its destination's, erased, its
 * owner's count down (when the owner still exists). A directory that does not hold it throws
 * `tefBAD_LEDGER` ({@link unlinkOwned}). `keepRoot` keeps an emptied directory's root page, as
 * rippled does for escrows, checks, channels and tickets.
 *
 * @example
 * ```ts
 * removeOwnedObject(view, escrow, { owner: escrow.Account, destination: escrow.Destination, keepRoot: true })
 * ```
 */
export function removeOwnedObject(
  view: ApplyView,
  object: LedgerObject,
  links: { owner: string; destination?: string; count?: number; keepRoot: boolean },
): void {
  const { owner, destination, keepRoot } = links
  if (destination !== undefined && destination !== owner && object.DestinationNode !== undefined) {
    unlinkOwned(view, destination, object.DestinationNode, object.index, keepRoot)
  }
  unlinkOwned(view, owner, object.OwnerNode, object.index, keepRoot)
  const root = peekAccount(view, owner)
  if (root) adjustOwnerCount(view, root, -(links.count ?? 1))
  view.erase(object)
}
