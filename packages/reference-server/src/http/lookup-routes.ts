import { Hono } from 'hono'
import type { PingResponse } from 'pullsign/wire'
import { z } from 'zod'
import type { Platform } from '../platform'
import { newUuid } from '../platform/ids'
import { parseInput } from '../platform/schema-input'
import { apiGuard } from './api-guard'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'

const kycTokenBody = z.object({ user_token: z.string() })

/**
 * The read-only lookups of PROTOCOL §2: ping, curated assets, rails, hook hashes, rates, KYC,
 * ledger transactions and account meta, each with its rate-limit class.
 */
export function lookupRoutes(platform: Platform): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  const guard = (routeClass: 'default' | 'kyc' | 'xrpl-tx' | 'account-meta') =>
    apiGuard(platform, { credentials: ['key-secret'], routeClass })
  const { lookups } = platform

  routes.get('/ping', guard('default'), (c) => {
    const app = c.var.credential.application
    const body: PingResponse = {
      pong: true,
      auth: {
        quota: {},
        application: {
          uuidv4: app.uuid,
          name: app.name,
          webhookurl: app.webhookUrl,
          disabled: app.disabled ? 1 : 0,
        },
        call: { uuidv4: newUuid() },
      },
    }
    return c.json(body)
  })
  routes.get('/curated-assets', guard('default'), (c) => c.json(lookups.curatedAssets()))
  // Also the rails of {links}: the handler answers on every host it is served on.
  routes.get('/rails', guard('default'), (c) => c.json(lookups.rails()))
  routes.get('/hookhash', guard('default'), (c) => c.json(lookups.hookHashes()))
  routes.get('/hookhash/:hash', guard('default'), (c) =>
    c.json(lookups.hookHash(c.req.param('hash'))),
  )
  routes.get('/rates/:code', guard('default'), (c) => c.json(lookups.rates(c.req.param('code'))))
  routes.get('/kyc-status/:account', guard('kyc'), (c) =>
    c.json(lookups.kycByAccount(c.req.param('account'))),
  )
  routes.post('/kyc-status', guard('kyc'), async (c) => {
    const { user_token } = parseInput(kycTokenBody, await readJsonBody(c.req.raw))
    return c.json(lookups.kycByToken(c.var.credential.application, user_token))
  })
  routes.get('/xrpl-tx/:hash', guard('xrpl-tx'), (c) =>
    c.json(lookups.transaction(c.req.param('hash'))),
  )
  routes.get('/account-meta/:account', guard('account-meta'), (c) =>
    c.json(lookups.accountMeta(c.req.param('account'))),
  )
  return routes
}
