import { Hono } from 'hono'
import { guardedRoutes } from '../guards/api-guard'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

/**
 * GET / POST / DELETE `app-storage` (docs/protocol.md §2). `storage.set` checks that the body is
 * a JSON object of at most 60 KB.
 */
export function appStorageRoutes({
  credentials,
  storage,
}: Pick<HttpParts, 'credentials' | 'storage'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const api = guardedRoutes(credentials, routes, {
    credentials: ['key-secret'],
    routeClass: 'default',
  })

  api.get('/app-storage', (c) => json(c, storage.get(c.get('credential').application)))
  api.post('/app-storage', async (c) => {
    const body = await readJsonBody(c.req.raw)
    return json(c, storage.set(c.get('credential').application, body))
  })
  api.delete('/app-storage', (c) => json(c, storage.delete(c.get('credential').application)))
  return routes
}
