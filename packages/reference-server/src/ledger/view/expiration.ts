import type { ReadView } from '../state/read-view'
import { type Refusal, refuse } from './refusal'

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

/**
 * `tecEXPIRED` when an expiration has passed ({@link hasExpired}), naming what expired, both times
 * and the rippled file of the rule that asks; null while it holds.
 *
 * @example
 * ```ts
 * const expired = expiredRefusal(view, offer.Expiration, "the offer's", 'NFTokenAcceptOffer.cpp')
 * if (expired) return expired
 * ```
 */
export function expiredRefusal(
  view: ReadView,
  expiration: unknown,
  whose: string,
  source: string,
): Refusal | null {
  if (!hasExpired(view, expiration)) return null
  const close = view.info.parentCloseTime
  const detail = `${whose} Expiration ${expiration} is not after the parent ledger's close ${close}`
  return refuse('tecEXPIRED', 'expired', detail, source)
}
