import { Hono } from 'hono'
import type { Snapshots } from '../state/snapshot'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'
import { json } from './responses'
import { sameOriginOnly } from './same-origin'

/**
 * GET `/__ref/snapshot` and POST `/__ref/restore` (docs/protocol.md §10): the whole state as
 * versioned JSON, and back. Same-origin only; a restore is checked completely before anything
 * changes (600 naming the field).
 */
export function snapshotRoutes(deps: { snapshots: Snapshots; api: () => string }): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly(deps.api))
  routes.get('/snapshot', (c) => json(c, deps.snapshots.take()))
  routes.post('/restore', async (c) => {
    deps.snapshots.restore(await readJsonBody(c.req.raw))
    return json(c, { restored: true })
  })
  return routes
}
