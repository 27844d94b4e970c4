import { Hono } from 'hono'
import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import { travel } from '../../platform/ledger-travel'
import { fundedWallets } from '../../platform/ledger-wallets'
import { parseInput } from '../../platform/schema-input'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { json } from '../responses'

const ledgerCloseBody = z.lazy(() => z.object({ network: z.enum(NETWORK_KEYS).optional() }))

/**
 * The control API's ledger routes (docs/protocol.md §10) under `/__ref/ledger/`: what a dev chain
 * gives a test (close now, funded wallets, time travel). Same-origin only; every body is checked
 * (400 naming the field) before anything changes.
 */
export function ledgerControlRoutes({
  clock,
  endpoints,
  ledger,
}: Pick<HttpParts, 'clock' | 'endpoints' | 'ledger'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use(
    '*',
    sameOriginOnly(() => endpoints().api),
  )
  routes.post('/ledger/close', async (c) => {
    const { network } = parseInput(ledgerCloseBody, await readJsonBody(c.req.raw, {}))
    ledger.close(network)
    const networks = network ? [network] : NETWORK_KEYS
    const closed = Object.fromEntries(networks.map((key) => [key, ledger.latestClosedIndex(key)]))
    return json(c, { closed })
  })
  routes.post('/ledger/wallets', async (c) =>
    json(c, fundedWallets(ledger, await readJsonBody(c.req.raw, {}))),
  )
  routes.post('/ledger/travel', async (c) =>
    json(c, travel({ clock, ledger }, await readJsonBody(c.req.raw))),
  )
  return routes
}
