import { Hono } from 'hono'
import type { PayloadRequests } from '../../platform'
import { createdText } from '../created-text'
import { guardedRoutes } from '../guards/api-guard'
import { type CredentialKind, jwtUser } from '../guards/credentials'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json, jsonText } from '../responses'

/**
 * The header of a create answer whose transaction the ledger's preflight refuses: the field, the
 * rule, the result and the network (docs/protocol.md §3.1 "Before the ledger says so") [ours].
 */
export const PREFLIGHT_HEADER = 'x-pullsign-preflight'

/**
 * POST / GET / GET ci / DELETE `payload` (docs/protocol.md §2, §3), on the platform routes (key and
 * secret) and on the JWT routes (`credential: 'jwt'`). The body is only parsed here;
 * `payloads.create` validates the whole sign request before any state change. A payload
 * created with a Bearer is bound to its user: pushed to them and signable only by them (§2, §7.1).
 * A create whose transaction the ledger's preflight refuses carries {@link PREFLIGHT_HEADER}.
 */
export function payloadRoutes(
  {
    credentials,
    payloads,
    recordBodies,
  }: Pick<HttpParts, 'credentials' | 'recordBodies'> & {
    payloads: Pick<PayloadRequests, 'create' | 'get' | 'getByIdentifier' | 'cancel' | 'finding'>
  },
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
    const created = payloads.create(caller.application, body, context)
    // What the ledger will refuse, said before it does (docs/protocol.md §3.1) [ours].
    const finding = payloads.finding(created.uuid)
    return jsonText(c, createdText(created), finding ? { [PREFLIGHT_HEADER]: finding.message } : {})
  })
  // `ci/:identifier` is matched as a parameter beside `:uuid`: Hono's RegExpRouter (one regular
  // expression, static paths looked up whole) refuses a fixed segment beside a parameter, and
  // every request paid the TrieRouter it fell back to. A second segment other than `ci` is the
  // unknown route's 404, before any credential is read.
  routes.get('/payload/:segment/:identifier', (c, next) =>
    c.req.param('segment') === 'ci' ? next() : c.notFound(),
  )
  other.get('/payload/:segment/:identifier', (c) => {
    const caller = c.get('credential')
    const { application } = caller
    const record = payloads.getByIdentifier(application, c.req.param('identifier'), jwtUser(caller))
    return jsonText(c, recordBodies.text(record))
  })
  other.get('/payload/:uuid', (c) => {
    const caller = c.get('credential')
    const record = payloads.get(caller.application, c.req.param('uuid'), jwtUser(caller))
    return jsonText(c, recordBodies.text(record))
  })
  other.delete('/payload/:uuid', (c) => {
    const caller = c.get('credential')
    return json(c, payloads.cancel(caller.application, c.req.param('uuid'), jwtUser(caller)))
  })
  return routes
}
