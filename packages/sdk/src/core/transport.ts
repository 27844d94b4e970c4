import type { $Fetch, FetchError, FetchOptions } from 'ofetch'
import type { HttpMethod, RequestEvent, ResponseEvent, RetryOptions } from './client'
import type { Credentials, HeaderMap } from './credentials'
import { AuthError } from './errors/api-errors'
import { PullSignError } from './errors/pull-sign-error'
import { noAnswerError, responseError } from './errors/response-error'
import { loadOfetch } from './lazy-modules'
import { type RateLimitInfo, readRateLimit } from './rate-limit'
import { REDACTED } from './redact'
import { RETRY_STATUSES, retryWait } from './retry-wait'
import type { Clock } from './seams'

/**
 * What the transport is built from: the seams it uses and the caller's policy.
 *
 * @example
 * ```ts
 * const config: TransportConfig = { fetch, clock: systemClock, signal, timeoutMs: 30_000, retry: resolveRetry(undefined), onRateLimit: () => {} }
 * ```
 */
export interface TransportConfig {
  fetch: typeof globalThis.fetch
  clock: Clock
  /** The client's lifetime: aborted, it rejects every call (in flight or new) with its reason. */
  signal: AbortSignal
  timeoutMs: number
  retry: Required<RetryOptions>
  onRateLimit(info: RateLimitInfo): void
  onRequest?: (event: RequestEvent) => void
  onResponse?: (event: ResponseEvent) => void
}

/**
 * The typed error of a refused call, when the service is not the platform (the OAuth provider
 * answers `{error, error_description}`, docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const refusal: Refusal = (status, data, where) => new SignInError('provider', `${where} ${status}`)
 * ```
 */
export type Refusal = (
  status: number,
  data: unknown,
  where: string,
  secrets: readonly (string | undefined)[],
) => PullSignError

/**
 * One call: `{base}/{path}`, `body` sent as JSON (a string as it is, with the `content-type` in
 * `headers`); values in `sensitive` (tokens, codes, OTTs) are redacted from the path shown in errors and
 * hooks and from every error; `credentials` add the headers that authorise it.
 *
 * @example
 * ```ts
 * const call: Call = { base: `${api}/api/v1/platform`, method: 'GET', path: 'ping', credentials }
 * ```
 */
export interface Call {
  /** An absolute URL: `{api}{basePath}` or `{oauth}`. */
  base: string
  method: HttpMethod
  path: string
  body?: unknown
  headers?: HeaderMap
  credentials?: Credentials
  sensitive?: readonly string[]
  /** The error of a refusal; the platform's typed errors (`ApiError`, …) by default. */
  refusal?: Refusal
}

/**
 * Sends one call; resolves its JSON object, rejects with a typed `PullSignError`.
 *
 * @example
 * ```ts
 * const pong = await send<PingResponse>({ base, method: 'GET', path: 'ping', credentials })
 * ```
 */
export type Send = <T>(call: Call) => Promise<T>

const ACCEPT: HeaderMap = { accept: 'application/json' }

/** One call's state, riding on its ofetch options so the hooks (made once) can read it. */
interface CallState {
  method: HttpMethod
  path: string
  answers: number
  started: number
  signal: AbortSignal
  fail(response: { status: number; statusText: string; headers: Headers; _data?: unknown }): Error
}
type CallOptions = FetchOptions<'text'> & { call: CallState }

const hidePath = (path: string, sensitive: readonly string[]): string =>
  sensitive.reduce(
    (out, value) => (value ? out.split(encodeURIComponent(value)).join(REDACTED) : out),
    path,
  )

const parse = (text: unknown): unknown => {
  if (typeof text !== 'string') return text ?? ''
  try {
    return JSON.parse(text)
  } catch {
    return text // an error page from a proxy is explained by its status
  }
}

/**
 * The one transport every call of the SDK goes through (platform JSON, the OAuth provider's form
 * posts and `/userinfo`, the xApp OTT exchange): one `ofetch.create` over the injected fetch, and
 * per call the credentials' headers, one timeout on the client's clock covering every attempt,
 * the `onRequest`/`onResponse` hooks, redaction and typed errors. ofetch retries `GET`s answered
 * 429/502/503/504; payload create (`POST`) and cancel (`DELETE`) are never retried.
 *
 * @example
 * ```ts
 * const send = createTransport(config)
 * const record = await send<PayloadRecord>({ base, method: 'GET', path: `payload/${uuid}`, credentials })
 * ```
 */
