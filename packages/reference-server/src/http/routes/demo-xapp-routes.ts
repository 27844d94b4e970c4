import { Hono } from 'hono'
import { DEMO_XAPP_PATH } from '../../control-api-types'
import {
  DEMO_XAPP_POLICY,
  renderDemoXappPage,
  SCRIPT_TAG_SDK_PATH,
} from '../../web/pages/demo-xapp/demo-xapp-page'
import type { ScriptTagSdk } from '../../web/script-tag-sdk'
import { htmlResponse } from '../html-response'
import type { HttpEnv } from '../http-env'
import type { HttpParts } from '../http-parts'
import { response } from '../responses'

/**
 * The demo xApp of docs/protocol.md §10, served by the server itself so the demo fixtures' Launch
 * works out of the box: GET `/__ref/demo-xapp` (the page; the launch behind its `xAppToken` gives
 * it the application's API key, as a real xApp has its own built in) and the script-tag SDK it
 * loads, GET `/__ref/demo-xapp/pullsign.iife.js`.
 *
 * @example
 * ```ts
 * app.route('/', demoXappRoutes({ ...parts, scriptTagSdk: createScriptTagSdk() }))
 * ```
 */
export function demoXappRoutes({
  applications,
  endpoints,
  xapps,
  scriptTagSdk,
}: Pick<HttpParts, 'applications' | 'endpoints' | 'xapps'> & {
  scriptTagSdk: ScriptTagSdk
}): Hono<HttpEnv> {
  const routes = new Hono<HttpEnv>()
  routes.get(DEMO_XAPP_PATH, (c) => {
    const launch = xapps.launchOf(c.req.query('xAppToken'))
    const app = launch ? applications.find(launch.appUuid) : null
    const page = renderDemoXappPage({ api: endpoints().api, apiKey: app?.apiKey ?? null })
    return htmlResponse(page, 200, DEMO_XAPP_POLICY)
  })
  routes.get(SCRIPT_TAG_SDK_PATH, async () => {
    const source = await scriptTagSdk()
    if (source === null) {
      const why = 'The script-tag SDK (pullsign/pullsign.iife.js) is not built: run `pnpm build`.'
      return response(why, 503, { 'content-type': 'text/plain; charset=utf-8' })
    }
    return response(source, 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    })
  })
  return routes
}
