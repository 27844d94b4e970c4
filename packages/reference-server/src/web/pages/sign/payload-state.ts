import type { PayloadMeta } from 'pullsign/wire'

/**
 * Where a payload stands, as a person reads it: one word derived from the booleans of the §3.3
 * table.
 */
export type PayloadState = 'pending' | 'opened' | 'signed' | 'rejected' | 'cancelled' | 'expired'

/**
 * The state of a payload from its `meta` (§3.3). An opened payload stays `opened` after it expires:
 * expiry limits opening, not resolving, so it can still be signed or rejected.
 */
export function payloadState(
  meta: Pick<PayloadMeta, 'resolved' | 'signed' | 'cancelled' | 'expired' | 'app_opened'>,
): PayloadState {
  if (meta.resolved) return meta.signed ? 'signed' : 'rejected'
  if (meta.cancelled) return 'cancelled'
  if (meta.app_opened) return 'opened'
  if (meta.expired) return 'expired'
  return 'pending'
}

/** Whether a wallet can still sign or reject a payload in this state. */
export function isActionable(state: PayloadState): boolean {
  return state === 'pending' || state === 'opened'
}

/** The words a page shows for each state. */
export const STATE_LABELS: Readonly<Record<PayloadState, string>> = Object.freeze({
  pending: 'Waiting',
  opened: 'Opened',
  signed: 'Signed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
})
