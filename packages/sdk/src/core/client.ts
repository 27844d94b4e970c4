import type { Endpoints } from '../wire/endpoints'
import { systemClock } from './clock'
import { defaultFetch } from './default-fetch'
import { PullSignError } from './errors/pull-sign-error'
import { createLifetime } from './lifetime'
import { createMemoryStorage } from './memory-storage'
import type { RateLimitInfo } from './rate-limit'
import { resolveRetry } from './retry-wait'
import type { Seams } from './seams'
import { createTransport, type Send } from './transport'
import { defaultWebSocket, type WebSocketConstructor } from './websocket'

/**
 * The HTTP methods the platform's routes use.
 *
 * @example
 * ```ts
 * const method: HttpMethod = 'GET'
 * ```
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Retry of idempotent requests (`GET`) answered 429, 502, 503 or 504. The wait is the answer's
 * `retry-after` when it has one, else `delayMs` doubling per attempt; a wait longer than
 * `maxDelayMs` is not made: the error is thrown at once so the caller decides. Creating and
 * cancelling a payload (`POST`, `DELETE`) are never retried.
 *
 * @example
 * ```ts
 * const retry: RetryOptions = { retries: 2, delayMs: 500, maxDelayMs: 10_000 }
 * ```
 */
export interface RetryOptions {
  /** Attempts after the first; default 2. */
  retries?: number
  /** First wait when the answer has no `retry-after`, in ms; default 500. */
  delayMs?: number
  /** The longest wait the client makes, in ms; default 10 000. */
  maxDelayMs?: number
}

/**
 * What the `onRequest` hook sees of one attempt: no headers and no body, and the path with
 * tokens redacted, so it is safe to log.
 *
 * @example
 * ```ts
 * const onRequest = ({ method, path, attempt }: RequestEvent) => console.log(method, path, attempt)
 * ```
 */
export interface RequestEvent {
  method: HttpMethod
  /** The path under `{api}`, e.g. `/api/v1/platform/ping`, with tokens redacted. */
  path: string
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number
}

/**
 * What the `onResponse` hook sees of one answer (every attempt, errors included).
 *
 * @example
 * ```ts
 * const onResponse = (e: ResponseEvent) => console.log(`${e.method} ${e.path} ${e.status} ${e.durationMs} ms`)
 * ```
 */
export interface ResponseEvent extends RequestEvent {
  status: number
  /** From the request's start to the answer's headers, by the client's clock. */
  durationMs: number
  /** The rate limit this answer reported, or `null`. */
  rateLimit: RateLimitInfo | null
}

/**
 * Everything {@link createClient} takes; all optional but `endpoints`.
 *
 * @example
 * ```ts
 * const options: ClientOptions = {
 *   endpoints,
 *   seams: { clock: fakeClock },
 *   retry: false,
 *   onResponse: (e) => console.log(e.method, e.path, e.status),
 * }
 * ```
 */
export interface ClientOptions {
  /** Base URLs `{api, oauth, links}`, already resolved. */
  endpoints: Endpoints
  /** Injected seams; each missing one gets its default. */
  seams?: Partial<Seams>
  /** Per-request timeout in ms, retries and their waits included; default 30 000. */
  timeoutMs?: number
  /** Retry policy of idempotent requests, or `false` for none. */
  retry?: RetryOptions | false
  /** Called before every attempt (for logging). */
  onRequest?: (event: RequestEvent) => void
  /** Called after every answer, errors included (for logging). */
  onResponse?: (event: ResponseEvent) => void
}

/**
 * The resolved core every runtime receives: the endpoints, the seams (defaults filled in, once),
 * the one transport every call goes through, and the rate limit of the last answer.
 *
 * @example
 * ```ts
 * const core = createClient({ endpoints })
 * const pong = await core.send<PingResponse>({ base: `${endpoints.api}/api/v1/platform`, method: 'GET', path: 'ping', credentials })
 * ```
 */
