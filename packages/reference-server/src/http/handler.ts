import { type Context, Hono } from 'hono'
import { getPath } from 'hono/utils/url'
import { API_PATHS } from 'pullsign/wire'
import type { ServerRequest } from 'srvx'
import { CONTROL_API_PATH } from '../control-api-types'
import type { AssembledPlatform } from '../create-platform'
import { createLedgerNode, type LedgerNode } from '../ledger-api/ledger-node'
import { badBody, notFound, wrongCredentialKind } from '../platform'
import { UUID_SOURCE } from '../platform/ids'
import type { Snapshots } from '../state/snapshot'
import { createScriptTagSdk } from '../web/script-tag-sdk'
import { errorResponse } from './error-response'
import { ownHostNames, ownHostOnly } from './guards/own-hosts'
import type { HttpEnv } from './http-env'
import type { HttpParts } from './http-parts'
import { rateLimitHeaders } from './rate-limit-headers'
import { createRecordBodies } from './record-bodies'
import type { HeaderRecord } from './responses'
import { routedPath } from './routed-path'
import { accountRoutes } from './routes/account-routes'
import { appStorageRoutes } from './routes/app-storage-routes'
import { applicationRoutes } from './routes/application-routes'
import { controlRoutes } from './routes/control-routes'
import { demoXappRoutes } from './routes/demo-xapp-routes'
import { jwtRoutes } from './routes/jwt-routes'
import { ledgerControlRoutes } from './routes/ledger-control-routes'
import { ledgerNodeRoutes } from './routes/ledger-node-routes'
import { linkRoutes } from './routes/link-routes'
import { lookupRoutes } from './routes/lookup-routes'
import { oauthMountPath, oauthRoutes } from './routes/oauth-routes'
import { pageRoutes } from './routes/page-routes'
import { payloadListRoutes } from './routes/payload-list-routes'
import { payloadRoutes } from './routes/payload-routes'
import { signRoutes } from './routes/sign-routes'
import { snapshotRoutes } from './routes/snapshot-routes'
import { userTokenRoutes } from './routes/user-token-routes'
import { xappAuthorizeRoutes } from './routes/xapp-authorize-route'
import { xappHostRoutes } from './routes/xapp-host-routes'
import { xappReplayRoutes } from './routes/xapp-replay-route'
import { xappRoutes } from './routes/xapp-routes'

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
  // A path never makes the parse fail with a fixed host.
  if (REWRITTEN.test(target)) return routedPath(new URL(`http://localhost${target}`))
  const end = target.search(/[?#]/)
  return end === -1 ? target : target.slice(0, end)
}

// docs/protocol.md §2: every platform and JWT route answers the same with a trailing slash (the
// field's Python SDK calls `ping/`, `payload/`, `payload/{uuid}/`), here for all of them at once.
const API_ROUTE_SLASHED = new RegExp(`^(?:${API_PATHS.platform}|${API_PATHS.jwt})/.+/$`)
const apiRoutePath = (request: Request): string => {
  const path = routePath(request)
  return API_ROUTE_SLASHED.test(path) ? path.slice(0, -1) : path
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
 * const handler = createHttpHandler(assemblePlatform())
 * const res = await handler(new Request('http://localhost/__ref/state'))
 * ```
 */
export function createHttpHandler(
  { platform, onReset }: AssembledPlatform,
  options: { listenHost?: string; snapshots?: Snapshots; ledgerNode?: LedgerNode } = {},
): (request: Request) => Response | Promise<Response> {
  const { applications, users, clock, rateLimits, identity } = platform
  const endpoints = () => platform.endpoints
  const ownHosts = () => ownHostNames(options.listenHost, endpoints())
  const recordBodies = createRecordBodies()
  // Every reset, not only the control API's, forgets payloads: their texts go with them.
  onReset(recordBodies.clear)
  const parts: HttpParts = {
    credentials: {
      applications,
      rateLimits,
      bearer: {
        oauth: identity.oauth,
        xappSessions: identity.xappSessions,
        applications,
        users,
        clock,
      },
    },
    endpoints,
    ownHosts,
    state: platform.state,
    inbox: platform.inbox,
    reset: platform.reset,
    resetApplication: platform.resetApplication,
    clock,
    applications,
    users,
    payloads: platform.payloads,
    recordBodies,
    tokens: platform.tokens,
    storage: platform.storage,
    userData: platform.userData,
    rateLimits,
    lookups: platform.lookups,
    webhooks: platform.webhooks,
    xapps: platform.xapps,
    push: platform.push,
    ledger: platform.ledger,
    wallet: platform.wallet,
    identity,
  }
  const app = new Hono<HttpEnv>({ getPath: apiRoutePath })
  // DNS rebinding (docs/protocol.md §10): the control API and the dashboard answer own names only.
  const ownHost = ownHostOnly(ownHosts)
  app.use(`${CONTROL_API_PATH}/*`, ownHost)
  app.use('/', ownHost)
  // Every /api answer carries rate-limit headers (§1): a route's own from its guard (responses.ts);
  // a call whose caller is unknown (no route, bad credentials) charged nothing, so it reports its
  // class's limit with nothing used [ours]. Other paths (control API, pages) carry none.
  const apiHeaders = (c: Context<HttpEnv>): HeaderRecord =>
    c.req.path.startsWith('/api/')
      ? rateLimitHeaders(c.get('rate') ?? rateLimits.peek(c.get('routeClass') ?? 'default'))
      : {}
  app.route(API_PATHS.platform, lookupRoutes(parts))
  app.route(API_PATHS.platform, payloadRoutes(parts))
  app.route(API_PATHS.platform, userTokenRoutes(parts))
  app.route(API_PATHS.platform, appStorageRoutes(parts))
  app.route(API_PATHS.platform, xappRoutes(parts))
  app.route(API_PATHS.jwt, jwtRoutes(parts))
  app.route(API_PATHS.jwt, xappAuthorizeRoutes(parts))
  app.route('/', xappReplayRoutes(parts))
  app.route(CONTROL_API_PATH, controlRoutes(parts))
  app.route(CONTROL_API_PATH, ledgerControlRoutes(parts))
  const api = () => endpoints().api
  app.route(CONTROL_API_PATH, payloadListRoutes({ payloads: platform.payloads, api }))
  app.route(CONTROL_API_PATH, applicationRoutes({ applications, api, ownHosts }))
  if (options.snapshots) {
    app.route(CONTROL_API_PATH, snapshotRoutes({ snapshots: options.snapshots, api }))
  }
  app.route(CONTROL_API_PATH, accountRoutes(parts))
  app.route(CONTROL_API_PATH, xappHostRoutes(parts))
  app.route('/', demoXappRoutes({ ...parts, scriptTagSdk: createScriptTagSdk() }))
  app.route(API_PATHS.sign, signRoutes(parts))
  app.route(oauthMountPath(endpoints().oauth), oauthRoutes(parts))
  app.route(
    '/',
    ledgerNodeRoutes({
      ledger: platform.ledger,
      node: options.ledgerNode ?? createLedgerNode({ ledger: platform.ledger }),
    }),
  )
  app.route('/', pageRoutes(parts))
  app.route('/', linkRoutes(parts))
  app.notFound((c) =>
    errorResponse(notFound(`route ${c.req.method} ${redactedPath(c.req.path)}`), apiHeaders(c)),
  )
  app.onError((error, c) => errorResponse(error, apiHeaders(c)))
  const unreadableHost = hostCheck()
  return (request) =>
    unreadableHost(request)
      ? errorResponse(foreignHost())
      : unreadableUrl(request)
        ? errorResponse(badHost())
        : app.fetch(request)
}

// A Host the URL parser cannot read (`127.0.0.1:99999`, `xn--`) is refused before any route runs,
// whatever the path (docs/protocol.md §7.3). Hosts repeat, so the last good one skips the parse;
// it is remembered per handler, so no server reads another's.
const hostCheck = () => {
  let goodHost = ''
  return (request: Request): boolean => {
    const host = (request as ServerRequest).runtime?.node?.req?.headers.host
    if (host === undefined || host === goodHost) return false
    if (!URL.canParse(`http://${host}/`)) return true
    goodHost = host
    return false
  }
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

// 403 as the control API answers another host name (guards/own-hosts.ts).
const foreignHost = () =>
  wrongCredentialKind('the Host header is not a host name the URL parser can read')

const badHost = () => badBody('host', 'is not a host name the URL parser can read')
