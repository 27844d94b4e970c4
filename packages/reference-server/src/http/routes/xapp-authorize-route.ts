import { Hono } from 'hono'
import { API_HEADERS, type XappAuthorizeResponse } from 'pullsign/wire'
import { issueXappJwt } from '../../identity/xapp-jwt'
import { rateLimited } from '../../platform'
import { openCors } from '../guards/cors'
import { guardGuesses } from '../guards/credential-guesses'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { json } from '../responses'

/**
 * GET `{api}/api/v1/jwt/authorize` (docs/protocol.md §2, §7.2): the xApp trades its one-time
 * token (`x-api-ott`) and its application's `x-api-key` for the launch context and an xApp JWT.
 * Browsers call it from the xApp's own origin, so it answers preflight and every answer (errors
 * too) carries the CORS of §1. A full quota answers 429 before the OTT is spent; the call is
 * charged once the OTT is good; an unknown key is refused like any other bad OTT (815).
 */
export function xappAuthorizeRoutes({
  applications,
  clock,
  identity,
  rateLimits,
  xapps,
}: Pick<HttpParts, 'applications' | 'clock' | 'identity' | 'rateLimits' | 'xapps'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('/authorize', openCors)
  routes.get('/authorize', async (c) => {
    c.set('routeClass', 'default')
    const key = c.req.header(API_HEADERS.apiKey)
    const app = key === undefined ? null : applications.find(key.toLowerCase())
    // A full quota refuses before the OTT is spent; the quota is charged only once the OTT
    // proved the caller (docs/protocol.md §7.3): a stranger's wrong OTTs count per (address, key).
    const wait = app ? rateLimits.wait(app.uuid, 'default') : null
    if (wait !== null) throw rateLimited(wait)
    const exchanged = guardGuesses(c.req.raw, { applications, rateLimits }, key ?? null, () =>
      xapps.exchange(app, c.req.header(API_HEADERS.ott)),
    )
    c.set('rate', rateLimits.take(exchanged.app.uuid, 'default'))
    const jwt = await issueXappJwt(exchanged.app, exchanged.launch, clock.now())
    const { launch } = exchanged
    identity.xappSessions.record(launch.ott, exchanged.app.uuid, launch.userUuid)
    const body: XappAuthorizeResponse = {
      ott: structuredClone(exchanged.launch.context),
      app: { name: exchanged.app.name, uuidv4: exchanged.app.uuid },
      jwt,
    }
    return json(c, body)
  })
  return routes
}