export function createTransport(config: TransportConfig): Send {
  const { clock } = config
  const timing = config.onRequest !== undefined || config.onResponse !== undefined
  // The hooks are made once, not per call (the ping bench counts every allocation).
  const defaults: FetchOptions = {
    responseType: 'text',
    retryStatusCodes: RETRY_STATUSES,
    onRequest: timing
      ? ({ options }) => {
          const call = (options as CallOptions).call
          call.started = clock.now()
          config.onRequest?.({ method: call.method, path: call.path, attempt: call.answers + 1 })
        }
      : undefined,
    onResponse: ({ options, response }) => {
      const call = (options as CallOptions).call
      const now = clock.now()
      const rateLimit = readRateLimit(response.headers, now)
      call.answers++
      if (rateLimit) config.onRateLimit(rateLimit)
      config.onResponse?.({
        method: call.method,
        path: call.path,
        attempt: call.answers,
        status: response.status,
        durationMs: now - call.started,
        rateLimit,
      })
    },
    // Kept on top of ofetch: the wait before a retry. ofetch's `retryDelay` (a function would
    // read `retry-after` well) sleeps on the global `setTimeout`, which the injected clock cannot
    // move and the call's abort does not end; this hook waits on the clock, ends with the abort,
    // and answers a wait longer than the cap with the typed error at once (`retryAfter` on it).
    onResponseError: async ({ options, response }) => {
      const left = options.retry
      if (typeof left !== 'number' || left <= 0 || !RETRY_STATUSES.includes(response.status)) return
      const call = (options as CallOptions).call
      const wait = retryWait(config.retry, call.answers, response.headers, clock.now())
      if (wait === null) throw call.fail(response)
      const { signal } = call
      await new Promise<void>((resolve, reject) => {
        // Removed when the wait ends: a call's signal is reused by later calls.
        const onAbort = () => {
          clock.clearTimeout(id)
          reject(signal.reason)
        }
        const id = clock.setTimeout(() => {
          signal.removeEventListener('abort', onAbort)
          resolve()
        }, wait)
        signal.addEventListener('abort', onAbort)
      })
    },
  }
  // ofetch is loaded on the first request, not on import (see lazy-modules.ts).
  // ofetch builds one Headers from a plain object; default headers would cost two more per call.
  let lastAuth: HeaderMap | undefined
  let lastHeaders: HeaderMap = ACCEPT
  // The shown path's prefix of the last base (a backend has one base): not parsed per call.
  let lastBase = ''
  let lastPathname = ''
  let $fetch: $Fetch | undefined
  let loading: Promise<$Fetch> | undefined
  const load = () => {
    loading ??= loadOfetch().then(({ ofetch }) => {
      $fetch = ofetch.create(defaults, { fetch: config.fetch })
      return $fetch
    })
    return loading
  }
  const closed = config.signal
  // Controllers of calls that ended unaborted, reused: on Node 20 a new AbortSignal and its first
  // listener cost ~15 µs per call, as much as the rest of the client's work (bench/README.md).
  const idle: AbortController[] = []
  return async <T>(request: Call) => {
    closed.throwIfAborted()
    const { method, path, credentials } = request
    const sensitive = request.sensitive ?? []
    if (request.base !== lastBase) {
      lastBase = request.base
      lastPathname = new URL(lastBase).pathname.replace(/\/$/, '')
    }
    const full = `${lastPathname}/${path}`
    const shown = hidePath(full, sensitive)
    const where = `[${method} ${shown}]`
    const secrets = () => [...(credentials?.secrets?.() ?? []), ...sensitive]
    let headers: HeaderMap = request.headers ? { ...ACCEPT, ...request.headers } : ACCEPT
    if (credentials) {
      const given = credentials.headers({ method, path: shown })
      const auth = given instanceof Promise ? await given : given
      // Static credentials (the backend's) give the same object every call: merge it once.
      if (!request.headers && auth === lastAuth) headers = lastHeaders
      else headers = { ...headers, ...auth }
      if (!request.headers) [lastAuth, lastHeaders] = [auth, headers]
    }
    const fail = (response: {
      status: number
      statusText: string
      headers: Headers
      _data?: unknown
    }) => {
      const data = parse(response._data)
      if (request.refusal) return request.refusal(response.status, data, where, secrets())
      const error = responseError(response, data, {
        method,
        path: shown,
        secrets: secrets(),
        now: clock.now(),
      })
      if (credentials && error instanceof AuthError) credentials.onRejected?.(error)
      return error
    }
    let timedOut = false
    const controller = idle.pop() ?? new AbortController()
    // One timer for the whole call, retries included: it aborts the exchange, so an abandoned
    // request releases its connection instead of waiting for a hung server.
    const timer = clock.setTimeout(() => {
      timedOut = true
      controller.abort(new Error('timeout'))
    }, config.timeoutMs)
    const onClose = () => controller.abort(closed.reason)
    closed.addEventListener('abort', onClose)
    const options: CallOptions = {
      method,
      headers,
      body: request.body as FetchOptions['body'],
      signal: controller.signal,
      retry: method === 'GET' ? config.retry.retries : 0,
      call: { method, path: shown, answers: 0, started: 0, signal: controller.signal, fail },
    }
    let answer: { status: number; _data?: string }
    try {
      // The URL whole (bases have no trailing slash): ofetch does not join it to a base again.
      answer = await ($fetch ?? (await load())).raw(`${request.base}/${path}`, options)
    } catch (err) {
      // ofetch wraps every failure in a FetchError: with the answer when there was one, else
      // with the fetch error as its cause. Already typed: a retry wait past the cap (thrown as
      // it is), and the client's close() (the cause of the aborted fetch).
      const { response, cause = err } = err as Partial<FetchError>
      if (err instanceof PullSignError) throw err
      if (cause instanceof PullSignError) throw cause
      if (!response || timedOut) {
        throw noAnswerError(cause, {
          where,
          timedOut,
          timeoutMs: config.timeoutMs,
        })
      }
      throw fail(response)
    } finally {
      clock.clearTimeout(timer)
      closed.removeEventListener('abort', onClose)
      if (!controller.signal.aborted) idle.push(controller)
    }
    const data = parse(answer._data)
    if (typeof data !== 'object' || data === null) {
      throw new PullSignError(
        'ERR_RESPONSE',
        `${where} ${answer.status}: expected a JSON object, got ${typeof data === 'string' ? `"${data.slice(0, 80)}"` : String(data)}`,
        { secrets: secrets() },
      )
    }
    return data as T
  }
}
