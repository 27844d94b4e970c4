import { Hono } from 'hono'
import type { PayloadRequests } from '../../platform'
import { guardedRoutes } from '../guards/api-guard'
import { openCors } from '../guards/cors'
import type { BearerCredential } from '../guards/credentials'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'
import { payloadRoutes } from './payload-routes'

// Every route here takes only a Bearer, so the credential is one.
const bearer = (credential: HttpEnv['Variables']['credential']) => credential as BearerCredential

/**
 * The JWT routes of docs/protocol.md §2 under `{api}/api/v1/jwt`, each behind a Bearer (an OAuth access
 * token or, once wired in identity/bearer.ts, an xApp JWT) and the CORS of §1: ping, payloads
 * bound to the JWT's user, the user store, and the lookups a JWT may use. The OTT exchange
 * (`authorize`) is mounted on the same prefix by its own module.
 *
 * @example
 * ```ts
 * app.route(API_PATHS.jwt, jwtRoutes(platform))
 * ```
 */
export function jwtRoutes({
  credentials,
  lookups,
  payloads,
  recordBodies,
  userData,
}: Pick<HttpParts, 'credentials' | 'lookups' | 'recordBodies' | 'userData'> & {
  payloads: Pick<PayloadRequests, 'create' | 'get' | 'getByIdentifier' | 'cancel' | 'finding'>
}): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', openCors)
  const guard = (routeClass: 'default' | 'xrpl-tx') =>
    guardedRoutes(credentials, routes, { credentials: ['jwt'], routeClass })
  const api = guard('default')

  // docs/protocol.md §2: the JWT's claims plus `pong: true`.
  api.get('/ping', (c) => json(c, { ...bearer(c.get('credential')).claims, pong: true }))

  api.get('/userdata', (c) => {
    const { application, user } = bearer(c.get('credential'))
    return json(c, userData.list(application, user.uuid))
  })
  api.get('/userdata/:keys', (c) => {
    const { application, user } = bearer(c.get('credential'))
    return json(c, userData.retrieve(application, user.uuid, c.req.param('keys')))
  })
  api.post('/userdata/:key', async (c) => {
    const { application, user } = bearer(c.get('credential'))
    const body = await readJsonBody(c.req.raw)
    return json(c, userData.persist(application, user.uuid, c.req.param('key'), body))
  })
  api.delete('/userdata/:key', (c) => {
    const { application, user } = bearer(c.get('credential'))
    return json(c, userData.remove(application, user.uuid, c.req.param('key')))
  })

  api.get('/rates/:code', (c) => json(c, lookups.rates(c.req.param('code'))))
  api.get('/curated-assets', (c) => json(c, lookups.curatedAssets()))
  api.get('/rails', (c) => json(c, lookups.rails()))
  api.get('/hookhash', (c) => json(c, lookups.hookHashes()))
  api.get('/hookhash/:hash', (c) => json(c, lookups.hookHash(c.req.param('hash'))))
  api.get('/nftoken-detail/:tokenId', (c) => json(c, lookups.nftokenDetail(c.req.param('tokenId'))))
  guard('xrpl-tx').get('/xrpl-tx/:hash', (c) => json(c, lookups.transaction(c.req.param('hash'))))

  routes.route('/', payloadRoutes({ credentials, payloads, recordBodies }, 'jwt'))
  return routes
}
