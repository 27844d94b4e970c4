import { Hono } from 'hono'
import type { Platform } from '../platform'
import { guardedRoutes } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'
import { json } from './responses'

/**
 * GET / POST / DELETE `app-storage` (docs/protocol.md §2). `platform.storage.set` checks that the body is
 * a JSON object of at most 60 KB.
 */
export function appStorageRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const api = guardedRoutes(platform, routes, {
    credentials: ['key-secret'],
    routeClass: 'default',
  })

  api.get('/app-storage', (c) => json(c, platform.storage.get(c.get('credential').application)))
  api.post('/app-storage', async (c) => {
    const body = await readJsonBody(c.req.raw)
    return json(c, platform.storage.set(c.get('credential').application, body))
  })
  api.delete('/app-storage', (c) =>
    json(c, platform.storage.delete(c.get('credential').application)),
  )
  return routes
}
