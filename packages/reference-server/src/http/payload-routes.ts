import { Hono } from 'hono'
import type { Platform } from '../platform'
import { guardedRoutes } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'
import { json } from './responses'

/**
 * POST / GET / GET ci / DELETE `payload` (PROTOCOL §2, §3). The body is only parsed here;
 * `platform.payloads.create` validates the whole sign request before any state change.
 */
export function payloadRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const create = guardedRoutes(platform, routes, {
    credentials: ['key-secret'],
    routeClass: 'payload-create',
  })
  const other = guardedRoutes(platform, routes, {
    credentials: ['key-secret'],
    routeClass: 'default',
  })

  create.post('/payload', async (c) => {
    const body = await readJsonBody(c.req.raw)
    return json(c, platform.payloads.create(c.var.credential.application, body))
  })
  other.get('/payload/ci/:identifier', (c) =>
    json(
      c,
      platform.payloads.getByIdentifier(c.var.credential.application, c.req.param('identifier')),
    ),
  )
  other.get('/payload/:uuid', (c) =>
    json(c, platform.payloads.get(c.var.credential.application, c.req.param('uuid'))),
  )
  other.delete('/payload/:uuid', (c) =>
    json(c, platform.payloads.cancel(c.var.credential.application, c.req.param('uuid'))),
  )
  return routes
}
