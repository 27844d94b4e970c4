import type { JsonObject } from '../../codec/json-object'
import { balanceOf, readAccount } from '../../state/account-root'
import { depositPreauthIndex } from '../../state/keylets'
import { type AccountRoot, LSF as LEDGER_FLAGS } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { refuse, type Verdict } from '../../view/refusal'
import type { PreflightContext } from '../transaction-rules'
import {
  type CredentialContext,
  credentialsPreauthorized,
  expiredCredentialsRefusal,
} from './credential-ids'

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
 * Deposit authorization of funds the submitter moves to `destination` (rippled
 * CredentialHelpers.cpp `verifyDepositPreauth`): the transaction's expired credentials are
 * deleted first (`tecEXPIRED`, {@link expiredCredentialsRefusal}), even for a destination the
 * payment creates (undefined here); then a destination that set DepositAuth takes funds only from
 * itself, from a sender it preauthorized, or from one whose
 * `CredentialIDs` are exactly a set it preauthorized (else `tecNO_PERMISSION`). Null when
 * allowed. EscrowFinish::doApply (the submitter, whoever finishes), PayChanClaim::doApply,
 * Payment::doApply and DeleteAccount::doApply (with `CredentialIDs`) ask this; CashCheck does
 * not, as only the destination cashes.
 *
 * @example
 * ```ts
 * const refusal = depositRefusal(context, submitter, destinationRoot)
 * if (refusal) return refusal
 * ```
 */
export function depositRefusal(
  context: CredentialContext,
  submitter: string,
  destination: Readonly<AccountRoot> | undefined,
): Verdict | null {
  const expired = expiredCredentialsRefusal(context)
  if (expired || !destination) return expired
  const { view, tx } = context
  if (depositAuthorized(depositParties(view, submitter, destination))) return null
  if (tx.CredentialIDs !== undefined && credentialsPreauthorized(view, tx, destination.Account)) {
    return null
  }
  const by = tx.CredentialIDs === undefined ? '' : ' nor its credentials'
  const detail = `${destination.Account} set DepositAuth and preauthorized neither ${submitter}${by}`
  return refuse('tecNO_PERMISSION', 'deposit-auth', detail, 'CredentialHelpers.cpp')
}

/** A native deposit's drops against the base reserve. */
export interface ReserveRefill {
  amount: bigint
  destinationBalance: bigint
  baseReserve: bigint
}

/**
 * Payment::doApply's exception to deposit authorization for native payments: at most the base
 * reserve to an account holding at most the base reserve always passes (nothing else is asked),
 * so an account that set DepositAuth and spent its funds can still be given enough to pay fees.
 *
 * @example
 * ```ts
 * refillsReserve({ amount: 1_000_000n, destinationBalance: 0n, baseReserve: 1_000_000n }) // true
 * ```
 */
export const refillsReserve = (drops: ReserveRefill): boolean =>
  drops.amount <= drops.baseReserve && drops.destinationBalance <= drops.baseReserve

/**
 * Deposit authorization of a payment on the ledger (rippled `Payment::doApply`): null when the
 * sender may pay `destination` (undefined: one the payment creates), else the refusal.
 * `nativeAmount` (drops) applies the small-amount exception of native payments first (then
 * nothing else is asked, not even the credentials' expiry, as in rippled); null (issued) is
 * {@link depositRefusal}.
 *
 * @example
 * ```ts
 * paymentDepositResult(context, sender, receiver, 5_000_000n) // null or 'tecNO_PERMISSION'
 * ```
 */
export function paymentDepositResult(
  context: CredentialContext,
  sender: string,
  destination: Readonly<AccountRoot> | undefined,
  nativeAmount: bigint | null,
): Verdict | null {
  const refill =
    nativeAmount !== null &&
    refillsReserve({
      amount: nativeAmount,
      destinationBalance: destination ? balanceOf(destination) : 0n,
      baseReserve: context.view.fees.reserve,
    })
  return refill ? null : depositRefusal(context, sender, destination)
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
