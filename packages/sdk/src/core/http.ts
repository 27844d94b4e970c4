import type { ErrorBody } from '../wire/errors'
import {
  ApiError,
  type ApiErrorDetails,
  AuthError,
  NetworkError,
  PullSignError,
  RateLimitError,
  TimeoutError,
} from './errors'
import { type RateLimitInfo, readRateLimit, readRetryAfter } from './rate-limit'
import { REDACTED } from './redact'

/**
 * How a transport reaches the platform: a base URL (e.g. `{api}/api/v1/platform`), the headers
 * that authenticate every call, and the seams.
 *
 * @example
 * ```ts
 * const transport = createTransport({ base: 'https://xumm.app/api/v1/platform', headers: {}, secrets: [], timeoutMs: 30_000 })
 * ```
 */
export interface TransportOptions {
  /** Base URL without a trailing slash; request paths are appended after a `/`. */
  base: string
  /** Sent on every request (credentials). */
  headers: Record<string, string>
  /** Values to redact from every error (the API secret, JWTs). */
  secrets: readonly string[]
  /** Per-request timeout in milliseconds. */
  timeoutMs: number
  /** The fetch to use; defaults to the global fetch. */
  fetch?: typeof globalThis.fetch
  /** Called with the rate limit of every answer that reports one. */
  onRateLimit?: (info: RateLimitInfo) => void
}

/**
 * One request: `body` is sent as JSON; path segments listed in `sensitive` (tokens, OTTs) are
 * redacted from errors.
 *
 * @example
 * ```ts
 * const options: RequestOptions = { body: { tokens: [token] }, sensitive: [token] }
 * ```
 */
export interface RequestOptions {
  body?: unknown
  sensitive?: readonly string[]
}

/**
 * Sends JSON requests and turns every failure into a typed {@link PullSignError}.
 *
 * @example
 * ```ts
 * const pong = await transport.request<PingResponse>('GET', 'ping')
 * ```
 */
export interface Transport {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>
}

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorBody).error === 'object' &&
  (value as ErrorBody).error !== null

const hidePath = (path: string, sensitive: readonly string[]): string =>
  sensitive.reduce(
    (out, value) => (value ? out.split(encodeURIComponent(value)).join(REDACTED) : out),
    path,
  )

function apiError(
  response: Response,
  data: unknown,
  method: string,
  path: string,
  secrets: readonly string[],
): ApiError {
  const error = isErrorBody(data) ? data.error : null
  const details: ApiErrorDetails = {
    status: response.status,
    errorCode: typeof error?.code === 'number' ? error.code : null,
    reference: typeof error?.reference === 'string' ? error.reference : null,
    serverMessage:
      typeof error?.message === 'string'
        ? error.message
        : error
          ? null
          : `${response.statusText || 'HTTP error'} (the body is not a platform error)`,
    method,
    path,
  }
  const options = { secrets }
  if (details.errorCode === 429 || response.status === 429) {
    return new RateLimitError(details, readRetryAfter(response.headers), options)
  }
  if ([812, 813, 814, 815].includes(details.errorCode ?? 0)) return new AuthError(details, options)
  return new ApiError(details, options)
}

const TIMED_OUT = Symbol('timed out')

function failure(err: unknown, where: string, timeoutMs: number): PullSignError {
  if (err === TIMED_OUT) {
    return new TimeoutError(`${where} got no answer within ${timeoutMs} ms`)
  }
  // fetch rejects with a TypeError ("fetch failed") whose cause names the system error.
  const detail = err instanceof Error ? err.message : String(err)
  const cause = (err as { cause?: unknown })?.cause
  const reason = cause instanceof Error ? `: ${cause.message}` : ''
  return new NetworkError(`${where} could not reach the platform: ${detail}${reason}`, {
    cause: cause instanceof Error ? cause : err,
  })
}

/**
 * Creates a transport on the given fetch (default: the global one): JSON in and out, no automatic
 * retries (a retried create would make two payloads), rate-limit headers read on every answer,
 * every failure a typed error. Plain fetch rather than ofetch: we use none of its features and it
 * would be 40% of the main entry's size budget.
 *
 * @example
 * ```ts
 * const transport = createTransport({
 *   base: `${endpoints.api}/api/v1/platform`,
 *   headers: { 'x-api-key': key, 'x-api-secret': secret },
 *   secrets: [secret],
 *   timeoutMs: 30_000,
 * })
 * const pong = await transport.request<PingResponse>('GET', 'ping')
 * ```
 */
export function createTransport(options: TransportOptions): Transport {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const pathname = new URL(options.base).pathname.replace(/\/$/, '')
  return {
    async request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
      const shownPath = () => hidePath(`${pathname}/${path}`, request.sensitive ?? [])
      const where = () => `[${method} ${shownPath()}]`
      const secrets = () => [...options.secrets, ...(request.sensitive ?? [])]
      // One timer both rejects and aborts: the caller gets a TimeoutError at once, and the
      // abandoned request releases its connection instead of holding it until a hung server
      // answers.
      let timer: ReturnType<typeof setTimeout> | undefined
      const controller = new AbortController()
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort(TIMED_OUT)
          reject(TIMED_OUT)
        }, options.timeoutMs)
      })
      const exchange = (async () => {
        const response = await doFetch(`${options.base}/${path}`, {
          method,
          headers:
            request.body === undefined
              ? { accept: 'application/json', ...options.headers }
              : {
                  accept: 'application/json',
                  'content-type': 'application/json',
                  ...options.headers,
                },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: controller.signal,
        })
        return { response, text: await response.text() }
      })()
      exchange.catch(() => {}) // after a timeout nobody awaits its abort any more
      let response: Response
      let text: string
      try {
        ;({ response, text } = await Promise.race([exchange, timeout]))
      } catch (err) {
        throw failure(err, where(), options.timeoutMs)
      } finally {
        clearTimeout(timer)
      }
      const info = readRateLimit(response.headers)
      if (info) options.onRateLimit?.(info)
      let data: unknown = text
      try {
        data = JSON.parse(text)
      } catch {
        // Kept as text: an error page from a proxy is explained by its status below.
      }
      if (!response.ok) throw apiError(response, data, method, shownPath(), secrets())
      if (typeof data !== 'object' || data === null) {
        throw new PullSignError(
          'ERR_RESPONSE',
          `${where()} ${response.status}: expected a JSON object, got ${typeof data === 'string' ? `"${data.slice(0, 80)}"` : String(data)}`,
          { secrets: secrets() },
        )
      }
      return data as T
    },
  }
}
