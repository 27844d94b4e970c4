import type { MiddlewareHandler } from 'hono'
import { API_HEADERS } from 'pullsign/wire'
import type { Platform } from '../platform'
import type { HttpEnv } from './http-env'

/**
 * Puts `x-ratelimit-limit` and `x-ratelimit-remaining` on every API response (PROTOCOL §1),
 * errors included. A call whose caller is unknown (no route, bad credentials) charged nothing,
 * so it reports the route class's limit with nothing used [ours].
 */
export function rateLimitHeaders(platform: Platform): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    await next()
    const rate = c.get('rate') ?? platform.rateLimits.peek(c.get('routeClass') ?? 'default')
    c.res.headers.set(API_HEADERS.rateLimitLimit, String(rate.limit))
    c.res.headers.set(API_HEADERS.rateLimitRemaining, String(rate.remaining))
  }
}
