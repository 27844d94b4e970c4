import { API_HEADERS } from '../wire/endpoints'

/**
 * The rate limit the platform reported on its last answer (docs/protocol.md §1).
 *
 * @example
 * ```ts
 * await pullsign.ping()
 * const { limit, remaining } = pullsign.rateLimit ?? {}
 * ```
 */
export interface RateLimitInfo {
  /** Calls allowed per sliding minute on the route last called. */
  limit: number
  /** Calls left in the current window. */
  remaining: number
  /** When the answer arrived (ms since epoch, local clock). */
  at: number
}

const intHeader = (headers: Headers, name: string): number | null => {
  const raw = headers.get(name)
  if (raw === null || !/^\d+$/.test(raw.trim())) return null
  return Number(raw)
}

/**
 * Reads `x-ratelimit-limit` / `x-ratelimit-remaining`, or `null` when either is absent.
 *
 * @example
 * ```ts
 * readRateLimit(response.headers, clock.now()) // { limit: 60, remaining: 59, at: 1700000000000 }
 * ```
 */
export function readRateLimit(headers: Headers, now: number): RateLimitInfo | null {
  const limit = intHeader(headers, API_HEADERS.rateLimitLimit)
  const remaining = intHeader(headers, API_HEADERS.rateLimitRemaining)
  return limit === null || remaining === null ? null : { limit, remaining, at: now }
}

/**
 * Reads `retry-after` as seconds (an integer or an HTTP date), or `null`.
 *
 * @example
 * ```ts
 * readRetryAfter(new Headers({ 'retry-after': '30' }), clock.now()) // 30
 * ```
 */
export function readRetryAfter(headers: Headers, now: number): number | null {
  const raw = headers.get(API_HEADERS.retryAfter)?.trim()
  if (!raw) return null
  if (/^\d+$/.test(raw)) return Number(raw)
  const date = Date.parse(raw)
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000))
}
