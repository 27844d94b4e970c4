import type { SessionSnapshot } from './session'
import type {
  SignedResult,
  SignRequestErrorCode,
  SignRequestSnapshot,
  SignRequestStatus,
} from './sign-request-types'

/**
 * The events a sign request's change is told with (the custom elements dispatch them as
 * `CustomEvent`s, bubbling and composed): hyphenated names, so they work as React 19 and Vue
 * listeners.
 *
 * @example
 * ```ts
 * const event: SignRequestEvent = { type: 'pullsign-opened', detail: { uuid } }
 * ```
 */
export type SignRequestEvent =
  | { type: 'pullsign-state'; detail: { status: SignRequestStatus; previous: SignRequestStatus } }
  | { type: 'pullsign-created'; detail: { uuid: string; pushed: boolean } }
  | { type: 'pullsign-opened'; detail: { uuid: string } }
  | { type: 'pullsign-signed'; detail: SignedResult }
  | { type: 'pullsign-rejected'; detail: { uuid: string } }
  | { type: 'pullsign-expired'; detail: { uuid: string; renewable: boolean } }
  | { type: 'pullsign-cancel'; detail: { uuid: string | null } }
  | { type: 'pullsign-error'; detail: { code: SignRequestErrorCode; message: string } }

/**
 * What changed between two snapshots of a sign request, as events, in order: `pullsign-state`
 * on every status change, then the one the new status names (`pullsign-created` when a payload
 * is shown, `pullsign-opened`, `pullsign-signed` with `{uuid, txid, account?}`, …,
 * `pullsign-error` with `{code, message}`).
 *
 * @example
 * ```ts
 * let previous = request.getSnapshot()
 * request.subscribe((next) => {
 *   for (const { type, detail } of signRequestEvents(previous, next)) console.log(type, detail)
 *   previous = next
 * })
 * ```
 */
export function signRequestEvents(
  previous: SignRequestSnapshot,
  next: SignRequestSnapshot,
): SignRequestEvent[] {
  const events: SignRequestEvent[] = []
  const { status, uuid } = next
  // A payload the store's `create` (or client) made, shown.
  if (uuid && previous.status === 'creating' && status === 'waiting') {
    events.push({ type: 'pullsign-created', detail: { uuid, pushed: next.pushed } })
  }
  if (status === previous.status) return events
  events.unshift({ type: 'pullsign-state', detail: { status, previous: previous.status } })
  const named = uuid ?? ''
  if (status === 'opened') events.push({ type: 'pullsign-opened', detail: { uuid: named } })
  if (status === 'signed' && next.result) {
    events.push({ type: 'pullsign-signed', detail: next.result })
  }
  if (status === 'rejected') events.push({ type: 'pullsign-rejected', detail: { uuid: named } })
  if (status === 'expired') {
    events.push({ type: 'pullsign-expired', detail: { uuid: named, renewable: next.renewable } })
  }
  if (status === 'cancelled') events.push({ type: 'pullsign-cancel', detail: { uuid } })
  if (status === 'error' && next.error) {
    const { code, message } = next.error
    events.push({ type: 'pullsign-error', detail: { code, message } })
  }
  return events
}

/**
 * The events a session's change is told with: `pullsign-signin` with the account once signed in,
 * `pullsign-signout` once signed out after being signed in.
 *
 * @example
 * ```ts
 * for (const { type, detail } of sessionEvents(previous, next)) console.log(type, detail)
 * ```
 */
export function sessionEvents(
  previous: SessionSnapshot,
  next: SessionSnapshot,
): (
  | { type: 'pullsign-signin'; detail: { account: string | null } }
  | { type: 'pullsign-signout'; detail: Record<string, never> }
)[] {
  if (next.status === previous.status) return []
  if (next.status === 'signed-in')
    return [{ type: 'pullsign-signin', detail: { account: next.account } }]
  if (next.status === 'signed-out' && previous.status === 'signed-in') {
    return [{ type: 'pullsign-signout', detail: {} }]
  }
  return []
}
