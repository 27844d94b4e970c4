import { systemClock } from '../core/clock'
import { resolveEndpoints } from '../core/endpoints'
import type { Clock } from '../core/seams'
import { defaultWebSocket, type WebSocketConstructor } from '../core/websocket'
import type { Endpoints } from '../wire/endpoints'
import type {
  PayloadSocketEvent,
  SocketExpiredMessage,
  SocketResolvedMessage,
} from '../wire/socket'
import { followPayload } from './payload-subscription'
import type { PayloadTarget } from './payload-target'
import type { SubscribeOptions, SubscriptionEvents } from './subscription-types'

/**
 * Options of {@link watchPayload}: where the platform is, the seams, and a subscription's own
 * options (`signal`, `keepaliveMs`, `reconnect`).
 *
 * @example
 * ```ts
 * const options: WatchOptions = { endpoints: { api: 'http://127.0.0.1:8080' }, signal: AbortSignal.timeout(600_000) }
 * ```
 */
export interface WatchOptions extends SubscribeOptions {
  /** The platform's base URLs; only `api` is used (the socket's host). Production's by default. */
  endpoints?: Partial<Endpoints>
  /** The WebSocket constructor; the runtime's own by default, else `ws`. */
  WebSocket?: WebSocketConstructor
  /** Time and timers of the keepalive and the reconnects; the system clock by default. */
  clock?: Clock
  /** A number in [0, 1): the reconnect jitter; `Math.random` by default. */
  random?: () => number
}

/**
 * How a watched payload ended: the resolve message (`signed`, `txid`, …) or `{expired: true}`
 * (expired unopened, or cancelled). The resolve message is a hint: a backend that acts on it
 * fetches the payload (docs/protocol.md §9.1).
 *
 * @example
 * ```ts
 * const outcome: WatchOutcome = await watch.resolved
 * if ('signed' in outcome && outcome.signed) console.log('signed', outcome.txid)
 * ```
 */
export type WatchOutcome = SocketResolvedMessage | SocketExpiredMessage

/**
 * A payload followed over its public socket: what a subscription offers, with the socket's own
 * messages as events (there is no record without a credential).
 *
 * @example
 * ```ts
 * const watch = await watchPayload(uuid)
 * for await (const event of watch) console.log(event.type)
 * ```
 */
export interface PayloadWatch extends AsyncIterable<PayloadSocketEvent> {
  /** The payload's uuid. */
  readonly uuid: string
  /**
   * Settles with the outcome; rejects with an `ApiError` (status 404) for a payload the
   * platform does not know, a `NetworkError` when the socket cannot be kept, an `AbortError`
   * on `close()` or abort.
   */
  readonly resolved: Promise<WatchOutcome>
  /** Whether the watch has ended. */
  readonly ended: boolean
  /** Listens to `open`, `close`, `reconnecting` and `event`; returns an unsubscribe function. */
  on<K extends keyof SubscriptionEvents<PayloadSocketEvent>>(
    event: K,
    listener: (data: SubscriptionEvents<PayloadSocketEvent>[K]) => void,
  ): () => void
  /** Stops watching: `resolved` rejects with an `AbortError`, iterators end. */
  close(): void
}

/**
 * Follows a payload from anywhere (a page, a worker, an app) over its public socket
 * `{ws-api}/sign/{uuid}` (docs/protocol.md §4): no API key, no sign-in. Resolves once the socket
 * is open. A late watcher gets the resolve message (or the expiry) right after the welcome; a
 * dropped socket is reconnected with the subscriptions' rules. Only a bad argument rejects at
 * once (`ERR_INPUT`, `ERR_CONFIG`).
 *
 * @example
 * ```ts
 * import { watchPayload } from 'pullsign'
 *
 * const created = await fetch('/api/checkout', { method: 'POST' }).then((r) => r.json())
 * const watch = await watchPayload(created, { endpoints: { api: 'http://127.0.0.1:8080' } })
 * watch.on('event', (event) => {
 *   if (event.type === 'opened') console.log('opened in the wallet')
 * })
 * const outcome = await watch.resolved
 * console.log('signed' in outcome && outcome.signed ? `signed ${outcome.txid}` : 'not signed')
 * ```
 */
export async function watchPayload(
  target: PayloadTarget,
  options: WatchOptions = {},
): Promise<PayloadWatch> {
  // No client holds it: `close()`, the signal or its outcome ends it.
  return followPayload(
    {
      api: resolveEndpoints(options.endpoints).api,
      webSocket: async () => options.WebSocket ?? defaultWebSocket(),
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
    },
    target,
    undefined,
    options,
  ) as Promise<never>
}
