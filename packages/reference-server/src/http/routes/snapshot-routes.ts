import { Hono } from 'hono'
import type { Snapshots } from '../../state/snapshot'
import type { HttpEnv } from '../http-env'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

// A whole state (thousands of payloads, the ledger's history) is far larger than an API body.
const MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024

import { sameOriginOnly } from '../guards/same-origin'

/**
 * GET `/__ref/snapshot` and POST `/__ref/restore` (docs/protocol.md §10): the whole state as
 * versioned JSON, and back. Same-origin only; a restore (at most 64 MB) is checked completely
 * before anything changes (600 naming the field).
 */
export function snapshotRoutes(deps: { snapshots: Snapshots; api: () => string }): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly(deps.api))
  routes.get('/snapshot', (c) => json(c, deps.snapshots.take()))
  routes.post('/restore', async (c) => {
    deps.snapshots.restore(await readJsonBody(c.req.raw, undefined, MAX_SNAPSHOT_BYTES))
    return json(c, { restored: true })
  })
  return routes
}
