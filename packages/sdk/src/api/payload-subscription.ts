import { Emitter } from '../core/emitter'
import { AbortError, NetworkError, PullSignError, TimeoutError } from '../core/errors'
import { describeValue } from '../core/input'
import {
  defaultWebSocket,
  SOCKET_OPEN,
  socketText,
  type WebSocketConstructor,
  type WebSocketLike,
} from '../core/websocket'
import type { PayloadRecord } from '../wire/payload'
import {
  classifySocketMessage,
  type PayloadSocketEvent,
  SOCKET_PING,
  type SocketExpiredMessage,
  type SocketResolvedMessage,
} from '../wire/socket'

/**
 * What a subscription hands to its callback and its iterator: every §4 message with a `type`
 * tag. `resolved` and `expired` carry the payload record fetched after the message (the message
 * is a hint, the record is the proof, §9.1); their `data` is `null` when the outcome was learnt
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
 * Reconnect policy after an unclean close: exponential backoff with jitter, from
 * `initialDelayMs` doubling up to `maxDelayMs`, at most `maxAttempts` attempts in a row.
 *
 * @example
 * ```ts
 * const reconnect: ReconnectOptions = { initialDelayMs: 500, maxDelayMs: 10_000, maxAttempts: 20 }
 * ```
 */
export interface ReconnectOptions {
  initialDelayMs?: number
  maxDelayMs?: number
  maxAttempts?: number
}

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
   * How often to send `{"ping": true}` (§4); a socket silent for twice this long is treated as
   * dead and replaced. Default 15 000.
   */
  keepaliveMs?: number
  /** `false` ends the subscription with a {@link NetworkError} on the first unclean close. */
  reconnect?: ReconnectOptions | false
}

/**
 * Lifecycle events of a subscription, for logging and UIs.
 *
 * @example
 * ```ts
 * subscription.on('reconnecting', ({ attempt, delayMs }) => console.log(attempt, delayMs))
 * ```
 */
export interface SubscriptionEvents extends Record<string, unknown> {
  /** The socket opened; `reconnect` is the number of reconnects so far. */
  open: { reconnect: number }
  close: { code: number; reason: string }
  reconnecting: { attempt: number; delayMs: number }
  event: PayloadEvent
}

/**
 * What a subscription needs from the client.
 *
 * @example
 * ```ts
 * const deps: SubscriptionDeps = { uuid, url, fetchRecord: (id) => api.get(id) }
 * ```
 */
export interface SubscriptionDeps {
  uuid: string
  url: string
  fetchRecord(uuid: string): Promise<PayloadRecord>
  WebSocket?: WebSocketConstructor
}

