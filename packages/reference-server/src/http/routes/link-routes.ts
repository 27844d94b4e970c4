import { Hono } from 'hono'
import { isNetworkKey, type TransactionJson } from 'pullsign/wire'
import { NETWORKS } from '../../ledger'
import type { PayloadRequests } from '../../platform'
import type { Application } from '../../platform/applications/applications'
import { renderNotFoundPage } from '../../web/pages/common/not-found-page'
import { renderBadLinkPage } from '../../web/pages/links/bad-link-page'
import { renderPaymentRequestPage, renderSignLinkPage } from '../../web/pages/links/detect-page'
import { renderExplorerPage } from '../../web/pages/links/explorer-page'
import { limitAddress } from '../guards/address-limit'
import { htmlResponse } from '../html-response'
import type { HttpParts } from '../http-parts'
import { parsePaymentRequest, parseSignLink, requestedPayment } from './link-input'

/**
 * The application that owns sign requests made from public links (it has no webhook).
 *
 * @example
 * ```ts
 * applications.list().find((a) => a.name === LINKS_APPLICATION_NAME)
 * ```
 */
export const LINKS_APPLICATION_NAME = 'Public links'

const REQUEST_PREFIX = 'request:'
const TXID = /^[0-9A-Fa-f]{64}$/
// Explorer launchpad names besides the rails keys (docs/protocol.md §9.2).
const EXPLORER_ALIASES: Record<string, string> = { mainnet: 'MAINNET', xahau: 'XAHAU' }

type Detected =
  | { ok: false; problems: string[] }
  | { ok: true; page: string; txjson: TransactionJson | null; forceNetwork: string | null }

function detect(target: string, query: URLSearchParams): Detected {
  if (target.startsWith(REQUEST_PREFIX)) {
    const link = parsePaymentRequest(target.slice(REQUEST_PREFIX.length), query)
    if (!link.ok) return link
    const payment = requestedPayment(link.value)
    return {
      ok: true,
      page: renderPaymentRequestPage(link.value, payment),
      txjson: payment,
      forceNetwork: link.value.network === 'XAHAU' ? 'XAHAU' : null,
    }
  }
  const tx = parseSignLink(target)
  if (!tx.ok) return tx
  return { ok: true, page: renderSignLinkPage(tx.value), txjson: tx.value, forceNetwork: null }
}

const networkOfNode = (node: string) => NETWORKS.find((n) => n.dispatched_to === node)?.key

/**
 * The public link pages on `{links}` (docs/protocol.md §9.2): `GET /detect/request:<account>?...`
 * and `GET /detect/<hex>` show what a link asks for (400 naming each bad parameter), and their
 * button (`POST`) creates the sign request and redirects to its sign page;
 * `GET /explorer/<network>/<hash>` shows a transaction (404 page when unknown there);
 * `GET /explorer/<ctid>` redirects (302) to it, 404 when unknown, 400 when malformed.
 *
 * @example
 * ```ts
 * app.route('/', linkRoutes(platform))
 * ```
 */
export function linkRoutes({
  applications,
  ledger,
  payloads,
  rateLimits,
}: Pick<HttpParts, 'applications' | 'ledger' | 'rateLimits'> & {
  payloads: Pick<PayloadRequests, 'create'>
}): Hono {
  const routes = new Hono()
  // The server's own application, found by identity, never by name: an app registered as
  // "Public links" first must not receive the link payloads (docs/protocol.md §7.3).
  let linksUuid: string | null = null
  const linksApplication = (): Application => {
    const own = linksUuid === null ? null : applications.find(linksUuid)
    if (own) return own
    const created = applications.create({ name: LINKS_APPLICATION_NAME })
    linksUuid = created.uuid
    return created
  }

  const read = (c: { req: { param(name: 'target'): string; url: string } }) =>
    detect(c.req.param('target'), new URL(c.req.url).searchParams)

  routes.get('/detect/:target', (c) => {
    const detected = read(c)
    if (!detected.ok) return htmlResponse(renderBadLinkPage(detected.problems), 400)
    return htmlResponse(detected.page)
  })
  // Not same-origin only: a link is public, its button only creates an unsigned sign request (the
  // signing stays in the wallet), and the pages' no-referrer policy makes a browser send
  // `Origin: null` with the form.
  routes.post('/detect/:target', (c) => {
    const detected = read(c)
    if (!detected.ok) return htmlResponse(renderBadLinkPage(detected.problems), 400)
    if (!detected.txjson) return htmlResponse(renderBadLinkPage(['amount is required to pay']), 400)
    const options = detected.forceNetwork ? { force_network: detected.forceNetwork } : {}
    // docs/protocol.md §7.3: creating without credentials is limited per address, and forgotten
    // once expired unopened.
    limitAddress(c.req.raw, rateLimits)
    const created = payloads.create(
      linksApplication(),
      { txjson: detected.txjson, options },
      { transient: true },
    )
    return c.redirect(created.next.always, 303)
  })

  routes.get('/explorer/:network/:hash', (c) => {
    const name = c.req.param('network')
    const key = EXPLORER_ALIASES[name] ?? name.toUpperCase()
    const hash = c.req.param('hash')
    const problems = [
      ...(isNetworkKey(key) ? [] : ['network must be mainnet, xahau or a rails key']),
      ...(TXID.test(hash) ? [] : ['hash must be 64 hex']),
    ]
    if (problems.length > 0) return htmlResponse(renderBadLinkPage(problems), 400)
    const answer = ledger.transaction(hash)
    if (!answer || networkOfNode(answer.node) !== key) {
      return htmlResponse(renderNotFoundPage({ what: `No transaction ${hash} on ${key}.` }), 404)
    }
    return htmlResponse(renderExplorerPage(answer, key))
  })
  routes.get('/explorer/:ctid', (c) => {
    const ctid = c.req.param('ctid')
    if (!/^C[0-9A-Fa-f]{15}$/.test(ctid)) {
      return htmlResponse(renderBadLinkPage(['ctid must be C and 15 hex characters']), 400)
    }
    const answer = ledger.transactionByCtid(ctid)
    const key = answer ? networkOfNode(answer.node) : undefined
    if (!answer || !key) {
      return htmlResponse(renderNotFoundPage({ what: `No validated transaction at ${ctid}.` }), 404)
    }
    return c.redirect(`/explorer/${key}/${answer.txid}`, 302)
  })
  return routes
}
