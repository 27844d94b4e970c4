import { FetchError, type FetchOptions, ofetch } from 'ofetch'
import type {
  HttpMethod,
  RequestEvent,
  RequestOptions,
  ResponseEvent,
  RetryOptions,
} from './client'
import type { Credentials } from './credentials'
import { AuthError, PullSignError } from './errors'
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
  const $fetch = ofetch.create(
    {
      baseURL: base,
      headers: { accept: 'application/json' },
      responseType: 'text',
      retryStatusCodes: RETRY_STATUSES,
      // The wait happens in onResponseError on the client's clock; ofetch's own would use the
      // global timers.
      retryDelay: 0,
    },
    { fetch: config.fetch },
  )
  return async <T>(method: HttpMethod, path: string, request: RequestOptions = {}) => {
    const sensitive = request.sensitive ?? []
    const shown = hidePath(`${basePathname}/${path}`, sensitive)
    const where = `[${method} ${shown}]`
    const secrets = () => [...(credentials.secrets?.() ?? []), ...sensitive]
    const authorize = request.authorize !== false
    const headers = authorize
      ? { ...(await credentials.headers({ method, path: shown })), ...request.headers }
      : request.headers
    const retries = method === 'GET' ? config.retry.retries : 0
    let attempt = 0
    let started = 0
    let timedOut = false
    const controller = new AbortController()
    // One timer for the whole call, retries included: it aborts the exchange, so an abandoned
    // request releases its connection instead of waiting for a hung server.
    const timer = clock.setTimeout(() => {
      timedOut = true
      controller.abort(new Error('timeout'))
    }, config.timeoutMs)
    const options: FetchOptions<'text'> = {
      method,
      headers,
      body: request.body as FetchOptions['body'],
      signal: controller.signal,
      retry: retries,
      onRequest: () => {
        attempt++
        started = clock.now()
        config.onRequest?.({ method, path: shown, attempt })
      },
      onResponse: ({ response }) => {
        const now = clock.now()
        const rateLimit = readRateLimit(response.headers, now)
        if (rateLimit) config.onRateLimit(rateLimit)
        config.onResponse?.({
          method,
          path: shown,
          attempt,
          status: response.status,
          durationMs: now - started,
          rateLimit,
        })
      },
      onResponseError: async (context) => {
        const left = context.options.retry
        if (typeof left !== 'number' || left <= 0) return
        if (!RETRY_STATUSES.includes(context.response.status)) return
        const wait = retryWait(config.retry, attempt, context.response.headers, clock.now())
        if (wait === null) {
          context.options.retry = 0 // longer than the cap: the caller gets the error now
          return
        }
        await new Promise<void>((resolve, reject) => {
          const id = clock.setTimeout(resolve, wait)
          controller.signal.addEventListener(
            'abort',
            () => {
              clock.clearTimeout(id)
              reject(controller.signal.reason)
            },
            { once: true },
          )
        })
      },
    }
    let answer: { status: number; _data?: string }
    try {
      answer = await $fetch.raw(path, options)
    } catch (err) {
      const response = err instanceof FetchError ? err.response : undefined
      if (!response || timedOut) {
        throw noAnswerError(err instanceof FetchError ? err.cause : err, {
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
