import { type Context, Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { API_PATHS } from 'pullsign/wire'
import type { ServerRequest } from 'srvx'
import type { Platform } from '../platform'
import { badBody, notFound } from '../platform'
import { UUID_SOURCE } from '../platform/ids'
import type { Snapshots } from '../state/snapshot'
import { accountRoutes } from './account-routes'
import { appStorageRoutes } from './app-storage-routes'
import { applicationRoutes } from './application-routes'
import { controlRoutes } from './control-routes'
import { errorResponse } from './error-response'
import type { HttpEnv } from './http-env'
import { jwtRoutes } from './jwt-routes'
import { linkRoutes } from './link-routes'
import { lookupRoutes } from './lookup-routes'
import { oauthMountPath, oauthRoutes } from './oauth-routes'
import { ownHostNames, ownHostOnly } from './own-hosts'
import { pageRoutes } from './page-routes'
import { payloadListRoutes } from './payload-list-routes'
import { payloadRoutes } from './payload-routes'
import { rateLimitHeaders } from './rate-limit-headers'
import type { HeaderRecord } from './responses'
import { signRoutes } from './sign-routes'
import { snapshotRoutes } from './snapshot-routes'
import { userTokenRoutes } from './user-token-routes'
import { xappAuthorizeRoutes } from './xapp-authorize-route'
import { xappHostRoutes } from './xapp-host-routes'
import { xappReplayRoutes } from './xapp-replay-route'
import { xappRoutes } from './xapp-routes'

// An unknown path may still carry a one-time token or user token: never echo a UUID-shaped part.
const UUID_ANYWHERE = new RegExp(UUID_SOURCE, 'gi')
const redactedPath = (path: string) => path.slice(0, 200).replace(UUID_ANYWHERE, '{uuid}')

// Over node:http, a route's path is read off the request line (srvx keeps the IncomingMessage):
// srvx would otherwise build the whole URL for `request.url`, only for Hono to cut the path back
// out of it. A target the URL parser would rewrite (a percent-escape, a dot segment, a backslash)
// is routed on the parser's path, as fetch and msw see it: `/a/../__ref/state` is `/__ref/state`
// on every transport, and `%2F` stays inside its segment (docs/protocol.md §10).
const REWRITTEN = /%|\/\.|\\/
const routePath = (request: Request): string => {
  const target = (request as ServerRequest).runtime?.node?.req?.url
  if (target?.[0] !== '/') return getPath(request)
  // getPath reads only `url`; a path never makes the parse fail with a fixed host.
  if (REWRITTEN.test(target))
    return getPath({ url: `${new URL(`http://localhost${target}`)}` } as Request)
  const end = target.search(/[?#]/)
  return end === -1 ? target : target.slice(0, end)
}

/**
 * The one fetch-style handler of the reference server (DESIGN "One handler, three transports").
 *
 * @example
 * ```ts
 * const handler: FetchHandler = server.handler
 * const res = await handler(new Request(`${server.endpoints.api}/__ref/state`))
 * ```
 */
export type FetchHandler = (request: Request) => Promise<Response>

/**
 * Creates the HTTP API of the platform as one `(Request) => Response | Promise<Response>`: the
 * node server, msw handlers and benchmarks all call this, so no route exists twice. A route that
 * finishes synchronously (a GET) answers without a promise, which the node transport writes at
 * once; the public {@link FetchHandler} wraps it in one. It holds no transport state of its own;
 * websockets are served next to it by the node server. `listenHost` (the interface the node
 * server listens on) is one of the names the control API and the dashboard answer to;
 * `snapshots` serves GET `/__ref/snapshot` and POST `/__ref/restore`.
 *
 * @example
 * ```ts
 * const handler = createHttpHandler(createPlatform())
 * const res = await handler(new Request('http://localhost/__ref/state'))
 * ```
 */
export function createHttpHandler(
  platform: Platform,
  options: { listenHost?: string; snapshots?: Snapshots } = {},
): (request: Request) => Response | Promise<Response> {
  const app = new Hono<HttpEnv>({ getPath: routePath })
  // DNS rebinding (docs/protocol.md §10): the control API and the dashboard answer own names only.
  const ownHost = ownHostOnly(() => ownHostNames(options.listenHost, platform.endpoints))
  app.use(`${API_PATHS.control}/*`, ownHost)
  app.use('/', ownHost)
  // Every /api answer carries rate-limit headers (§1): a route's own from its guard (responses.ts);
  // a call whose caller is unknown (no route, bad credentials) charged nothing, so it reports its
  // class's limit with nothing used [ours]. Other paths (control API, pages) carry none.
  const apiHeaders = (c: Context<HttpEnv>): HeaderRecord =>
    c.req.path.startsWith('/api/')
      ? rateLimitHeaders(
          c.get('rate') ?? platform.rateLimits.peek(c.get('routeClass') ?? 'default'),
        )
      : {}
  app.route(API_PATHS.platform, lookupRoutes(platform))
  app.route(API_PATHS.platform, payloadRoutes(platform))
  app.route(API_PATHS.platform, userTokenRoutes(platform))
  app.route(API_PATHS.platform, appStorageRoutes(platform))
  app.route(API_PATHS.platform, xappRoutes(platform))
  app.route(API_PATHS.jwt, jwtRoutes(platform))
  app.route(API_PATHS.jwt, xappAuthorizeRoutes(platform))
  app.route('/', xappReplayRoutes(platform))
  app.route(API_PATHS.control, controlRoutes(platform))
  const api = () => platform.endpoints.api
  app.route(API_PATHS.control, payloadListRoutes({ payloads: platform.payloads, api }))
  app.route(API_PATHS.control, applicationRoutes({ applications: platform.applications, api }))
  if (options.snapshots) {
    app.route(API_PATHS.control, snapshotRoutes({ snapshots: options.snapshots, api }))
  }
  app.route(API_PATHS.control, accountRoutes(platform))
  app.route(API_PATHS.control, xappHostRoutes(platform))
  app.route(API_PATHS.sign, signRoutes(platform))
  app.route(oauthMountPath(platform.endpoints.oauth), oauthRoutes(platform))
  app.route('/', pageRoutes(platform))
  app.route('/', linkRoutes(platform))
  app.notFound((c) =>
    errorResponse(notFound(`route ${c.req.method} ${redactedPath(c.req.path)}`), apiHeaders(c)),
  )
  app.onError((error, c) => errorResponse(error, apiHeaders(c)))
  return (request) => (unreadableUrl(request) ? errorResponse(badHost()) : app.fetch(request))
}

// srvx builds `request.url` with the URL parser when the request line needs normalizing (dot
// segments, escapes, quotes and other characters the parser rewrites, in the path or the query):
// with a Host the parser cannot read, every read of the URL then throws. Such a request is refused
// before any route reads it (a 500 otherwise). Only targets with one of those characters are tried.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the characters srvx hands to the URL parser include controls
const NORMALIZED = /[%\\^#"'<>{}`\x00-\x20\x7f-\uffff]|\/\./
const unreadableUrl = (request: Request): boolean => {
  const target = (request as ServerRequest).runtime?.node?.req?.url
  if (target === undefined || !NORMALIZED.test(target)) return false
  try {
    return request.url === ''
  } catch {
    return true
  }
}

const badHost = () => badBody('host', 'is not a host name the URL parser can read')
