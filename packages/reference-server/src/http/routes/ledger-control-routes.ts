import { Hono } from 'hono'
import { NETWORK_KEYS } from 'pullsign/wire'
import * as z from 'zod'
import { AMENDMENT_PROFILES, unknownAmendments } from '../../ledger/amendments/amendment-table'
import { networkDefinition } from '../../ledger/networks'
import { invalidRequest } from '../../platform/errors'
import { setBalance } from '../../platform/ledger-balance'
import { explain } from '../../platform/ledger-explain'
import { impersonate } from '../../platform/ledger-impersonation'
import { travel } from '../../platform/ledger-travel'
import { fundedWallets } from '../../platform/ledger-wallets'
import { parseInput } from '../../platform/schema-input'
import { createTenantWallets } from '../../platform/tenant-wallets'
import { sameOriginOnly } from '../guards/same-origin'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { readJsonBody } from '../json-body'
import { explanationLine, LEDGER_NOTE_HEADER } from '../ledger-note'
import { json, jsonText } from '../responses'

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

/**
 * The control API's ledger routes (docs/protocol.md §10) under `/__ref/ledger/`: what a dev chain
 * gives a test (close now, amendments, funded wallets, time travel, impersonation, balances, why a
 * transaction failed). Same-origin only; every body
 * is checked (400 naming the field) before anything changes.
 */
export function ledgerControlRoutes({
  applications,
  clock,
  endpoints,
  ledger,
}: Pick<HttpParts, 'applications' | 'clock' | 'endpoints' | 'ledger'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  // The wallets each tenant of a shared server asked for: the accounts it may impersonate.
  const tenants = createTenantWallets()
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
  routes.post('/ledger/wallets', async (c) =>
    json(c, fundedWallets({ ledger, applications, tenants }, await readJsonBody(c.req.raw, {}))),
  )
  routes.post('/ledger/travel', async (c) =>
    json(c, travel({ clock, ledger }, await readJsonBody(c.req.raw))),
  )
  routes.post('/ledger/impersonate', async (c) => {
    const body = await readJsonBody(c.req.raw)
    const { network, answer } = impersonate({ ledger, applications, tenants }, body)
    const { Account, hash } = answer.tx_json
    // The request log marks it (issue 40 §5): `  ! impersonated r…: tesSUCCESS`, or why not.
    const why = explanationLine(ledger, network, hash) ?? answer.engine_result
    const note = `impersonated ${String(Account)}: ${why}`
    return jsonText(c, JSON.stringify(answer), { [LEDGER_NOTE_HEADER]: note })
  })
  routes.post('/ledger/balance', async (c) =>
    json(c, setBalance(ledger, await readJsonBody(c.req.raw))),
  )
  routes.get('/ledger/:network/tx/:hash/explain', (c) =>
    json(c, explain(ledger, c.req.param('network'), c.req.param('hash'))),
  )
  return routes
}
