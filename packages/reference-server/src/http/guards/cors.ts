import type { MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import { API_HEADERS } from 'pullsign/wire'

/**
 * CORS of the routes a web page may call (docs/protocol.md §1): the JWT routes, the OTT exchange and the
 * OAuth endpoints answer preflight and send `access-control-allow-origin: *`. Credentials travel
 * in headers, never cookies, so any origin may call them; `x-api-secret` is not an allowed
 * header, so a page can never send a secret, and the rate-limit headers are readable.
 *
 * @example
 * ```ts
 * routes.use('*', openCors)
 * ```
 */
export const openCors: MiddlewareHandler = cors({
  origin: '*',
  allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: [API_HEADERS.authorization, 'content-type', API_HEADERS.apiKey, API_HEADERS.ott],
  exposeHeaders: [
    API_HEADERS.rateLimitLimit,
    API_HEADERS.rateLimitRemaining,
    API_HEADERS.retryAfter,
    'www-authenticate',
  ],
  maxAge: 600,
})

const presentsBearer = (authorization: string | undefined) => /^bearer\s/i.test(authorization ?? '')

// A preflight may go ahead when the call it announces carries a Bearer and no API secret.
const announcesBearer = (requested: string | undefined) => {
  const names = (requested ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())
  return names.includes(API_HEADERS.authorization) && !names.includes(API_HEADERS.apiSecret)
}

/**
 * CORS of the platform routes that also take a Bearer (`kyc-status`, `user-tokens`, `xapp/event`,
 * `xapp/push`, docs/protocol.md §1): {@link openCors} only for a call with a Bearer (or a preflight
 * announcing one and no `x-api-secret`); the same route called with a key and secret stays a
 * key/secret route, without any CORS header.
 *
 * @example
 * ```ts
 * routes.use('/user-tokens', bearerOnlyCors)
 * ```
 */
export const bearerOnlyCors: MiddlewareHandler = async (c, next) => {
  const allowed =
    c.req.method === 'OPTIONS'
      ? announcesBearer(c.req.header('access-control-request-headers'))
      : presentsBearer(c.req.header(API_HEADERS.authorization)) &&
        c.req.header(API_HEADERS.apiSecret) === undefined
  if (allowed) return openCors(c, next)
  await next()
}
