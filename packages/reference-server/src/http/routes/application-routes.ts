import { Hono } from 'hono'
import type { Applications } from '../../platform'
import { refuseOwnControlWebhook } from '../guards/own-webhook'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

/**
 * PATCH `/__ref/applications/{uuid}` (docs/protocol.md §10): changes an application's name,
 * webhook URL, redirect URIs or xApp; validated like a create (600 naming the field, nothing
 * changed; a webhook URL at this server's own control API is refused as on create, docs/protocol.md
 * §7.3), 404 for an unknown uuid. Answers the application as changed.
 */
export function applicationRoutes(deps: {
  applications: Pick<Applications, 'update' | 'view'>
  api: () => string
  ownHosts: () => Set<string>
}): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly(deps.api))
  routes.patch('/applications/:uuid', async (c) => {
    const body = await readJsonBody(c.req.raw)
    refuseOwnControlWebhook(body, deps.ownHosts())
    const app = deps.applications.update(c.req.param('uuid'), body)
    return json(c, deps.applications.view(app))
  })
  return routes
}
