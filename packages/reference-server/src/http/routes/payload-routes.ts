import { Hono } from 'hono'
import { guardedRoutes } from '../guards/api-guard'
import type { CredentialKind } from '../guards/credentials'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json, jsonText } from '../responses'

/**
 * POST / GET / GET ci / DELETE `payload` (docs/protocol.md §2, §3), on the platform routes (key and
 * secret) and on the JWT routes (`credential: 'jwt'`). The body is only parsed here;
 * `payloads.create` validates the whole sign request before any state change. A payload
 * created with a Bearer is bound to its user: pushed to them and signable only by them (§2, §7.1).
 */
export function payloadRoutes(
  {
    credentials,
    payloadJson,
    payloads,
  }: Pick<HttpParts, 'credentials' | 'payloadJson' | 'payloads'>,
  credential: CredentialKind = 'key-secret',
): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const create = guardedRoutes(credentials, routes, {
    credentials: [credential],
    routeClass: 'payload-create',
  })
  const other = guardedRoutes(credentials, routes, {
    credentials: [credential],
    routeClass: 'default',
  })

  create.post('/payload', async (c) => {
    const body = await readJsonBody(c.req.raw)
    const caller = c.get('credential')
    const context = caller.kind === 'jwt' ? { userUuid: caller.user.uuid } : undefined
    return jsonText(c, payloadJson.create(caller.application, body, context))
  })
  other.get('/payload/ci/:identifier', (c) =>
    jsonText(
      c,
      payloadJson.getByIdentifier(c.get('credential').application, c.req.param('identifier')),
    ),
  )
  other.get('/payload/:uuid', (c) =>
    jsonText(c, payloadJson.get(c.get('credential').application, c.req.param('uuid'))),
  )
  other.delete('/payload/:uuid', (c) =>
    json(c, payloads.cancel(c.get('credential').application, c.req.param('uuid'))),
  )
  return routes
}
