import { Emitter } from '../core/emitter'
import { refusedPermission } from '../core/errors/permission-error'
import { AbortError, NetworkError, PullSignError } from '../core/errors/pull-sign-error'
import { positiveOr } from '../core/input'
import type { Clock } from '../core/seams'
import type { WebSocketConstructor } from '../core/websocket'
import { payloadSocketUrl } from '../wire/endpoints'
import type { PayloadRecord } from '../wire/payload'
import type { PayloadSocketEvent } from '../wire/socket'
import { EventStream } from './event-stream'
import { PayloadExpiredError } from './payload-expired-error'
import { type Step, stepFromHint, stepFromRecord } from './payload-outcome'
import { openPayloadSocket, type PayloadSocket } from './payload-socket'
import { type PayloadTarget, payloadUuid } from './payload-target'
import { createReconnectPolicy, type ReconnectPolicy } from './reconnect-policy'
import type {
  PayloadEvent,
  PayloadEventHandler,
  Settled,
  SubscribeOptions,
  SubscriptionEvents,
} from './subscription-types'

/**
 * What a subscription needs from the client core.
 *
 * @example
 * ```ts
 * const deps: SubscriptionDeps = { uuid, url, fetchRecord: (id) => api.get(id), webSocket: core.webSocket, hold: core.hold, clock, random: Math.random }
 * ```
 */
export interface SubscriptionDeps {
  uuid: string
  url: string
  /**
   * Fetches the record (a credential's call). Without it the subscription follows the public
   * socket alone (`watchPayload`): it ends with the resolve or expiry message itself.
   */
  fetchRecord?(uuid: string): Promise<PayloadRecord>
  webSocket(): Promise<WebSocketConstructor>
  /** Registers the subscription with its client, whose `close()` ends it (none for a watcher). */
  hold?(closer: () => unknown): () => void
  clock: Clock
  random: () => number
}

/**
 * Starts a subscription to the payload `target` names, on its socket `{ws-api}/sign/{uuid}` of
 * `api`: the one start of `payload.subscribe` and `watchPayload`.
 *
 * @example
 * ```ts
 * const subscription = await followPayload({ ...core.seams, api, webSocket: core.webSocket }, uuid, undefined, {})
 * ```
 */
export const followPayload = <T>(
  deps: Omit<SubscriptionDeps, 'uuid' | 'url'> & { api: string },
  target: PayloadTarget,
  onEvent: PayloadEventHandler<T> | undefined,
  options: SubscribeOptions,
): Promise<PayloadSubscription<T>> => {
  const uuid = payloadUuid(target)
  return new PayloadSubscription<T>(
    { ...deps, uuid, url: payloadSocketUrl(deps.api, uuid) },
    onEvent,
    options,
  ).start()
}

const neverOpened = (url: string, code: number) =>
  new NetworkError(
    `the websocket ${url} never opened (close code ${code}); msw serves no sockets: use server.listen(0) or a WebSocket option`,
  )

/**
 * A live subscription to a payload's websocket (docs/protocol.md §4). It ends by itself when the
 * payload is resolved, cancelled or expired (with the fetched record), when the callback returns a
 * value, on `resolve(v)`, on `close()` or on abort. It survives dropped connections: it reconnects
 * with backoff and fetches the record after every (re)connect, so no resolution is missed. A
 * socket that never opened at all fails it at once with a {@link NetworkError} saying what to do.
 *
 * @example
 * ```ts
 * const subscription = await pullsign.payload.subscribe(uuid)
 * for await (const event of subscription) console.log(event.type)
 * const record = await subscription.resolved
 * ```
 */
