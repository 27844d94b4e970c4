import type { ReadView } from '../state/read-view'

/**
 * Whether an expiration (seconds since the Ripple epoch) has passed: the parent ledger closed at
 * or after it (rippled View.cpp `hasExpired`). An offer, a check, an NFT offer or a transaction's
 * `Expiration` all ask this one.
 *
 * @example
 * ```ts
 * if (hasExpired(view, tx.Expiration)) return 'tecEXPIRED'
 * ```
 */
export const hasExpired = (view: ReadView, expiration: unknown): boolean =>
  typeof expiration === 'number' && view.info.parentCloseTime >= expiration
