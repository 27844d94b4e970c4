import type { PayloadRecord, SignedPayloadRecord } from '../wire/payload'
import type { PayloadSocketEvent } from '../wire/socket'
import type { PayloadEvent } from './subscription-types'

/**
 * Whether a record can no longer change: resolved, cancelled, or expired without having been
 * opened (an opened payload can still be signed after expiry, docs/protocol.md §3.3).
 *
 * @example
 * ```ts
 * if (isFinalRecord(record)) console.log('done')
 * ```
 */
export function isFinalRecord(record: PayloadRecord): boolean {
  const { meta } = record
  return meta.resolved || meta.cancelled || (meta.expired && !meta.app_opened)
}

/**
 * Whether the user signed: narrows the record so `response.txid`, `response.hex` and
 * `response.account` are strings.
 *
 * @example
 * ```ts
 * const record = await pullsign.payload.get(uuid)
 * if (isSignedRecord(record)) await pullsign.getTransaction(record.response.txid)
 * ```
 */
export function isSignedRecord(record: PayloadRecord): record is SignedPayloadRecord {
  return record.meta.resolved && record.meta.signed && typeof record.response.txid === 'string'
}

/**
 * What a subscription does next: deliver `event`, and end with its record when `final`.
 *
 * @example
 * ```ts
 * const step: Step = { event: { type: 'opened', data: { opened: true } }, final: false }
 * ```
 */
export interface Step {
  event: PayloadEvent
  final: boolean
}

// The outcome a record shows: `resolved` when it was, else `expired`; the message's data only
// when the message said the same.
const outcome = (record: PayloadRecord, hint?: PayloadSocketEvent): Step => {
  const type = record.meta.resolved ? 'resolved' : 'expired'
  const data = hint?.type === type ? hint.data : null
  return { event: { type, data, payload: record } as PayloadEvent, final: isFinalRecord(record) }
}

/**
 * The step after a fresh fetch on (re)connect: a final record is an outcome even though no
 * message said so (it happened while nobody was connected); anything else is no step.
 *
 * @example
 * ```ts
 * const step = stepFromRecord(await fetchRecord(uuid)) // null while the payload is pending
 * ```
 */
export function stepFromRecord(record: PayloadRecord): Step | null {
  return isFinalRecord(record) ? outcome(record) : null
}

/**
 * The step for a `resolved` or `expired` message once the record has been fetched. The message
 * is a hint, the record is the proof (docs/protocol.md §4, §9.1): a resolve whose record is not
 * resolved is ignored (`null`), and an expiry whose record was resolved meanwhile is a
 * resolution. An opened payload that expired goes on (it can still be signed).
 *
 * @example
 * ```ts
 * const step = stepFromHint(event, await fetchRecord(uuid))
 * ```
 */
export function stepFromHint(
  hint: Extract<PayloadSocketEvent, { type: 'resolved' | 'expired' }>,
  record: PayloadRecord,
): Step | null {
  return hint.type === 'resolved' && !record.meta.resolved ? null : outcome(record, hint)
}
