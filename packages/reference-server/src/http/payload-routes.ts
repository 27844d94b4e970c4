import { Hono } from 'hono'
import type { Platform } from '../platform'
import { apiGuard } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'

/**
 * POST / GET / GET ci / DELETE `payload` (PROTOCOL §2, §3). The body is only parsed here;
 * `platform.payloads.create` validates the whole sign request before any state change.
 */
export function payloadRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const create = apiGuard(platform, { credentials: ['key-secret'], routeClass: 'payload-create' })
  const other = apiGuard(platform, { credentials: ['key-secret'], routeClass: 'default' })

  routes.post('/payload', create, async (c) => {
    const body = await readJsonBody(c.req.raw)
    return c.json(platform.payloads.create(c.var.credential.application, body))
  })
  routes.get('/payload/ci/:identifier', other, (c) =>
    c.json(
      platform.payloads.getByIdentifier(c.var.credential.application, c.req.param('identifier')),
    ),
  )
  routes.get('/payload/:uuid', other, (c) =>
    c.json(platform.payloads.get(c.var.credential.application, c.req.param('uuid'))),
  )
  routes.delete('/payload/:uuid', other, (c) =>
    c.json(platform.payloads.cancel(c.var.credential.application, c.req.param('uuid'))),
  )
  return routes
}
