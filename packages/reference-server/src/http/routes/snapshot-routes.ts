import { Hono } from 'hono'
import { badBody } from '../../platform/errors'
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
    const body = await readJsonBody(c.req.raw, undefined, MAX_SNAPSHOT_BYTES)
    // [ours] `clock: true` beside the snapshot's own fields sets the clock back to its savedAt
    // (the snapshot's schema reads only its own fields).
    const clock =
      typeof body === 'object' && body !== null ? (body as { clock?: unknown }).clock : undefined
    if (clock !== undefined && typeof clock !== 'boolean') {
      throw badBody('clock', 'must be true or false')
    }
    deps.snapshots.restore(body, { clock: clock === true })
    return json(c, { restored: true })
  })
  return routes
}
