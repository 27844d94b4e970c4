import type { JsonObject } from '../codec/json-object'
import { balanceOf, readAccount } from '../state/account-root'
import { depositPreauthIndex } from '../state/keylets'
import { type AccountRoot, LSF as LEDGER_FLAGS } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'

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
 * `Payment.cpp`, `DeleteAccount.cpp`, and the `deposit_authorized` method): always, unless the
 * destination set `asfDepositAuth`; then only itself and the senders it preauthorized.
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
 * applies the small-amount exception of native payments.
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
  const parties: DepositParties = {
    destinationFlags: destination.Flags,
    preauthorized: view.read(depositPreauthIndex(destination.Account, sender)) !== undefined,
    sameAccount: sender === destination.Account,
  }
  const allowed =
    nativeAmount === null
      ? depositAuthorized(parties)
      : nativeDepositAuthorized(parties, {
          amount: nativeAmount,
          destinationBalance: balanceOf(destination),
          baseReserve: view.fees.reserve,
        })
  return allowed ? null : 'tecNO_PERMISSION'
}

/**
 * A payment's destination-tag rule (rippled `Payment::preclaim`): an existing destination that
 * set `lsfRequireDestTag` gets no payment without a `DestinationTag` (`tecDST_TAG_NEEDED`).
 *
 * @example
 * ```ts
 * destinationTagResult(view, { Destination: shop, Amount: '1' }) // 'tecDST_TAG_NEEDED'
 * ```
 */
export function destinationTagResult(view: ReadView, tx: JsonObject): string | null {
  const destination = readAccount(view, String(tx.Destination))
  if (!destination || (destination.Flags & LSF.RequireDestTag) === 0) return null
  return tx.DestinationTag === undefined ? 'tecDST_TAG_NEEDED' : null
}
