import { Hono } from 'hono'
import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import { AMENDMENT_PROFILES, unknownAmendments } from '../../ledger/amendments/amendment-table'
import { networkDefinition } from '../../ledger/networks'
import { invalidRequest } from '../../platform/errors'
import { parseInput } from '../../platform/schema-input'
import { parseAutopilotInput } from '../../wallet/autopilot-input'
import { parseOpenInput, parseRejectInput, parseSignInput } from '../../wallet/wallet-input'
import { clientAddress } from '../client-address'
import { refuseOwnControlWebhook } from '../guards/own-webhook'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

const ledgerCloseBody = z.lazy(() => z.object({ network: z.enum(NETWORK_KEYS).optional() }))
const amendmentNames = () => z.array(z.string().min(1).max(64)).max(256).optional()
const amendmentsBody = z.lazy(() =>
  z.strictObject({
    network: z.enum(NETWORK_KEYS),
    profile: z.enum(AMENDMENT_PROFILES as unknown as ['default', 'production']).optional(),
    enable: amendmentNames(),
    disable: amendmentNames(),
  }),
)
// At most ten years at once: enough for any expiry or token test, and far from float trouble.
const advanceBody = z.lazy(() =>
  z.object({
    seconds: z
      .number()
      .positive()
      .max(10 * 365 * 24 * 3600),
  }),
)

/** Reads an optional JSON body: an empty one is `{}`. */
const optionalBody = (request: Request): Promise<unknown> => readJsonBody(request, {})

/**
 * The control API of docs/protocol.md §10 under `/__ref/`: the developer's test plays the user's wallet
 * and the platform's clock. Same-origin only; every body is checked (600 naming the field, by
 * the part that owns its shape) before anything changes.
 */
export function controlRoutes({
  applications,
  clock,
  endpoints,
  inbox,
  ownHosts,
  ledger,
  push,
  reset,
  resetApplication,
  state,
  tokens,
  users,
  wallet,
  webhooks,
  xapps,
}: Pick<
  HttpParts,
  | 'applications'
  | 'clock'
  | 'endpoints'
  | 'inbox'
  | 'ownHosts'
  | 'ledger'
  | 'push'
  | 'reset'
  | 'resetApplication'
  | 'state'
  | 'tokens'
  | 'users'
  | 'wallet'
  | 'webhooks'
  | 'xapps'
>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use(
    '*',
    sameOriginOnly(() => endpoints().api),
  )

  routes.get('/state', (c) => json(c, state()))
  routes.post('/applications', async (c) => {
    const body = await readJsonBody(c.req.raw)
    refuseOwnControlWebhook(body, ownHosts())
    const app = applications.create(body)
    return json(c, applications.view(app))
  })
  routes.post('/applications/:uuid/reset', (c) => {
    // [ours] One tenant's reset on a shared server (the test kit's url mode): nothing else changes.
    resetApplication(c.req.param('uuid'))
    return json(c, { reset: true })
  })
  routes.post('/users', async (c) => {
    const user = users.create(await optionalBody(c.req.raw))
    return json(c, users.view(user))
  })
  routes.post('/payloads/:uuid/open', async (c) => {
    const input = parseOpenInput(await readJsonBody(c.req.raw))
    return json(c, wallet.open(c.req.param('uuid'), input))
  })
  routes.post('/payloads/:uuid/sign', async (c) => {
    const input = parseSignInput(await readJsonBody(c.req.raw))
    return json(c, await wallet.sign(c.req.param('uuid'), input))
  })
  routes.post('/payloads/:uuid/reject', async (c) => {
    const input = parseRejectInput(await readJsonBody(c.req.raw))
    return json(c, wallet.reject(c.req.param('uuid'), input))
  })
  routes.post('/ledger/close', async (c) => {
    const { network } = parseInput(ledgerCloseBody, await optionalBody(c.req.raw))
    ledger.close(network)
    const networks = network ? [network] : NETWORK_KEYS
    const closed = Object.fromEntries(networks.map((key) => [key, ledger.latestClosedIndex(key)]))
    return json(c, { closed })
  })
  // [ours] docs/protocol.md §8.10: a network's amendment table, profile first, then each switch;
  // a name the network does not know is refused (602 naming it) and nothing changes.
  routes.post('/ledger/amendments', async (c) => {
    const change = parseInput(amendmentsBody, await readJsonBody(c.req.raw))
    const network = networkDefinition(change.network)
    for (const field of ['enable', 'disable'] as const) {
      const names = change[field] ?? []
      const [unknown] = unknownAmendments(network, names)
      if (unknown !== undefined) {
        throw invalidRequest(
          `${field}.${names.indexOf(unknown)}`,
          `${JSON.stringify(unknown)} is not an amendment of ${change.network}`,
        )
      }
    }
    const table = ledger.setAmendments(change.network, change)
    return json(c, { network: change.network, profile: table.profile, enabled: table.enabledNames })
  })
  routes.post('/clock/advance', async (c) => {
    const { seconds } = parseInput(advanceBody, await readJsonBody(c.req.raw))
    clock.advance(seconds)
    return json(c, { now: new Date(clock.now()).toISOString() })
  })
  routes.get('/webhooks', async (c) => {
    // [ours] `?settled` waits until no delivery is in flight, so a test reads a final log.
    if (c.req.query('settled') !== undefined) await webhooks.settled()
    return json(c, webhooks.attempts())
  })
  routes.post('/xapps/launch', async (c) =>
    json(c, xapps.launch(await readJsonBody(c.req.raw), clientAddress(c.req.raw))),
  )
  routes.post('/users/:uuid/tokens/:token/revoke', (c) => {
    tokens.revoke(c.req.param('uuid'), c.req.param('token'))
    return json(c, { revoked: true })
  })
  routes.get('/users/:uuid/inbox', (c) => {
    const payloads = inbox(c.req.param('uuid'))
    return json(c, { payloads, pushes: push.received(c.req.param('uuid')) })
  })
  routes.post('/autopilot', async (c) =>
    json(c, { autopilot: wallet.autopilot(parseAutopilotInput(await readJsonBody(c.req.raw))) }),
  )
  routes.delete('/autopilot', (c) => json(c, { autopilot: wallet.clearAutopilot() }))
  routes.post('/reset', (c) => {
    reset()
    return json(c, { reset: true })
  })
  return routes
}
