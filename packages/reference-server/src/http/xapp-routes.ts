import { Hono } from 'hono'
import type { Platform } from '../platform'
import { apiGuard } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'

/**
 * POST `xapp/event`, POST `xapp/push`, GET `xapp/ott/{ott}` and `xapp/ott/{ott}/{hash}`
 * (PROTOCOL §2, §7.2). The push bodies are validated by the platform (it owns the permission).
 */
export function xappRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const guard = apiGuard(platform, { credentials: ['key-secret'], routeClass: 'default' })
  const { xapps } = platform

  routes.post('/xapp/event', guard, async (c) => {
    const body = await readJsonBody(c.req.raw)
    return c.json(xapps.event(c.var.credential.application, body))
  })
  routes.post('/xapp/push', guard, async (c) => {
    const body = await readJsonBody(c.req.raw)
    return c.json(xapps.push(c.var.credential.application, body))
  })
  routes.get('/xapp/ott/:ott', guard, (c) =>
    c.json(xapps.resolveOtt(c.var.credential.application, c.req.param('ott'))),
  )
  routes.get('/xapp/ott/:ott/:hash', guard, (c) =>
    c.json(
      xapps.resolveOttForDevice(
        c.var.credential.application,
        c.req.param('ott'),
        c.req.param('hash'),
      ),
    ),
  )
  return routes
}
