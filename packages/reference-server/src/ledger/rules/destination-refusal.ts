import type { JsonObject } from '../codec/json-object'
import { depositPreauthIndex } from '../state/keylets'
import { type AccountRoot, LSF } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { PreflightContext } from './transaction-rules'

/**
 * rippled's `verifyDepositPreauth` (View.cpp) for an escrow or channel paying `destination`:
 * `tecNO_PERMISSION` when it set `DepositAuth`, did not submit the transaction itself, and has no
 * DepositPreauth for the submitter; else null.
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
  if ((destination.Flags & LSF.AccountRoot.DepositAuth) === 0) return null
  if (submitter === destination.Account) return null
  return view.read(depositPreauthIndex(destination.Account, submitter)) ? null : 'tecNO_PERMISSION'
}

/**
 * What a destination refuses of a new escrow, check or channel (EscrowCreate::doApply,
 * CreateCheck::preclaim, PayChanCreate::preclaim): `tecNO_PERMISSION` when it set the
 * DisallowIncoming flag of that object type (`disallow`, 0 for escrows; DisallowIncoming
 * amendment), `tecDST_TAG_NEEDED` when it set `RequireDest` and the transaction has no
 * `DestinationTag`; else null.
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
  if (target.Flags & LSF.AccountRoot.RequireDestTag && tx.DestinationTag === undefined) {
    return 'tecDST_TAG_NEEDED'
  }
  return null
}