export class PayloadSubscription<T = PayloadRecord> implements AsyncIterable<PayloadEvent> {
  /** The payload's uuid. */
  declare readonly uuid: string
  /** Settles when the subscription ends: the callback's value, or the final record. */
  declare readonly resolved: Promise<Settled<T>>
  /** The last fetched record (refreshed after every (re)connect and terminal message). */
  declare payload: PayloadRecord
  readonly #deps: SubscriptionDeps
  readonly #onEvent: PayloadEventHandler<T> | undefined
  readonly #keepaliveMs: number
  readonly #reconnect: ReconnectPolicy | null
  readonly #signal: AbortSignal | undefined
  readonly #emitter = new Emitter<SubscriptionEvents>()
  readonly #stream = new EventStream<PayloadEvent>(() => this.close())
  readonly #ready: Promise<void>
  #settle!: (value: Settled<T>) => void
  #reject!: (error: unknown) => void
  #markReady!: (error?: unknown) => void
  #socket: PayloadSocket | null = null
  #opened = false
  #payloadOpened = false
  #ended = false
  #reconnects = 0
  #reconnectTimer: unknown
  #release: (() => void) | undefined
  #gone: Promise<unknown> = Promise.resolve()
  #chain: Promise<void> = Promise.resolve()
  readonly #onAbort = () => {
    this.#fail(new AbortError(`the subscription to payload ${this.uuid} was aborted`), true)
  }

  /** @internal Use `payload.subscribe`. */
  constructor(
    deps: SubscriptionDeps,
    onEvent: PayloadEventHandler<T> | undefined,
    options: SubscribeOptions,
  ) {
    this.uuid = deps.uuid
    this.#deps = deps
    this.#onEvent = onEvent
    this.#keepaliveMs = positiveOr(options.keepaliveMs, 15_000, 'keepaliveMs')
    const reconnect = options.reconnect ?? {}
    this.#reconnect = reconnect === false ? null : createReconnectPolicy(reconnect, deps.random)
    if (options.signal !== undefined && typeof options.signal?.addEventListener !== 'function') {
      throw new PullSignError('ERR_INPUT', 'signal must be an AbortSignal')
    }
    this.#signal = options.signal
    this.resolved = new Promise<Settled<T>>((resolve, reject) => {
      this.#settle = resolve
      this.#reject = reject
    })
    // Marked handled: a caller that only iterates, or only uses the callback, must not get an
    // unhandled rejection; awaiting `resolved` still sees it.
    this.resolved.catch(() => {})
    // Settles once: a later resolve or reject of a settled promise does nothing.
    this.#ready = new Promise<void>((resolve, reject) => {
      this.#markReady = (error) => (error === undefined ? resolve() : reject(error))
    })
  }

  /** @internal Opens the socket; resolves once the first record fetch after opening is done. */
  async start(): Promise<this> {
    if (this.#signal?.aborted) this.#onAbort()
    else {
      this.#signal?.addEventListener('abort', this.#onAbort, { once: true })
      // The client's close() ends it as close() does, and waits for its socket to be gone.
      this.#release = this.#deps.hold?.(() => {
        this.close()
        return this.#gone
      })
      void this.#connect()
    }
    await this.#ready
    return this
  }

  /**
   * Listens to lifecycle events (`open`, `close`, `reconnecting`, `event`); returns an
   * unsubscribe function.
   *
   * @example
   * ```ts
   * const off = subscription.on('open', ({ reconnect }) => console.log('open', reconnect))
   * ```
   */
  on<K extends keyof SubscriptionEvents>(
    event: K,
    listener: (data: SubscriptionEvents[K]) => void,
  ): () => void {
    return this.#emitter.on(event, listener)
  }

  /**
   * Ends the subscription with a value (as returning it from the callback does).
   *
   * @example
   * ```ts
   * subscription.resolve(record)
   * ```
   */
  resolve(value: T): void {
    this.#finish(value)
  }

  /**
   * Stops listening: `resolved` rejects with an {@link AbortError}, iterators end.
   *
   * @example
   * ```ts
   * subscription.close()
   * ```
   */
  close(): void {
    this.#fail(new AbortError(`the subscription to payload ${this.uuid} was closed`), false)
  }

  /**
   * Whether the subscription has ended.
   *
   * @example
   * ```ts
   * if (!subscription.ended) subscription.close()
   * ```
   */
  get ended(): boolean {
    return this.#ended
  }

  /**
   * Iterates over every event from the start of the subscription until it ends; breaking out
   * of the loop closes it.
   *
   * @example
   * ```ts
   * for await (const event of subscription) {
   *   if (event.type === 'opened') console.log('opened')
   * }
   * ```
   */
  [Symbol.asyncIterator](): AsyncIterator<PayloadEvent> {
    return this.#stream[Symbol.asyncIterator]()
  }

  async #connect(): Promise<void> {
    const deps = this.#deps
    try {
      const WebSocket = await deps.webSocket()
      if (this.#ended) return
      this.#socket = openPayloadSocket(
        { ...deps, WebSocket, keepaliveMs: this.#keepaliveMs },
        {
          open: () => {
            this.#opened = true
            this.#reconnect?.reset()
            this.#emitter.emit('open', { reconnect: this.#reconnects })
            // Fetch after every (re)connect: a resolution that happened while we were not
            // connected (or before the first connect) is only visible in the record.
            this.#enqueue(async () => {
              if (!this.#ended) {
                await this.#step(deps.fetchRecord && stepFromRecord(await this.#fetch()), true)
              }
            })
          },
          message: (event) => this.#enqueue(() => this.#onMessage(event)),
          close: (info) => {
            this.#socket = null
            this.#emitter.emit('close', info)
            if (!this.#ended) this.#scheduleReconnect(info.code, info.reason)
          },
        },
      )
    } catch (err) {
      this.#fail(
        err instanceof PullSignError
          ? err
          : (refusedPermission(err) ??
              new PullSignError('ERR_CONFIG', `cannot open a websocket to ${deps.url}`, {
                cause: err,
              })),
        true,
      )
    }
  }

  #scheduleReconnect(code: number, reason: string): void {
    if (!this.#opened) {
      this.#fail(neverOpened(this.#deps.url, code), true)
      return
    }
    const why = reason === 'keepalive timeout' ? 'went silent' : `closed with code ${code}`
    // Past its expiry and never opened (by the last record and the messages since), the payload
    // can no longer be opened: reconnecting would wait for nothing.
    const expiresAt = this.payload?.payload.expires_at
    if (expiresAt && !this.#payloadOpened && Date.parse(expiresAt) <= this.#deps.clock.now()) {
      this.#fail(
        new PayloadExpiredError(`payload ${this.uuid} expired unopened at ${expiresAt}`),
        true,
      )
      return
    }
    const policy = this.#reconnect
    const delayMs = policy?.next() ?? null
    if (!policy || delayMs === null) {
      const tries = policy ? `${policy.attempts} reconnects failed` : 'reconnecting is off'
      const message = `the websocket of payload ${this.uuid} ${why} and ${tries}`
      this.#fail(new NetworkError(message), true)
      return
    }
    this.#reconnects++
    this.#emitter.emit('reconnecting', { attempt: policy.attempts, delayMs })
    this.#reconnectTimer = this.#deps.clock.setTimeout(() => void this.#connect(), delayMs)
  }

  #enqueue(task: () => Promise<void>): void {
    this.#chain = this.#chain.then(task).catch((err) => this.#fail(err, true))
  }

  // A transient failure (429, 502, 503, 504) is already retried by the client's transport.
  async #fetch(): Promise<PayloadRecord> {
    this.payload = await (this.#deps.fetchRecord as (uuid: string) => Promise<PayloadRecord>)(
      this.uuid,
    )
    this.#payloadOpened ||= this.payload.meta.app_opened
    return this.payload
  }

  async #onMessage(event: PayloadSocketEvent): Promise<void> {
    if (this.#ended) return
    const { type } = event
    const fetches = this.#deps.fetchRecord
    if (type === 'opened') this.#payloadOpened = true
    // Without a record (a watcher), the §4 messages decide: a resolve ends it, and so does an
    // expiry unless the payload was opened (it may still be signed, §3.3); a `{message}` other
    // than the welcome and the keepalive's answer says there is no such payload.
    if (type === 'message' && !fetches) {
      const text = `the websocket of payload ${this.uuid} answered: ${event.data.message}`
      throw new PullSignError('ERR_API', text)
    }
    const final = type === 'resolved' || type === 'expired'
    await this.#step(
      final && fetches
        ? stepFromHint(event, await this.#fetch())
        : { event, final: final && (type === 'resolved' || !this.#payloadOpened) },
    )
  }

  // After the first fetch on (re)connect, `start()` is ready (at once when there is no step: the
  // ticks before it resolves decide whether its caller or the next message's listeners go first).
  async #step(
    step: Step | { event: PayloadSocketEvent; final: boolean } | null | undefined,
    afterFetch?: boolean,
  ): Promise<void> {
    if (afterFetch && !step) return this.#markReady()
    if (!step || this.#ended) return
    // A watcher's events are the socket's own (`PayloadWatch` types them so).
    const event = step.event as PayloadEvent
    const { final } = step
    this.#stream.push(event)
    this.#emitter.emit('event', event)
    if (this.#onEvent) {
      const result = await this.#onEvent(event, this)
      if (result !== undefined) return this.#finish(result)
    }
    // A record ends a subscription; a watcher ends with the message itself.
    if (final) this.#finish((event as { payload?: unknown }).payload ?? event.data)
  }

  #end(error?: { value: unknown }): void {
    this.#ended = true
    this.#deps.clock.clearTimeout(this.#reconnectTimer)
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#release?.()
    this.#gone = this.#socket?.drop() ?? this.#gone
    this.#socket = null
    this.#stream.end(error)
  }

  #finish(value: unknown): void {
    if (this.#ended) return
    this.#end()
    this.#settle(value as Settled<T>)
    this.#markReady()
  }

  #fail(error: unknown, iteratorThrows: boolean): void {
    if (this.#ended) return
    this.#end(iteratorThrows ? { value: error } : undefined)
    this.#reject(error)
    this.#markReady(error)
  }
}