/**
 * Whether a record can no longer change: resolved, cancelled, or expired without having been
 * opened (an opened payload can still be signed after expiry, §3.3).
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

const FETCH_RETRY_DELAYS_MS = [250, 500, 1000]

const positive = (value: number | undefined, fallback: number, field: string): number => {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !(value > 0)) {
    throw new PullSignError(
      'ERR_INPUT',
      `${field} must be a positive number, got ${describeValue(value)}`,
    )
  }
  return value
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A live subscription to a payload's websocket (§4). It ends by itself when the payload is
 * resolved, cancelled or expired (with the fetched record), when the callback returns a value,
 * on `resolve(v)`, on `close()` or on abort. It survives dropped connections: it reconnects with
 * backoff and fetches the record after every (re)connect, so no resolution is missed.
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
  readonly uuid: string
  /** Settles when the subscription ends: the callback's value, or the final record. */
  readonly resolved: Promise<Settled<T>>
  /** The last fetched record (refreshed after every (re)connect and terminal message). */
  payload!: PayloadRecord
  readonly #deps: SubscriptionDeps
  readonly #onEvent: PayloadEventHandler<T> | undefined
  readonly #keepaliveMs: number
  readonly #reconnect: Required<ReconnectOptions> | false
  readonly #signal: AbortSignal | undefined
  readonly #emitter = new Emitter<SubscriptionEvents>()
  readonly #history: PayloadEvent[] = []
  readonly #waiters = new Set<() => void>()
  #settle!: (value: Settled<T>) => void
  #reject!: (error: unknown) => void
  #ready!: { resolve: () => void; reject: (error: unknown) => void; done: boolean }
  #readyPromise: Promise<void>
  #socket: WebSocketLike | null = null
  #ended = false
  #iteratorError: unknown = null
  #attempts = 0
  #reconnects = 0
  #lastSeen = 0
  #keepaliveTimer: ReturnType<typeof setInterval> | undefined
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined
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
    this.#keepaliveMs = positive(options.keepaliveMs, 15_000, 'keepaliveMs')
    const reconnect = options.reconnect ?? {}
    this.#reconnect =
      reconnect === false
        ? false
        : {
            initialDelayMs: positive(reconnect.initialDelayMs, 500, 'reconnect.initialDelayMs'),
            maxDelayMs: positive(reconnect.maxDelayMs, 10_000, 'reconnect.maxDelayMs'),
            maxAttempts: positive(reconnect.maxAttempts, 20, 'reconnect.maxAttempts'),
          }
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
    this.#readyPromise = new Promise<void>((resolve, reject) => {
      this.#ready = { resolve, reject, done: false }
    })
  }

  /** @internal Opens the socket; resolves once the first record fetch after opening is done. */
  async start(): Promise<this> {
    if (this.#signal?.aborted) this.#onAbort()
    else {
      this.#signal?.addEventListener('abort', this.#onAbort, { once: true })
      void this.#connect()
    }
    await this.#readyPromise
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
    let index = 0
    return {
      next: async () => {
        for (;;) {
          const event = this.#history[index]
          if (event) {
            index++
            return { value: event, done: false }
          }
          if (this.#ended) {
            if (this.#iteratorError) throw this.#iteratorError
            return { value: undefined, done: true }
          }
          await new Promise<void>((resolve) => this.#waiters.add(resolve))
        }
      },
      return: async () => {
        if (!this.#ended) this.close()
        return { value: undefined, done: true }
      },
    }
  }

  async #connect(): Promise<void> {
    let Ctor: WebSocketConstructor
    let socket: WebSocketLike
    try {
      Ctor = this.#deps.WebSocket ?? (await defaultWebSocket())
      if (this.#ended) return
      socket = new Ctor(this.#deps.url)
    } catch (err) {
      this.#fail(
        new PullSignError('ERR_CONFIG', `cannot open a websocket to ${this.#deps.url}`, {
          cause: err,
        }),
        true,
      )
      return
    }
    this.#socket = socket
    socket.onopen = () => {
      if (socket !== this.#socket) return
      this.#attempts = 0
      this.#lastSeen = Date.now()
      this.#startKeepalive()
      this.#emitter.emit('open', { reconnect: this.#reconnects })
      // Fetch after every (re)connect: a resolution that happened while we were not connected
      // (or before the first connect) is only visible in the record.
      this.#enqueue(() => this.#checkRecord())
    }
    socket.onmessage = (message) => {
      if (socket !== this.#socket) return
      this.#lastSeen = Date.now()
      let parsed: unknown
      try {
        parsed = JSON.parse(socketText(message))
      } catch {
        return
      }
      const event = classifySocketMessage(parsed)
      if (event) this.#enqueue(() => this.#handle(event))
    }
    socket.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    }
    socket.onclose = ({ code, reason }) => {
      if (socket !== this.#socket) return
      this.#dropSocket()
      this.#emitter.emit('close', { code, reason })
      if (!this.#ended) this.#scheduleReconnect(`closed with code ${code}`)
    }
  }

  #dropSocket(): void {
    const socket = this.#socket
    this.#socket = null
    clearInterval(this.#keepaliveTimer)
    if (!socket) return
    socket.onopen = socket.onmessage = socket.onclose = null
    socket.onerror = () => {}
    if (socket.readyState <= SOCKET_OPEN) {
      const terminate = (socket as { terminate?: () => void }).terminate
      if (typeof terminate === 'function') terminate.call(socket)
      else socket.close(1000)
    }
  }

  #startKeepalive(): void {
    clearInterval(this.#keepaliveTimer)
    this.#keepaliveTimer = setInterval(() => {
      const socket = this.#socket
      if (!socket) return
      if (Date.now() - this.#lastSeen > 2 * this.#keepaliveMs) {
        this.#dropSocket()
        this.#emitter.emit('close', { code: 4000, reason: 'keepalive timeout' })
        this.#scheduleReconnect('went silent')
        return
      }
      if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(SOCKET_PING))
    }, this.#keepaliveMs)
  }

  #scheduleReconnect(why: string): void {
    const policy = this.#reconnect
    if (policy === false || this.#attempts >= policy.maxAttempts) {
      const tries = policy === false ? 'reconnecting is off' : `${this.#attempts} reconnects failed`
      this.#fail(
        new NetworkError(`the websocket of payload ${this.uuid} ${why} and ${tries}`),
        true,
      )
      return
    }
    const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** this.#attempts)
    const delayMs = Math.round(base * (0.5 + Math.random() / 2))
    this.#attempts++
    this.#reconnects++
    this.#emitter.emit('reconnecting', { attempt: this.#attempts, delayMs })
    this.#reconnectTimer = setTimeout(() => void this.#connect(), delayMs)
  }

  #enqueue(task: () => Promise<void>): void {
    this.#chain = this.#chain.then(task).catch((err) => this.#fail(err, true))
  }

  async #fetch(): Promise<PayloadRecord> {
    for (let attempt = 0; ; attempt++) {
      try {
        const record = await this.#deps.fetchRecord(this.uuid)
        this.payload = record
        return record
      } catch (err) {
        const transient = err instanceof NetworkError || err instanceof TimeoutError
        const delay = FETCH_RETRY_DELAYS_MS[attempt]
        if (!transient || delay === undefined || this.#ended) throw err
        await wait(delay)
      }
    }
  }

  async #checkRecord(): Promise<void> {
    if (this.#ended) return
    const record = await this.#fetch()
    if (isFinalRecord(record)) {
      const type = record.meta.resolved ? 'resolved' : 'expired'
      await this.#deliver({ type, data: null, payload: record }, true)
    }
    this.#markReady()
  }

  async #handle(event: PayloadSocketEvent): Promise<void> {
    if (this.#ended) return
    if (event.type === 'resolved' || event.type === 'expired') {
      const record = await this.#fetch()
      const final = isFinalRecord(record)
      // The resolve message is a hint, never proof (§4): a record that is not resolved wins.
      if (event.type === 'resolved' && !record.meta.resolved) return
      if (event.type === 'resolved') {
        await this.#deliver({ type: 'resolved', data: event.data, payload: record }, final)
      } else {
        const type = record.meta.resolved ? 'resolved' : 'expired'
        const data = type === 'expired' ? event.data : null
        await this.#deliver({ type, data, payload: record } as PayloadEvent, final)
      }
      return
    }
    await this.#deliver(event, false)
  }

  async #deliver(event: PayloadEvent, final: boolean): Promise<void> {
    if (this.#ended) return
    this.#history.push(event)
    this.#wake()
    this.#emitter.emit('event', event)
    if (this.#onEvent) {
      const result = await this.#onEvent(event, this)
      if (result !== undefined) {
        this.#finish(result)
        return
      }
    }
    if (final && 'payload' in event) this.#finish(event.payload)
  }

  #markReady(): void {
    if (this.#ready.done) return
    this.#ready.done = true
    this.#ready.resolve()
  }

  #end(): void {
    this.#ended = true
    clearTimeout(this.#reconnectTimer)
    this.#signal?.removeEventListener('abort', this.#onAbort)
    this.#dropSocket()
    this.#wake()
  }

  #finish(value: T | PayloadRecord): void {
    if (this.#ended) return
    this.#end()
    this.#settle(value as Settled<T>)
    this.#markReady()
  }

  #fail(error: unknown, iteratorThrows: boolean): void {
    if (this.#ended) return
    if (iteratorThrows) this.#iteratorError = error
    this.#end()
    this.#reject(error)
    if (!this.#ready.done) {
      this.#ready.done = true
      this.#ready.reject(error)
    }
  }

  #wake(): void {
    for (const waiter of this.#waiters) waiter()
    this.#waiters.clear()
  }
}
