import { Hono } from 'hono'
import type { PayloadPersistence, PayloadRequests } from '../../platform'
import {
  DASHBOARD_LIVE_PATH,
  renderDashboard,
  renderDashboardMain,
} from '../../web/pages/dashboard/dashboard-page'
import { dashboardSignIns } from '../../web/pages/dashboard/dashboard-sign-ins'
import { dashboardView } from '../../web/pages/dashboard/dashboard-view'
import { sameOriginOnly } from '../guards/same-origin'
import { htmlResponse } from '../html-response'
import type { HttpParts } from '../http-parts'

/** How many payloads the dashboard lists, newest first; it also says how many there are. */
export const DASHBOARD_PAYLOAD_LIMIT = 100

const LIVE_PART = new URL(DASHBOARD_LIVE_PATH, 'http://localhost').searchParams.get('part')

/**
 * The pages people look at, served by the one fetch-style handler next to the API: the dashboard
 * at `GET /` and its live sections at `GET /?part=main` (the contents of `<main>`, rendered by the
 * same functions, polled by the page about every second; same-origin only, as it carries
 * application secrets). The sign pages at `next.always` are served by http/routes/sign-routes.ts.
 *
 * @example
 * ```ts
 * app.route('/', pageRoutes(platform))
 * ```
 */
export function pageRoutes({
  clock,
  endpoints,
  identity,
  ledger,
  payloads,
  state,
  webhooks,
}: Pick<HttpParts, 'clock' | 'endpoints' | 'identity' | 'ledger' | 'state' | 'webhooks'> & {
  payloads: Pick<PayloadRequests, 'recent' | 'record' | 'finding'> &
    Pick<PayloadPersistence, 'size'>
}): Hono {
  const routes = new Hono()
  const guard = sameOriginOnly(() => endpoints().api)

  const view = () =>
    dashboardView({
      state: state(),
      balance: (network, address) => ledger.account(network, address)?.balance ?? null,
      holdings: (network, address) => {
        const account = ledger.account(network, address)
        return { lines: account?.lines ?? [], tickets: account?.tickets ?? [] }
      },
      payloads: payloads.recent(DASHBOARD_PAYLOAD_LIMIT),
      payloadCount: payloads.size,
      attempts: webhooks.attempts(),
      now: clock.now(),
      realNow: Date.now(),
      signIns: dashboardSignIns(identity.oauth, payloads),
      closed: ledger,
      finding: (uuid) => payloads.finding(uuid),
    })

  routes.get('/', async (c) => {
    if (c.req.query('part') !== LIVE_PART) return htmlResponse(renderDashboard(view()))
    // throws 812 for another origin's request; the page's own polling is same-origin
    await guard(c, async () => {})
    return htmlResponse(renderDashboardMain(view()).value)
  })
  return routes
}
