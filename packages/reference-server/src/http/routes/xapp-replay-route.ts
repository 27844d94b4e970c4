import { Hono } from 'hono'
import { notFound } from '../../platform'
import { clientAddress } from '../client-address'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { response } from '../responses'

const XAPP_TARGET = /^xapp:(.{1,64})$/

/**
 * The debug replay of docs/protocol.md §7.2: the xApp's launch URL on this server is
 * `{links}/detect/xapp:{application uuid}` [ours], and `{launch URL}/force?xAppToken=<ott>`
 * re-arms that OTT for one more resolution and redirects to the xApp, for a browser at the
 * debug device's address that identifies as `xumm/xapp`. Every refusal is 403 code 815.
 */
export function xappReplayRoutes({ xapps }: Pick<HttpParts, 'xapps'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.get('/detect/:target/force', (c) => {
    const target = XAPP_TARGET.exec(c.req.param('target'))
    if (!target) throw notFound('route GET /detect/…/force')
    const url = xapps.replay(target[1], c.req.query('xAppToken'), {
      userAgent: c.req.header('user-agent') ?? null,
      address: clientAddress(c.req.raw),
    })
    return response(null, 302, { location: url, 'cache-control': 'no-store' })
  })
  return routes
}
