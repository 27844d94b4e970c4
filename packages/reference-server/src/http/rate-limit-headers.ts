import { API_HEADERS } from 'pullsign/wire'
import type { RateDecision } from '../platform'

/**
 * The `x-ratelimit-limit` and `x-ratelimit-remaining` headers every API response carries
 * (docs/protocol.md §1), errors included.
 *
 * @example
 * ```ts
 * rateLimitHeaders(rateLimits.peek('default')) // { 'x-ratelimit-limit': '60', … }
 * ```
 */
export function rateLimitHeaders(
  rate: Pick<RateDecision, 'limit' | 'remaining'>,
): Record<string, string> {
  return {
    [API_HEADERS.rateLimitLimit]: String(rate.limit),
    [API_HEADERS.rateLimitRemaining]: String(rate.remaining),
  }
}
