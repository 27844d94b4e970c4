import type { RetryOptions } from './client'
import { PullSignError } from './errors/pull-sign-error'
import { readRetryAfter } from './rate-limit'

/**
 * Answers that are worth one more try of an idempotent request: too many calls, and a gateway
 * or the platform being briefly unavailable (docs/protocol.md §1).
 *
 * @example
 * ```ts
 * RETRY_STATUSES.includes(503) // true
 * ```
 */
export const RETRY_STATUSES = [429, 502, 503, 504]

/**
 * Checks retry options and fills the defaults (2 retries, 500 ms doubling, at most 10 s).
 *
 * @example
 * ```ts
 * resolveRetry({ retries: 1 }) // { retries: 1, delayMs: 500, maxDelayMs: 10_000 }
 * ```
 */
export function resolveRetry(retry: RetryOptions | false | undefined): Required<RetryOptions> {
  if (retry === false) return { retries: 0, delayMs: 0, maxDelayMs: 0 }
  const out = { retries: 2, delayMs: 500, maxDelayMs: 10_000, ...retry }
  for (const [key, value] of Object.entries(out)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new PullSignError('ERR_CONFIG', `retry.${key} must be a whole number >= 0`)
    }
  }
  return out
}

/**
 * How long to wait before retry number `retry` (1 for the first): the answer's `retry-after`
 * when it has one, else `delayMs` doubling; `null` when that is longer than `maxDelayMs` (the
 * caller is better served by the error and its `retryAfter` at once).
 *
 * @example
 * ```ts
 * retryWait(policy, 1, new Headers({ 'retry-after': '2' }), Date.now()) // 2000
 * ```
 */
export function retryWait(
  policy: Required<RetryOptions>,
  retry: number,
  headers: Headers,
  now: number,
): number | null {
  const after = readRetryAfter(headers, now)
  const wait = after === null ? policy.delayMs * 2 ** (retry - 1) : after * 1000
  return wait > policy.maxDelayMs ? null : wait
}
