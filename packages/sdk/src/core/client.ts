import type { Endpoints } from '../wire/endpoints'
import { systemClock } from './clock'
import type { Credentials, HeaderMap } from './credentials'
import { PullSignError } from './errors'
import { createMemoryStorage } from './memory-storage'
import type { RateLimitInfo } from './rate-limit'
import { resolveRetry } from './retry-wait'
import type { Seams } from './seams'
import { createTransport } from './transport'
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
 * Everything {@link createClient} takes. Only `endpoints` and `credentials` are required: a runtime
 * supplies those and the seams of its environment.
 *
 * @example
 * ```ts
 * const options: ClientOptions = {
 *   endpoints,
 *   credentials: { basePath: '/api/v1/platform', headers: () => ({ 'x-api-key': key, 'x-api-secret': secret }) },
 *   seams: { clock: fakeClock },
 *   retry: false,
 *   onResponse: (e) => console.log(e.method, e.path, e.status),
 * }
 * ```
 */
export interface ClientOptions {
  /** Base URLs `{api, oauth, links}`, already resolved. */
  endpoints: Endpoints
  /** How requests are authorised, and under which base path. */
  credentials: Credentials
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
 * One request: `body` is sent as JSON; values in `sensitive` (tokens, OTTs) are redacted from the
 * path shown in errors and hooks; `headers` are added to the credentials' headers, or replace
 * them with `authorize: false` (e.g. the OTT exchange of docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const options: RequestOptions = { body: { tokens: [token] }, sensitive: [token] }
 * ```
 */
export interface RequestOptions {
  body?: unknown
  sensitive?: readonly string[]
  headers?: HeaderMap
  /** `false` sends no credential headers; default `true`. */
  authorize?: boolean
}

/**
 * The client core every API module takes: typed JSON requests under the credentials' base path,
 * the endpoints, the seams (resolved), and the rate limit of the last answer.
 *
 * @example
 * ```ts
 * const client = createClient({ endpoints, credentials })
 * const pong = await client.request<PingResponse>('GET', 'ping')
 * const WebSocket = await client.webSocket()
 * ```
 */
export interface Client {
  readonly endpoints: Endpoints
  /** The seams in use, defaults filled in. */
  readonly seams: Readonly<Seams>
  /** The rate limit reported by the last answer, or `null` before any. */
  readonly rateLimit: RateLimitInfo | null
  /**
   * Sends a JSON request to `{api}{basePath}/{path}`; rejects with a typed `PullSignError`.
   */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
  /** The WebSocket constructor: the seam, or isomorphic-ws loaded on first call. */
  webSocket(): Promise<WebSocketConstructor>
}

/**
 * Builds the client core from a runtime's credentials and seams: fills each missing seam with its
 * default (global fetch, isomorphic-ws on first subscribe, memory storage, system clock,
 * `Math.random`), checks the options, and wires one ofetch transport. The API modules take the
 * result and nothing global.
 *
 * @example
 * ```ts
 * const client = createClient({
 *   endpoints: resolveEndpoints({ api: 'http://127.0.0.1:8080' }),
 *   credentials: { basePath: '/api/v1/platform', headers: () => ({ 'x-api-key': key, 'x-api-secret': secret }), secrets: () => [secret] },
 *   seams: { clock: fakeClock },
 * })
 * const pong = await client.request<PingResponse>('GET', 'ping')
 * ```
 */
export function createClient(options: ClientOptions): Client {
  const given = options.seams ?? {}
  const functions: [string, unknown][] = [
    ['fetch', given.fetch],
    ['WebSocket', given.WebSocket],
    ['random', given.random],
    ['onRequest', options.onRequest],
    ['onResponse', options.onResponse],
  ]
  for (const [seam, methods] of SEAM_METHODS) {
    const value = given[seam] as Record<string, unknown> | undefined
    if (value !== undefined)
      for (const m of methods) functions.push([`${seam}.${m}`, value?.[m] ?? null])
  }
  for (const [name, value] of functions) {
    if (value !== undefined && typeof value !== 'function') {
      throw new PullSignError('ERR_CONFIG', `${name} must be a function`)
    }
  }
  const timeoutMs = options.timeoutMs ?? 30_000
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new PullSignError('ERR_CONFIG', 'timeoutMs must be a positive number of milliseconds')
  }
  const seams: Seams = {
    fetch: given.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    WebSocket: given.WebSocket,
    storage: given.storage ?? createMemoryStorage(),
    clock: given.clock ?? systemClock,
    random: given.random ?? Math.random,
  }
  let rateLimit: RateLimitInfo | null = null
  let loaded: Promise<WebSocketConstructor> | undefined
  const send = createTransport({
    api: options.endpoints.api,
    credentials: options.credentials,
    fetch: seams.fetch,
    clock: seams.clock,
    timeoutMs,
    retry: resolveRetry(options.retry),
    onRateLimit: (info) => {
      rateLimit = info
    },
    onRequest: options.onRequest,
    onResponse: options.onResponse,
  })
  return {
    endpoints: options.endpoints,
    seams,
    get rateLimit() {
      return rateLimit
    },
    request: send,
    webSocket: () => {
      if (seams.WebSocket) return Promise.resolve(seams.WebSocket)
      loaded ??= defaultWebSocket()
      return loaded
    },
  }
}

const SEAM_METHODS = [
  ['clock', ['now', 'setTimeout', 'clearTimeout']],
  ['storage', ['getItem', 'setItem', 'removeItem']],
] as const
