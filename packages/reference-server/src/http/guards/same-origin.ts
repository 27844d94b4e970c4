import type { MiddlewareHandler } from 'hono'
import { wrongCredentialKind } from '../../platform'

/**
 * Refuses a control API call made from another origin (docs/protocol.md §10: same-origin only), so a web
 * page the developer visits cannot drive their wallet simulator: an `Origin` header naming
 * another origin, or a browser's `sec-fetch-site` saying the call is not same-origin. Tools such
 * as curl or a test send neither and pass. 812 is ours: the caller's kind is not allowed here.
 * `publicApi` gives `{api}` (the `publicUrl` option): its origin is the server's own too.
 */
export function sameOriginOnly(publicApi?: () => string): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin')
    const site = c.req.header('sec-fetch-site')
    // A Host the URL parser cannot read makes no origin: refused, never a 500.
    const own = URL.canParse(c.req.url) ? new URL(c.req.url).origin : null
    // Behind a proxy the page's origin is the public one (docs/protocol.md "Public base URLs"),
    // while the request's URL carries the proxy's upstream Host.
    const ownPublic = publicApi !== undefined && origin === new URL(publicApi()).origin
    // A page with `referrer: no-referrer` (every page here) makes the browser send `Origin: null`
    // on its own form posts; `sec-fetch-site`, which no script can set, still says same-origin.
    const ownForm = origin === 'null' && site === 'same-origin'
    if (
      own === null ||
      (origin !== undefined && origin !== own && !ownPublic && !ownForm) ||
      (site !== undefined && site !== 'same-origin' && site !== 'none')
    ) {
      throw wrongCredentialKind(
        'the control API /__ref/ is same-origin only; this call came from another origin',
      )
    }
    await next()
  }
}
