import { LSF as LEDGER_FLAGS } from '../state/ledger-object'

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
