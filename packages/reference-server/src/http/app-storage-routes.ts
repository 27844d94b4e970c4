import { Hono } from 'hono'
import type { Platform } from '../platform'
import { apiGuard } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'

/**
 * GET / POST / DELETE `app-storage` (PROTOCOL §2). `platform.storage.set` checks that the body is
 * a JSON object of at most 60 KB.
 */
export function appStorageRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const guard = apiGuard(platform, { credentials: ['key-secret'], routeClass: 'default' })

  routes.get('/app-storage', guard, (c) =>
    c.json(platform.storage.get(c.var.credential.application)),
  )
  routes.post('/app-storage', guard, async (c) => {
    const body = await readJsonBody(c.req.raw)
    return c.json(platform.storage.set(c.var.credential.application, body))
  })
  routes.delete('/app-storage', guard, (c) =>
    c.json(platform.storage.delete(c.var.credential.application)),
  )
  return routes
}
