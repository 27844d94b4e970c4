import { Hono } from 'hono'
import { badBody } from '../../platform'
import { renderNotFoundPage } from '../../web/pages/common/not-found-page'
import { SIGN_PAGE_NETWORKS } from '../../web/pages/sign/sign-page-view'
import { renderXappHostPage, xappHostPolicy } from '../../web/pages/xapp-host/xapp-host-page'
import { clientAddress } from '../client-address'
import { sameOriginOnly } from '../guards/same-origin'
import { htmlResponse } from '../html-response'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { response } from '../responses'

/**
 * The xApp host simulator of docs/protocol.md §7.2 under the control API (same-origin only, as
 * it signs as the user): GET `/__ref/xapp-host/{ott}` frames a launch, and POST
 * `/__ref/xapp-host` (the dashboard's Launch form: `application`, `user`) launches and
 * redirects to it; the host page's Launch again posts `account` and `style` too.
 */
export function xappHostRoutes({
  applications,
  users,
  xapps,
}: Pick<HttpParts, 'applications' | 'users' | 'xapps'>): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.use('*', sameOriginOnly())

  routes.get('/xapp-host/:ott', (c) => {
    const launch = xapps.launchOf(c.req.param('ott'))
    const app = launch ? applications.find(launch.appUuid) : null
    const user = launch ? users.find(launch.userUuid) : null
    if (!launch || !app || !user) {
      const body = renderNotFoundPage({
        what: 'There is no xApp launch with this one-time token (launches are kept one hour).',
      })
      return htmlResponse(body, 404)
    }
    const origin = new URL(launch.url).origin
    const page = renderXappHostPage({
      appName: app.name,
      url: launch.url,
      xappOrigin: origin,
      style: launch.context.style,
      user: { uuid: user.uuid, name: user.name },
      account: launch.context.account,
      network: launch.context.nodetype,
      networks: SIGN_PAGE_NETWORKS,
      application: app.uuid,
      refused: xapps.ottRefusal(launch),
    })
    return htmlResponse(page, 200, xappHostPolicy(origin))
  })

  routes.post('/xapp-host', async (c) => {
    const form = await c.req.parseBody().catch(() => {
      throw badBody('body', 'must be a form with application and user')
    })
    // Launch again (the host page) keeps the account and style; launch() checks every field
    const { application, user, account, style } = form
    const input = {
      application,
      user,
      ...(account ? { account } : {}),
      ...(style ? { style } : {}),
    }
    const { ott } = xapps.launch(input, clientAddress(c.req.raw))
    return response(null, 303, { location: `/__ref/xapp-host/${ott}`, 'cache-control': 'no-store' })
  })
  return routes
}
