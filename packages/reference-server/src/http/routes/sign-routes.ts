import { Hono } from 'hono'
import { type PayloadRequests, type PayloadWalletSteps, PlatformError } from '../../platform'
import { renderNotFoundPage } from '../../web/pages/common/not-found-page'
import { mptScales } from '../../web/pages/sign/mpt-scales'
import { renderSignPage } from '../../web/pages/sign/sign-page'
import { signPageView } from '../../web/pages/sign/sign-page-view'
import { type QrQuality, qrMatrix, qrPng } from '../../web/qr'
import { errorResponse } from '../error-response'
import { htmlResponse } from '../html-response'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { jsonResponse, response } from '../responses'

// `{uuid}_q.png` / `{uuid}_m.json` …: refs.qr_png, refs.qr_matrix and the quality variants (§3.2).
const QR_FILE = /^(.+)_([mqh])\.(png|json)$/
const ANY_ORIGIN = { 'access-control-allow-origin': '*' }

/**
 * The public `{api}/sign/...` routes of docs/protocol.md §3.2: the QR code of `next.always` as PNG and as
 * a JSON boolean matrix, and the pages `next.always` and `next.no_push_msg_received` open.
 * No credentials: whoever holds the link may see the request, as in production.
 */
export function signRoutes({
  clock,
  endpoints,
  identity,
  ledger,
  payloads,
  state,
}: Pick<HttpParts, 'clock' | 'endpoints' | 'identity' | 'ledger' | 'state'> & {
  payloads: Pick<PayloadRequests, 'record' | 'finding'> & Pick<PayloadWalletSteps, 'request'>
}): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  // The QR always encodes next.always of a payload that exists (404 otherwise, §1).
  const nextAlways = (uuid: string) => `${endpoints().api}/sign/${payloads.record(uuid).meta.uuid}`

  const page = (uuid: string, variant: 'sign' | 'qr') => {
    try {
      const record = payloads.record(uuid)
      const view = signPageView({
        record,
        users: state().users,
        boundUser: payloads.request(uuid).userUuid,
        popupOpenerOrigin: identity.oauth.popupOpenerOrigin(uuid),
        serverNow: clock.now(),
        variant,
        links: endpoints().links,
        finding: payloads.finding(uuid),
        mptScales: mptScales(record.payload.request_json, record.meta.force_network, (key, index) =>
          ledger.entry(key, index),
        ),
      })
      return htmlResponse(renderSignPage(view))
    } catch (error) {
      if (!(error instanceof PlatformError) || error.status !== 404) throw error
      const body = renderNotFoundPage({
        what: 'There is no sign request with this id.',
        detail: uuid.slice(0, 64),
      })
      return htmlResponse(body, 404)
    }
  }

  routes.get('/:name', async (c) => {
    const name = c.req.param('name')
    const qr = QR_FILE.exec(name)
    if (!qr) return page(name, 'sign')
    const [, uuid = '', quality, format] = qr
    if (format === 'json') {
      // A page on another origin draws the QR from the matrix (§4 [ours]): its answer, and the
      // 404 of a payload that does not exist, are readable from any origin.
      try {
        const matrix = await qrMatrix(nextAlways(uuid), quality as QrQuality)
        return jsonResponse(matrix, 200, ANY_ORIGIN)
      } catch (error) {
        return errorResponse(error, ANY_ORIGIN)
      }
    }
    const png = await qrPng(nextAlways(uuid), quality as QrQuality)
    return response(png, 200, { 'content-type': 'image/png', 'cache-control': 'no-store' })
  })
  routes.get('/:uuid/qr', (c) => page(c.req.param('uuid'), 'qr'))
  return routes
}
