import { Hono } from 'hono'
import { API_HEADERS, type XappAuthorizeResponse } from 'pullsign/wire'
import { issueXappJwt } from '../identity/xapp-jwt'
import type { Platform } from '../platform'
import { rateLimited } from '../platform'
import { CORS_HEADERS, preflightResponse } from './cors'
import { errorResponse } from './error-response'
import type { HttpEnv } from './http-env'
import { rateLimitHeaders } from './rate-limit-headers'
import { jsonResponse } from './responses'

/**
 * GET `{api}/api/v1/jwt/authorize` (docs/protocol.md §2, §7.2): the xApp trades its one-time
 * token (`x-api-ott`) and its application's `x-api-key` for the launch context and an xApp JWT.
 * Browsers call it from the xApp's own origin, so every answer (errors too) carries CORS
 * headers (§1). The call is charged before the OTT is spent, so a 429 leaves the OTT usable.
 */
export function xappAuthorizeRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.options('/authorize', () => preflightResponse('GET'))
  routes.get('/authorize', async (c) => {
    const key = c.req.header(API_HEADERS.apiKey)
    const app = key === undefined ? null : platform.applications.find(key.toLowerCase())
    const rate = app
      ? platform.rateLimits.take(app.uuid, 'default')
      : { ...platform.rateLimits.peek('default'), retryAfter: null }
    const headers = { ...CORS_HEADERS, ...rateLimitHeaders(rate) }
    try {
      if (rate.retryAfter !== null) throw rateLimited(rate.retryAfter)
      const exchanged = platform.xapps.exchange(app, c.req.header(API_HEADERS.ott))
      const jwt = await issueXappJwt(exchanged.app, exchanged.launch, platform.clock.now())
      const body: XappAuthorizeResponse = {
        ott: structuredClone(exchanged.launch.context),
        app: { name: exchanged.app.name, uuidv4: exchanged.app.uuid },
        jwt,
      }
      return jsonResponse(body, 200, headers)
    } catch (error) {
      return errorResponse(error, headers)
    }
  })
  return routes
}
