import { Hono } from 'hono'
import { NETWORK_KEYS } from 'pullsign/wire'
import { z } from 'zod'
import type { Platform } from '../platform'
import { parseInput } from '../platform/schema-input'
import { parseOpenInput, parseRejectInput, parseSignInput } from '../wallet/wallet-input'
import { clientAddress } from './client-address'
import type { HttpEnv } from './http-env'
import { readJsonBody } from './json-body'
import { ownHostNames } from './own-hosts'
import { refuseOwnControlWebhook } from './own-webhook'
import { json } from './responses'
import { sameOriginOnly } from './same-origin'

const ledgerCloseBody = z.object({ network: z.enum(NETWORK_KEYS).optional() })
// At most ten years at once: enough for any expiry or token test, and far from float trouble.
const advanceBody = z.object({
  seconds: z
    .number()
    .positive()
    .max(10 * 365 * 24 * 3600),
})

/** Reads an optional JSON body: an empty one is `{}`. */
const optionalBody = (request: Request): Promise<unknown> => readJsonBody(request, {})

/**
 * The control API of docs/protocol.md §10 under `/__ref/`: the developer's test plays the user's wallet
 * and the platform's clock. Same-origin only; every body is checked (600 naming the field, by
 * the part that owns its shape) before anything changes.
 */
export function controlRoutes(platform: Platform, listenHost?: string): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use(
    '*',
    sameOriginOnly(() => platform.endpoints.api),
  )

  routes.get('/state', (c) => json(c, platform.state()))
  routes.post('/applications', async (c) => {
    const body = await readJsonBody(c.req.raw)
    refuseOwnControlWebhook(body, ownHostNames(listenHost, platform.endpoints))
    const app = platform.applications.create(body)
    return json(c, platform.applications.view(app))
  })
  routes.post('/users', async (c) => {
    const user = platform.users.create(await optionalBody(c.req.raw))
    return json(c, platform.users.view(user))
  })
  routes.post('/payloads/:uuid/open', async (c) => {
    const input = parseOpenInput(await readJsonBody(c.req.raw))
    return json(c, platform.wallet.open(c.req.param('uuid'), input))
  })
  routes.post('/payloads/:uuid/sign', async (c) => {
    const input = parseSignInput(await readJsonBody(c.req.raw))
    return json(c, await platform.wallet.sign(c.req.param('uuid'), input))
  })
  routes.post('/payloads/:uuid/reject', async (c) => {
    const input = parseRejectInput(await readJsonBody(c.req.raw))
    return json(c, platform.wallet.reject(c.req.param('uuid'), input))
  })
  routes.post('/ledger/close', async (c) => {
    const { network } = parseInput(ledgerCloseBody, await optionalBody(c.req.raw))
    platform.ledger.close(network)
    const networks = network ? [network] : NETWORK_KEYS
    const closed = Object.fromEntries(
      networks.map((key) => [key, platform.ledger.latestClosedIndex(key)]),
    )
    return json(c, { closed })
  })
  routes.post('/clock/advance', async (c) => {
    const { seconds } = parseInput(advanceBody, await readJsonBody(c.req.raw))
    platform.clock.advance(seconds)
    return json(c, { now: new Date(platform.clock.now()).toISOString() })
  })
  routes.get('/webhooks', async (c) => {
    // [ours] `?settled` waits until no delivery is in flight, so a test reads a final log.
    if (c.req.query('settled') !== undefined) await platform.webhooks.settled()
    return json(c, platform.webhooks.attempts())
  })
  routes.post('/xapps/launch', async (c) =>
    json(c, platform.xapps.launch(await readJsonBody(c.req.raw), clientAddress(c.req.raw))),
  )
  routes.post('/users/:uuid/tokens/:token/revoke', (c) => {
    platform.tokens.revoke(c.req.param('uuid'), c.req.param('token'))
    return json(c, { revoked: true })
  })
  routes.get('/users/:uuid/inbox', (c) => {
    const payloads = platform.inbox(c.req.param('uuid'))
    return json(c, { payloads, pushes: platform.push.received(c.req.param('uuid')) })
  })
  routes.post('/reset', (c) => {
    platform.reset()
    return json(c, { reset: true })
  })
  return routes
}
