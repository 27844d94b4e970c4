import { response } from './responses'

/**
 * What a cross-origin answer carries on the routes browsers may call (docs/protocol.md §1: JWT
 * routes, the OTT exchange, OAuth): any origin may read it, rate-limit headers included. These
 * routes take no cookies, so `*` gives a page nothing it could not fetch from its own server.
 *
 * @example
 * ```ts
 * return jsonResponse(body, 200, { ...CORS_HEADERS, ...rateLimitHeaders(rate) })
 * ```
 */
export const CORS_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-ratelimit-limit, x-ratelimit-remaining, retry-after',
})

/**
 * The answer to a CORS preflight of such a route: 204, the methods given, and the request
 * headers a browser client sends (Bearer, JSON, and the OTT exchange's key and token).
 *
 * @example
 * ```ts
 * routes.options('/authorize', () => preflightResponse('GET'))
 * ```
 */
export function preflightResponse(methods: string): Response {
  return response(null, 204, {
    ...CORS_HEADERS,
    'access-control-allow-methods': methods,
    'access-control-allow-headers': 'authorization, content-type, x-api-key, x-api-ott',
    'access-control-max-age': '600',
  })
}
