import { Hono } from 'hono'
import type { PingResponse } from 'pullsign/wire'
import * as z from 'zod'
import { newUuid } from '../../platform/ids'
import { parseInput } from '../../platform/schema-input'
import { guardedRoutes } from '../guards/api-guard'
import { bearerOnlyCors } from '../guards/cors'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

const kycTokenBody = z.lazy(() => z.object({ user_token: z.string() }))

/**
 * The read-only lookups of docs/protocol.md §2: ping, curated assets, rails, hook hashes, rates, KYC,
 * ledger transactions and account meta, each with its rate-limit class.
 */
export function lookupRoutes({
  credentials,
  lookups,
}: Pick<HttpParts, 'credentials' | 'lookups'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const guard = (routeClass: 'default' | 'xrpl-tx' | 'account-meta') =>
    guardedRoutes(credentials, routes, { credentials: ['key-secret'], routeClass })
  const standard = guard('default')
  // docs/protocol.md §1: kyc-status also takes a Bearer, and then answers CORS.
  const kyc = guardedRoutes(credentials, routes, {
    credentials: ['key-secret', 'jwt'],
    routeClass: 'kyc',
  })
  routes.use('/kyc-status', bearerOnlyCors)
  routes.use('/kyc-status/*', bearerOnlyCors)
  const xrplTx = guard('xrpl-tx')
  const accountMeta = guard('account-meta')

  standard.get('/ping', (c) => {
    const app = c.get('credential').application
    const body: PingResponse = {
      pong: true,
      auth: {
        quota: {},
        application: {
          uuidv4: app.uuid,
          name: app.name,
          webhookurl: app.webhookUrl,
          redirecturis: [...app.redirectUris],
          disabled: app.disabled ? 1 : 0,
        },
        call: { uuidv4: newUuid() },
      },
    }
    return json(c, body)
  })
  standard.get('/curated-assets', (c) => json(c, lookups.curatedAssets()))
  // Also the rails of {links}: the handler answers on every host it is served on.
  standard.get('/rails', (c) => json(c, lookups.rails()))
  standard.get('/hookhash', (c) => json(c, lookups.hookHashes()))
  standard.get('/hookhash/:hash', (c) => json(c, lookups.hookHash(c.req.param('hash'))))
  standard.get('/rates/:code', (c) => json(c, lookups.rates(c.req.param('code'))))
  kyc.get('/kyc-status/:account', (c) => json(c, lookups.kycByAccount(c.req.param('account'))))
  kyc.post('/kyc-status', async (c) => {
    const { user_token } = parseInput(kycTokenBody, await readJsonBody(c.req.raw))
    return json(c, lookups.kycByToken(c.get('credential').application, user_token))
  })
  xrplTx.get('/xrpl-tx/:hash', (c) => json(c, lookups.transaction(c.req.param('hash'))))
  accountMeta.get('/account-meta/:account', (c) =>
    json(c, lookups.accountMeta(c.req.param('account'))),
  )
  return routes
}
