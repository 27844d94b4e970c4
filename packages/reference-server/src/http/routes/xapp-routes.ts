import { Hono } from 'hono'
import { guardedRoutes } from '../guards/api-guard'
import { bearerOnlyCors } from '../guards/cors'
import { jwtUser } from '../guards/credentials'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

/**
 * POST `xapp/event`, POST `xapp/push`, GET `xapp/ott/{ott}` and `xapp/ott/{ott}/{hash}`
 * (docs/protocol.md §2, §7.2). The push bodies are validated by the platform (it owns the permission).
 */
export function xappRoutes({
  credentials,
  xapps,
}: Pick<HttpParts, 'credentials' | 'xapps'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const api = guardedRoutes(credentials, routes, {
    credentials: ['key-secret'],
    routeClass: 'default',
  })
  // docs/protocol.md §1: xapp/event and xapp/push also take a Bearer, and then answer CORS.
  const pushes = guardedRoutes(credentials, routes, {
    credentials: ['key-secret', 'jwt'],
    routeClass: 'default',
  })
  routes.use('/xapp/event', bearerOnlyCors)
  routes.use('/xapp/push', bearerOnlyCors)

  pushes.post('/xapp/event', async (c) => {
    const body = await readJsonBody(c.req.raw)
    const caller = c.get('credential')
    return json(c, xapps.event(caller.application, body, jwtUser(caller)))
  })
  pushes.post('/xapp/push', async (c) => {
    const body = await readJsonBody(c.req.raw)
    const caller = c.get('credential')
    return json(c, xapps.push(caller.application, body, jwtUser(caller)))
  })
  api.get('/xapp/ott/:ott', (c) =>
    json(c, xapps.resolveOtt(c.get('credential').application, c.req.param('ott'))),
  )
  api.get('/xapp/ott/:ott/:hash', (c) =>
    json(
      c,
      xapps.resolveOttForDevice(
        c.get('credential').application,
        c.req.param('ott'),
        c.req.param('hash'),
      ),
    ),
  )
  return routes
}
