import { type HttpHandler, http } from 'msw'
import type { Endpoints } from 'pullsign/wire'
import type { FetchHandler } from './http/handler'

/**
 * What {@link createHandlers} needs from a reference server: its one fetch-style handler and the
 * endpoints it answers on. A `ReferenceServer` has both.
 *
 * @example
 * ```ts
 * const target: MswTarget = createReferenceServer({ endpoints })
 * ```
 */
export interface MswTarget {
  readonly handler: FetchHandler
  readonly endpoints: Endpoints
  /** `false` when `endpoints` are a placeholder (a server neither given endpoints nor listening). */
  readonly hasEndpoints?: boolean
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const isUpgrade = (request: Request) =>
  request.headers.get('upgrade')?.toLowerCase() === 'websocket'

// Written as the request URLs msw sees are (lower-case host, no default port, no trailing slash);
// `http://host:8787` covers `http://host:8787/oauth`, so one handler per distinct base.
const distinctBases = (endpoints: Endpoints): string[] => {
  const bases = [endpoints.api, endpoints.oauth, endpoints.links]
    .map((base) => new URL(base).href.replace(/\/+$/, ''))
    .sort((a, b) => a.length - b.length)
  const kept: string[] = []
  for (const base of bases) {
    if (!kept.some((shorter) => base === shorter || base.startsWith(`${shorter}/`))) kept.push(base)
  }
  return kept
}

/**
 * msw 2 request handlers that send every request for the server's endpoints (`api`, `oauth`,
 * `links`) to the server's ONE fetch-style handler, in-process and without a port: the routes
 * exist once, in the server (DESIGN "One handler, three transports"). Requests to any other URL
 * are not matched, so msw treats them as your other handlers and `onUnhandledRequest` say.
 *
 * The handlers are built from `server.endpoints` as they are when you call this: give the server
 * its `endpoints` option, or call `listen` first (without either, this throws). msw intercepts
 * the global `fetch` (which the SDK and the server's webhook delivery use), but not sockets of the
 * `ws` package, which the SDK uses on Node for payload subscriptions (DESIGN, Toolchain): give the
 * SDK `WebSocket: server.WebSocket` (in-process, no port), or `listen(0)` before creating the
 * handlers (HTTP stays in-process, sockets go to the port).
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node'
 * import { PullSign } from 'pullsign'
 * import { createReferenceServer } from '@pullsign/reference-server'
 * import { createHandlers } from '@pullsign/reference-server/msw'
 *
 * const endpoints = { api: 'https://pullsign.test', oauth: 'https://pullsign.test/oauth', links: 'https://pullsign.test' }
 * const server = createReferenceServer({ endpoints, ledgerCloseMs: false })
 * const msw = setupServer(...createHandlers(server))
 * msw.listen({ onUnhandledRequest: 'error' })
 *
 * const [app] = server.platform.applications.list()
 * const [alice] = server.platform.users.list()
 * const pullsign = new PullSign({
 *   apiKey: app!.apiKey,
 *   apiSecret: app!.apiSecret,
 *   endpoints,
 *   WebSocket: server.WebSocket, // payload subscriptions in-process too
 * })
 * const subscription = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
 * await server.wallet.sign(subscription.uuid, { user: alice!.uuid })
 * const record = await subscription.resolved // record.meta.signed === true
 *
 * msw.close()
 * await server.close()
 * ```
 */
export function createHandlers(server: MswTarget): HttpHandler[] {
  // Serving the placeholder would send the SDK's requests (to its own endpoints) past msw.
  if (server.hasEndpoints === false) {
    throw new Error(
      "createHandlers(server): the server has no endpoints to serve. Give it some, e.g. createReferenceServer({ endpoints: { api: 'https://pullsign.test', oauth: 'https://pullsign.test/oauth', links: 'https://pullsign.test' } }), or await server.listen(0) first; then give the SDK the same server.endpoints.",
    )
  }
  return distinctBases(server.endpoints).map((base) =>
    // Query and fragment are stripped by msw before matching; `(/...)?` keeps `https://a.test`
    // from matching `https://a.test.evil` or `https://a.test:8080`.
    http.all(new RegExp(`^${escapeRegExp(base)}(?:/.*)?$`), ({ request }) =>
      // A websocket handshake (the `ws` package's HTTP upgrade to `/sign/{uuid}`) is left to the
      // listening server: the fetch handler serves the sign page on that path, not sockets.
      isUpgrade(request) ? undefined : server.handler(request),
    ),
  )
}
