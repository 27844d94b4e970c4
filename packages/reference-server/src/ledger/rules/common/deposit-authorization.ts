import type { JsonObject } from '../../codec/json-object'
import { balanceOf, readAccount } from '../../state/account-root'
import { depositPreauthIndex } from '../../state/keylets'
import { type AccountRoot, LSF as LEDGER_FLAGS } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import type { PreflightContext } from '../transaction-rules'

// May this destination receive: the one place each transactor asks (docs/protocol.md §8.7).
// Payment.cpp, DeleteAccount.cpp, EscrowFinish (Escrow.cpp), PayChanClaim (PayChan.cpp) and the
// `deposit_authorized` method ask about DepositAuth; EscrowCreate, CreateCheck, CashCheck,
// PayChanCreate, Payment and DeleteAccount ask about RequireDest.

const LSF = LEDGER_FLAGS.AccountRoot

/** What deciding a deposit needs: the destination's flags and its preauthorizations. */
export interface DepositParties {
  /** The destination's AccountRoot `Flags`. */
  destinationFlags: number
  /** The destination holds a DepositPreauth for the sender. */
  preauthorized: boolean
  /** Sender and destination are one account (it may always pay itself). */
  sameAccount: boolean
}

/**
 * Whether a sender may deposit to a destination (xrpl.org "Deposit Authorization"; rippled
 * `verifyDepositPreauth` in View.cpp, `Payment.cpp`, `DeleteAccount.cpp`, and the
 * `deposit_authorized` method): always, unless the destination set `asfDepositAuth`; then only
 * itself and the senders it preauthorized.
 *
 * @example
 * ```ts
 * depositAuthorized({ destinationFlags: LSF.DepositAuth, preauthorized: false, sameAccount: false }) // false
 * ```
 */
export function depositAuthorized(parties: DepositParties): boolean {
  if ((parties.destinationFlags & LSF.DepositAuth) === 0) return true
  return parties.sameAccount || parties.preauthorized
}

/**
 * The parties of a deposit from `sender` to the existing `destination`, as the ledger holds them.
 *
 * @example
 * ```ts
 * depositAuthorized(depositParties(view, alice, bobRoot))
 * ```
 */
export function depositParties(
  view: ReadView,
  sender: string,
  destination: Readonly<AccountRoot>,
): DepositParties {
  return {
    destinationFlags: destination.Flags,
    preauthorized: view.read(depositPreauthIndex(destination.Account, sender)) !== undefined,
    sameAccount: sender === destination.Account,
  }
}

/**
 * Deposit authorization of funds the submitter moves to `destination`: null when allowed, else
 * `tecNO_PERMISSION`. EscrowFinish::doApply (`verifyDepositPreauth` with the submitter, whoever
 * finishes), PayChanClaim::doApply (`txAccount != dst` without a DepositPreauth), and issued
 * payments (Payment::doApply) ask this; CashCheck does not, as only the destination cashes.
 *
 * @example
 * ```ts
 * const refusal = depositRefusal(view, submitter, destinationRoot)
 * if (refusal) return refusal
 * ```
 */
export function depositRefusal(
  view: ReadView,
  submitter: string,
  destination: Readonly<AccountRoot>,
): string | null {
  return depositAuthorized(depositParties(view, submitter, destination)) ? null : 'tecNO_PERMISSION'
}

/**
 * Deposit authorization for a native payment (rippled `Payment::doApply`): as
 * `depositAuthorized`, except that a payment of at most the base reserve to a destination
 * holding at most the base reserve always passes, so an account that set DepositAuth and spent
 * its funds can still be given enough to pay fees again.
 *
 * @example
 * ```ts
 * nativeDepositAuthorized(parties, { amount: 1_000_000n, destinationBalance: 0n, baseReserve: 1_000_000n }) // true
 * ```
 */
export function nativeDepositAuthorized(
  parties: DepositParties,
  drops: { amount: bigint; destinationBalance: bigint; baseReserve: bigint },
): boolean {
  if (depositAuthorized(parties)) return true
  return drops.amount <= drops.baseReserve && drops.destinationBalance <= drops.baseReserve
}

/**
 * Deposit authorization of a payment on the ledger (rippled `Payment::doApply`): null when the
 * sender may pay the existing `destination`, else `tecNO_PERMISSION`. `nativeAmount` (drops)
 * applies the small-amount exception of native payments; null (issued) is {@link depositRefusal}.
 *
 * @example
 * ```ts
 * paymentDepositResult(view, sender, receiver, 5_000_000n) // null or 'tecNO_PERMISSION'
 * ```
 */
export function paymentDepositResult(
  view: ReadView,
  sender: string,
  destination: Readonly<AccountRoot>,
  nativeAmount: bigint | null,
): string | null {
  if (nativeAmount === null) return depositRefusal(view, sender, destination)
  const allowed = nativeDepositAuthorized(depositParties(view, sender, destination), {
    amount: nativeAmount,
    destinationBalance: balanceOf(destination),
    baseReserve: view.fees.reserve,
  })
  return allowed ? null : 'tecNO_PERMISSION'
}

/**
 * The destination-tag rule: a destination that set `lsfRequireDestTag` gets nothing without a
 * `DestinationTag` (`tecDST_TAG_NEEDED`). `tagged` is what carries the tag: the transaction
 * (Payment::preclaim, EscrowCreate::preclaim, CreateCheck::preclaim, PayChanCreate::preclaim,
 * DeleteAccount::preclaim) or the check being cashed (CashCheck::preclaim).
 *
 * @example
 * ```ts
 * tagRefusal(shopRoot.Flags, { Destination: shop }) // 'tecDST_TAG_NEEDED'
 * ```
 */
export function tagRefusal(
  destinationFlags: number,
  tagged: Readonly<Record<string, unknown>>,
): string | null {
  const needed = (destinationFlags & LSF.RequireDestTag) !== 0
  return needed && tagged.DestinationTag === undefined ? 'tecDST_TAG_NEEDED' : null
}

/**
 * A payment's destination-tag rule (rippled `Payment::preclaim`), for an existing destination.
 *
 * @example
 * ```ts
 * destinationTagResult(view, { Destination: shop, Amount: '1' }) // 'tecDST_TAG_NEEDED'
 * ```
 */
export function destinationTagResult(view: ReadView, tx: JsonObject): string | null {
  const destination = readAccount(view, String(tx.Destination))
  return destination ? tagRefusal(destination.Flags, tx) : null
}

/**
 * What a destination refuses of a new escrow, check or channel (EscrowCreate::preclaim,
 * CreateCheck::preclaim, PayChanCreate::preclaim, in that order): `tecNO_PERMISSION` when it set
 * the DisallowIncoming flag of that object type (`disallow`, 0 for escrows; DisallowIncoming
 * amendment), then {@link tagRefusal}; else null. None of them asks about DepositAuth: that is
 * asked when the funds move (EscrowFinish, PayChanClaim).
 *
 * @example
 * ```ts
 * incomingRefusal(target, tx, context, LSF.AccountRoot.DisallowIncomingCheck)
 * ```
 */
export function incomingRefusal(
  target: Readonly<AccountRoot>,
  tx: JsonObject,
  context: PreflightContext,
  disallow: number,
): string | null {
  if (context.enabled('DisallowIncoming') && target.Flags & disallow) return 'tecNO_PERMISSION'
  return tagRefusal(target.Flags, tx)
}
