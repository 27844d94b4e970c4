import type { AbortError, NetworkError } from '../core/errors/pull-sign-error'
import type { PayloadRecord } from '../wire/payload'
import type {
  PayloadSocketEvent,
  SocketExpiredMessage,
  SocketResolvedMessage,
} from '../wire/socket'
import type { PayloadSubscription } from './payload-subscription'
import type { ReconnectOptions } from './reconnect-policy'

/**
 * What a subscription hands to its callback and its iterator: every docs/protocol.md §4 message with a `type`
 * tag. `resolved` and `expired` carry the payload record fetched after the message (the message
 * is a hint, the record is the proof, docs/protocol.md §9.1); their `data` is `null` when the outcome was learnt
 * by fetching (a late subscriber, or after a reconnect) rather than from the socket.
 *
 * @example
 * ```ts
 * const handle = (event: PayloadEvent) => {
 *   if (event.type === 'resolved') return event.payload.meta.signed
 * }
 * ```
 */
export type PayloadEvent =
  | Exclude<PayloadSocketEvent, { type: 'resolved' | 'expired' }>
  | { type: 'resolved'; data: SocketResolvedMessage | null; payload: PayloadRecord }
  | { type: 'expired'; data: SocketExpiredMessage | null; payload: PayloadRecord }

/**
 * A subscription callback: return anything but `undefined` (or call `subscription.resolve(v)`)
 * to end the subscription with that value.
 *
 * @example
 * ```ts
 * const onEvent: PayloadEventHandler<boolean> = (event) => {
 *   if (event.type === 'opened') console.log('the user opened it')
 *   if (event.type === 'resolved') return event.payload.meta.signed
 * }
 * ```
 */
export type PayloadEventHandler<T> = (
  event: PayloadEvent,
  subscription: PayloadSubscription<T>,
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback that returns nothing keeps listening
) => T | undefined | void | Promise<T | undefined | void>

/**
 * What `resolved` settles with: a value the callback returned (a callback that returns nothing
 * has `T = void`, which drops out), or the final record.
 *
 * @example
 * ```ts
 * const outcome: Settled<boolean> = await subscription.resolved // boolean | PayloadRecord
 * ```
 */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` (a callback without return) must drop out
export type Settled<T> = Exclude<T, undefined | void> | PayloadRecord

/**
 * Options of `payload.subscribe` and `payload.createAndSubscribe`.
 *
 * @example
 * ```ts
 * const options: SubscribeOptions = { signal: AbortSignal.timeout(60_000), keepaliveMs: 15_000 }
 * ```
 */
export interface SubscribeOptions {
  /** Aborting ends the subscription; `resolved` rejects with an {@link AbortError}. */
  signal?: AbortSignal
  /**
   * How often to send `{"ping": true}` (docs/protocol.md §4); a socket silent for twice this long is treated as
   * dead and replaced. Default 15 000.
   */
  keepaliveMs?: number
  /** `false` ends the subscription with a {@link NetworkError} on the first unclean close. */
  reconnect?: ReconnectOptions | false
}

/**
 * Lifecycle events of a subscription (`E`: its events; a `PayloadWatch`'s are the socket's own),
 * for logging and UIs.
 *
 * @example
 * ```ts
 * subscription.on('reconnecting', ({ attempt, delayMs }) => console.log(attempt, delayMs))
 * ```
 */
export interface SubscriptionEvents<E = PayloadEvent> extends Record<string, unknown> {
  /** The socket opened; `reconnect` is the number of reconnects so far. */
  open: { reconnect: number }
  close: { code: number; reason: string }
  reconnecting: { attempt: number; delayMs: number }
  /** Every event, as the iterator yields it. */
  event: E
}
