import { Hono } from 'hono'
import { NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import * as z from 'zod'
import { notFound } from '../../platform'
import { parseInput } from '../../platform/schema-input'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { json } from '../responses'

const accountQuery = z.lazy(() =>
  z.object({
    address: z.string().max(64).refine(isValidClassicAddress, 'is not a valid classic address'),
    network: z.enum(NETWORK_KEYS as unknown as [NetworkKey, ...NetworkKey[]]).default('MAINNET'),
  }),
)

/**
 * GET `/__ref/accounts/{address}?network=KEY` (docs/protocol.md §10): an account on one network
 * of the simulated ledger, `{address, network, balance, sequence, ownerCount, lines, tickets}`;
 * the network defaults to MAINNET (the wallet's default); a bad address or network → 600 naming
 * it; an account that does not exist there → 404. Same-origin only, as the whole control API.
 *
 * @example
 * ```ts
 * app.route(CONTROL_API_PATH, accountRoutes(platform))
 * // GET /__ref/accounts/rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh?network=TESTNET
 * ```
 */
export function accountRoutes({ ledger }: Pick<HttpParts, 'ledger'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly())
  routes.get('/accounts/:address', (c) => {
    const { address, network } = parseInput(
      accountQuery,
      { address: c.req.param('address'), network: c.req.query('network') },
      undefined,
      'query',
    )
    const account = ledger.account(network, address)
    if (!account) throw notFound(`account ${address} on ${network}`)
    const { balance, sequence, ownerCount, lines, tickets } = account
    return json(c, { address, network, balance, sequence, ownerCount, lines, tickets })
  })
  return routes
}