export interface Core {
  readonly endpoints: Endpoints
  /** The seams in use, defaults filled in. */
  readonly seams: Readonly<Seams>
  /** The rate limit reported by the last answer, or `null` before any. */
  readonly rateLimit: RateLimitInfo | null
  /** Sends one call through the transport; rejects with a typed `PullSignError`. */
  send: Send
  /** The WebSocket constructor: the seam, else the runtime's own, else `ws` loaded on first call. */
  webSocket(): Promise<WebSocketConstructor>
  /** Aborted by `close()`: what ends the client's requests, and what its parts check before starting. */
  readonly signal: AbortSignal
  /** Registers what `close()` must end (a subscription); returns the function that releases it. */
  hold(closer: () => unknown): () => void
  /**
   * Ends every subscription, socket, request, retry and timer of the client; resolves when they
   * are gone. Calls after it reject with an `AbortError`; a second call is harmless.
   */
  close(): Promise<void>
}

const isFunction = (name: string, value: unknown) => {
  if (value !== undefined && typeof value !== 'function') {
    throw new PullSignError('ERR_CONFIG', `${name} must be a function`)
  }
}

/**
 * The composition root: fills each missing seam with its default once (the global fetch, on
 * Node a keep-alive `node:http` one that `close()` ends, the
 * runtime's own WebSocket or `ws` on first subscribe, memory storage, system clock, `Math.random`,
 * `crypto.getRandomValues`), checks the options, wires the one ofetch transport, and keeps what
 * the client holds (timers, requests, subscriptions) for `close()`. Every runtime takes the
 * result and nothing global.
 *
 * @example
 * ```ts
 * const core = createClient({
 *   endpoints: resolveEndpoints({ api: 'http://127.0.0.1:8080' }),
 *   seams: { clock: fakeClock },
 * })
 * const client = platformClient(core, backendCredentials(apiKey, apiSecret))
 * ```
 */
export function createClient(options: ClientOptions): Core {
  const given = options.seams ?? {}
  for (const seam of ['fetch', 'WebSocket', 'random', 'randomBytes'] as const) {
    isFunction(seam, given[seam])
  }
  isFunction('onRequest', options.onRequest)
  isFunction('onResponse', options.onResponse)
  for (const [seam, methods] of SEAM_METHODS) {
    const value = given[seam] as Record<string, unknown> | undefined
    if (value !== undefined) for (const m of methods) isFunction(`${seam}.${m}`, value?.[m] ?? null)
  }
  const timeoutMs = options.timeoutMs ?? 30_000
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new PullSignError('ERR_CONFIG', 'timeoutMs must be a positive number (ms)')
  }
  const lifetime = createLifetime()
  const seams: Seams = {
    fetch: given.fetch ?? defaultFetch(lifetime),
    WebSocket: given.WebSocket,
    storage: given.storage ?? createMemoryStorage(),
    clock: given.clock ?? systemClock,
    random: given.random ?? Math.random,
    randomBytes: given.randomBytes ?? ((bytes) => globalThis.crypto.getRandomValues(bytes)),
  }
  let rateLimit: RateLimitInfo | null = null
  let loaded: WebSocketConstructor | Promise<WebSocketConstructor> | undefined
  // The hooks as given, the seams as resolved, the lifetime's signal.
  const send = createTransport({
    ...options,
    ...seams,
    signal: lifetime.signal,
    timeoutMs,
    retry: resolveRetry(options.retry),
    onRateLimit: (info) => {
      rateLimit = info
    },
  })
  return {
    ...lifetime,
    endpoints: options.endpoints,
    seams,
    get rateLimit() {
      return rateLimit
    },
    send,
    webSocket: async () => {
      lifetime.signal.throwIfAborted()
      loaded ??= seams.WebSocket ?? defaultWebSocket()
      return loaded
    },
  }
}

const SEAM_METHODS = [
  ['clock', ['now', 'setTimeout', 'clearTimeout']],
  ['storage', ['getItem', 'setItem', 'removeItem']],
] as const
