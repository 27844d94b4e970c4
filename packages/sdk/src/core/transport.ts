import type { $Fetch, FetchError, FetchOptions } from 'ofetch'
import { AuthError } from './api-errors'
import type {
  HttpMethod,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryOptions,
} from './client'
import type { Credentials, HeaderMap } from './credentials'
import { PullSignError } from './errors'
import { loadOfetch } from './lazy-modules'
import { type RateLimitInfo, readRateLimit } from './rate-limit'
import { REDACTED } from './redact'
import { noAnswerError, responseError } from './response-error'
import { RETRY_STATUSES, retryWait } from './retry-wait'
import type { Clock } from './seams'

/**
 * What a transport is built from: the `{api}` URL, the credentials, the seams it uses and the
 * caller's policy.
 *
 * @example
 * ```ts
 * const config: TransportConfig = { api, credentials, fetch, clock: systemClock, timeoutMs: 30_000, retry: resolveRetry(undefined), onRateLimit: () => {} }
 * ```
 */
export interface TransportConfig {
  api: string
  credentials: Credentials
  fetch: typeof globalThis.fetch
  clock: Clock
  timeoutMs: number
  retry: Required<RetryOptions>
  onRateLimit(info: RateLimitInfo): void
  onRequest?: (event: RequestEvent) => void
  onResponse?: (event: ResponseEvent) => void
}

/**
 * Sends one JSON request; rejects with a typed `PullSignError`.
 *
 * @example
 * ```ts
 * const pong = await send<PingResponse>('GET', 'ping')
 * ```
 */
export type Send = <T>(method: HttpMethod, path: string, options?: RequestOptions) => Promise<T>

const ACCEPT: HeaderMap = { accept: 'application/json' }

/** ofetch's options of one call, with that call's state for the hooks. */
type CallOptions = FetchOptions<'text'> & {
  call: { method: HttpMethod; path: string; answers: number; started: number; signal: AbortSignal }
}

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
 * Builds the transport: one `ofetch.create` with the base URL `{api}{basePath}` and the injected
 * fetch; per request the credentials' headers, a timeout on the client's clock covering every
 * attempt, and ofetch's retry of `GET`s answered 429/502/503/504, waiting (on the clock) what
 * `retry-after` asks, within the cap. Payload create (`POST`) and cancel (`DELETE`) are never
 * retried: a retried create would make two payloads.
 *
 * @example
 * ```ts
 * const send = createTransport(config)
 * const record = await send<PayloadRecord>('GET', `payload/${uuid}`)
 * ```
 */
export function createTransport(config: TransportConfig): Send {
  const { clock, credentials } = config
  const base = `${config.api}${credentials.basePath}`
  const basePathname = new URL(base).pathname.replace(/\/$/, '')
  const timing = config.onRequest !== undefined || config.onResponse !== undefined
  // The hooks are made once, not per call (the ping bench counts every allocation); each call's
  // state rides on its options, which ofetch hands to every hook.
  const defaults: FetchOptions = {
    baseURL: base,
    responseType: 'text',
    retryStatusCodes: RETRY_STATUSES,
    // The wait happens in onResponseError on the client's clock; ofetch's own would use the
    // global timers.
    retryDelay: 0,
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
    onResponseError: async ({ options, response }) => {
      const left = options.retry
      if (typeof left !== 'number' || left <= 0) return
      if (!RETRY_STATUSES.includes(response.status)) return
      const { answers, signal } = (options as CallOptions).call
      const wait = retryWait(config.retry, answers, response.headers, clock.now())
      if (wait === null) {
        options.retry = 0 // longer than the cap: the caller gets the error now
        return
      }
      await new Promise<void>((resolve, reject) => {
        const id = clock.setTimeout(resolve, wait)
        const abort = () => {
          clock.clearTimeout(id)
          reject(signal.reason)
        }
        signal.addEventListener('abort', abort, { once: true })
      })
    },
  }
  // ofetch is loaded on the first request, not on import (see lazy-modules.ts).
  // ofetch builds one Headers from a plain object; default headers would cost two more per call.
  let lastAuth: HeaderMap | undefined
  let lastHeaders: HeaderMap = ACCEPT
  let $fetch: $Fetch | undefined
  let loading: Promise<$Fetch> | undefined
  const load = () => {
    loading ??= loadOfetch().then(({ ofetch }) => {
      $fetch = ofetch.create(defaults, { fetch: config.fetch })
      return $fetch
    })
    return loading
  }
  return async <T>(method: HttpMethod, path: string, request: RequestOptions = {}) => {
    const sensitive = request.sensitive ?? []
    const shown =
      sensitive.length > 0
        ? hidePath(`${basePathname}/${path}`, sensitive)
        : `${basePathname}/${path}`
    const where = `[${method} ${shown}]`
    const secrets = () => [...(credentials.secrets?.() ?? []), ...sensitive]
    const authorize = request.authorize !== false
    let headers: HeaderMap = request.headers ? { ...ACCEPT, ...request.headers } : ACCEPT
    if (authorize) {
      const given = credentials.headers({ method, path: shown })
      const auth = given instanceof Promise ? await given : given
      // Static credentials (the backend's) give the same object every call: merge it once.
      if (!request.headers && auth === lastAuth) headers = lastHeaders
      else headers = { ...headers, ...auth }
      if (!request.headers) [lastAuth, lastHeaders] = [auth, headers]
    }
    let timedOut = false
    const controller = new AbortController()
    // One timer for the whole call, retries included: it aborts the exchange, so an abandoned
    // request releases its connection instead of waiting for a hung server.
    const timer = clock.setTimeout(() => {
      timedOut = true
      controller.abort(new Error('timeout'))
    }, config.timeoutMs)
    const options: CallOptions = {
      method,
      headers,
      body: request.body as FetchOptions['body'],
      signal: controller.signal,
      retry: method === 'GET' ? config.retry.retries : 0,
      call: { method, path: shown, answers: 0, started: 0, signal: controller.signal },
    }
    let answer: { status: number; _data?: string }
    try {
      answer = await ($fetch ?? (await load())).raw(path, options)
    } catch (err) {
      // ofetch wraps every failure in a FetchError: with the answer when there was one, else
      // with the fetch error as its cause.
      const response = (err as Partial<FetchError>).response
      if (!response || timedOut) {
        throw noAnswerError((err as Partial<FetchError>).cause ?? err, {
          where,
          timedOut,
          timeoutMs: config.timeoutMs,
        })
      }
      const error = responseError(response, parse(response._data), {
        method,
        path: shown,
        secrets: secrets(),
        now: clock.now(),
      })
      if (authorize && error instanceof AuthError) credentials.onRejected?.(error)
      throw error
    } finally {
      clock.clearTimeout(timer)
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
