import { Hono } from 'hono'
import type { PayloadRequests } from '../../platform'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import { json } from '../responses'

/**
 * GET `/__ref/payloads?application=&user=&state=&limit=&cursor=` (docs/protocol.md §10):
 * `{count, payloads, next?}`, newest first, so a test can assert what was stored. Same-origin
 * only; a bad query value is 600 naming it.
 */
export function payloadListRoutes(deps: {
  payloads: Pick<PayloadRequests, 'list'>
  api: () => string
}): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly(deps.api))
  routes.get('/payloads', (c) => json(c, deps.payloads.list(c.req.query())))
  return routes
}
