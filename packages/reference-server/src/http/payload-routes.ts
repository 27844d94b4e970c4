import { Hono } from 'hono'
import type { Platform } from '../platform'
import { guardedRoutes } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'
import { json, jsonText } from './responses'

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
    return jsonText(c, platform.payloads.createJson(c.get('credential').application, body))
  })
  other.get('/payload/ci/:identifier', (c) =>
    jsonText(
      c,
      platform.payloads.getJsonByIdentifier(
        c.get('credential').application,
        c.req.param('identifier'),
      ),
    ),
  )
  other.get('/payload/:uuid', (c) =>
    jsonText(c, platform.payloads.getJson(c.get('credential').application, c.req.param('uuid'))),
  )
  other.delete('/payload/:uuid', (c) =>
    json(c, platform.payloads.cancel(c.get('credential').application, c.req.param('uuid'))),
  )
  return routes
}
