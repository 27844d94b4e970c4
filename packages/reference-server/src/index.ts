import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Endpoints } from 'pullsign/wire'
import { parseBaseUrl } from './base-url'
import { type ConnectionLimits, connectionSettings } from './connection-limits'
import { assemblePlatform, type Platform, type PlatformOptions } from './create-platform'
import { createHttpHandler, type FetchHandler } from './http/handler'
import { nodeListener } from './http/node-listener'
import { type RequestLogOptions, withRequestLog } from './http/request-log'
import { createLedgerNode } from './ledger-api/ledger-node'
import { createNodeSockets } from './ledger-api/node-sockets'
import { type Clock, DEFAULT_ENDPOINTS } from './platform'
import { createSnapshots, type RestoreOptions, type Snapshot } from './state/snapshot'
import { createStateFile } from './state/state-file'
import { storeStateParts } from './state/state-parts'
import type { Wallet } from './wallet'
import {
  createInProcessWebSocket,
  type InProcessWebSocketConstructor,
} from './ws/in-process-socket'
import { withLedgerFrameLog } from './ws/ledger-frame-log'
import { createPayloadSockets } from './ws/payload-sockets'
import { createSocketUpgrade } from './ws/socket-upgrade'

export type { ConnectionLimits } from './connection-limits'
export type {
  ApplicationPermission,
  KeyAlgorithm,
  RefApplication,
  RefAutopilotEntry,
  RefAutopilotRequest,
  RefAutopilotResponse,
  RefAutopilotRule,
  RefBalanceRequest,
  RefBalanceResponse,
  RefClockAdvanceRequest,
  RefCreateApplicationRequest,
  RefCreatedUser,
  RefCreateUserRequest,
  RefExplanation,
  RefImpersonateRequest,
  RefInboxResponse,
  RefLedgerAmendmentsRequest,
  RefLedgerAmendmentsResponse,
  RefLedgerCloseRequest,
  RefOpenRequest,
  RefPayWith,
  RefPushMessage,
  RefRejectRequest,
  RefSignRequest,
  RefSignResponse,
  RefState,
  RefSubmitAnswer,
  RefTravelClose,
  RefTravelRequest,
  RefTravelResponse,
  RefUser,
  RefWallet,
  RefWalletsRequest,
  RefWalletsResponse,
  RefXappLaunchRequest,
  RefXappLaunchResponse,
  RefXappSettings,
  WebhookAttempt,
} from './control-api-types'
export { CONTROL_API_PATH } from './control-api-types'
export type { Platform, PlatformOptions } from './create-platform'
export type { FetchHandler } from './http/handler'
export type { RequestLogOptions } from './http/request-log'
export type { Clock, RetentionOptions } from './platform'
export type { PayloadList, PayloadListQuery } from './platform/payloads/payload-list'
export { type RestoreOptions, SNAPSHOT_VERSION, type Snapshot } from './state/snapshot'
export { StateFileError } from './state/state-file'
export type { Wallet, WalletAutopilotRule } from './wallet'
export type { InProcessWebSocket, InProcessWebSocketConstructor } from './ws/in-process-socket'

/**
 * Options of {@link createReferenceServer}: everything {@link PlatformOptions} takes (clock,
 * fixtures, ledgerCloseMs, rateLimits, fetch, endpoints for in-process use) plus the host.
 *
 * @example
 * ```ts
 * const options: ReferenceServerOptions = {
 *   host: '127.0.0.1',
 *   ledgerCloseMs: false, // ledgers close only on server.platform.ledger.close()
 *   rateLimits: { 'payload-create': 2 },
 * }
 * ```
 */
export interface ReferenceServerOptions extends PlatformOptions {
  /** Interface to listen on; defaults to 127.0.0.1. */
  host?: string
  /** Timeouts for slow clients and the connection cap of the node server. */
  connections?: ConnectionLimits
  /** One line per request (method, path, status, ms; secrets redacted); none by default. */
  requestLog?: RequestLogOptions
  /**
   * The base URL the server is reached at, behind a proxy or another host name: `{api}` and
   * `{links}` of every URL it emits (docs/protocol.md "Public base URLs"). Default: the address it
   * listens on.
   */
  publicUrl?: string
  /** `{oauth}`: issuer, endpoints and redirects of the OAuth provider. Default `{publicUrl}/oauth`. */
  oauthUrl?: string
  /**
   * A JSON file the state survives a restart in (`--state-file`): restored at start when it
   * exists (a bad file throws a `StateFileError` naming the field), saved within a second of a
   * change and on `close()`. It holds API secrets and seeds: a development server's file.
   */
  stateFile?: string
}

/**
 * The reference server: the platform in memory, served over HTTP and websockets.
 *
 * @example
 * ```ts
 * const server: ReferenceServer = createReferenceServer()
 * await server.listen(0)
 * const [alice] = server.platform.users.list()
 * await server.wallet.sign(uuid, { user: alice.uuid })
 * server.clock.advance(60)
 * await server.close()
 * ```
 */
export interface ReferenceServer {
  /**
   * Starts listening; port 0 (the default) picks a free port. Resolves with the endpoints, which
   * are also set on the platform (so payload links point at this server).
   */
  listen(port?: number): Promise<Endpoints>
  /** Closes every socket, timer and the server. */
  close(): Promise<void>
  /** The port the node server listens on (the real one after `listen(0)`), or null before. */
  readonly port: number | null
  /** The endpoints the server answers on (set by `listen`, or as given in the options). */
  readonly endpoints: Endpoints
  /**
   * Whether `endpoints` are real: given in the options, or set by `listen`. Until then they are
   * a placeholder (`http://127.0.0.1:8787`) that `createHandlers` refuses to serve.
   */
  readonly hasEndpoints: boolean
  /** The platform, for in-process control (the same operations as the control API). */
  readonly platform: Platform
  /** The simulated wallet app. */
  readonly wallet: Wallet
  /** The server clock: `clock.advance(seconds)` moves time. */
  readonly clock: Clock
  /** The one fetch-style handler of the HTTP API (for msw, or any fetch-style runtime). */
  readonly handler: FetchHandler
  /** GET `/__ref/snapshot` (docs/protocol.md §10): the whole state as versioned JSON. */
  snapshot(): Snapshot
  /**
   * POST `/__ref/restore`: replaces the state with a snapshot, exactly (the same ledgers, hashes
   * and close times, autopilot rules and pending answers; docs/protocol.md §10 "Snapshots"); an
   * invalid one throws a PlatformError naming the field and changes nothing. `{clock: true}` sets
   * the clock to the snapshot's `savedAt` too, back included.
   */
  restore(snapshot: unknown, options?: RestoreOptions): void
  /**
   * A WebSocket class connected to this server in-process, without a port, served by the same
   * code as a socket over HTTP: payload sockets `{ws-api}/sign/{uuid}` (give it to the SDK,
   * `new PullSign({ …, endpoints: server.endpoints, WebSocket: server.WebSocket })`, to subscribe
   * through msw handlers) and each network's ledger node `{ws-api}/ledger/K` (raw rippled frames;
   * xrpl.js takes no WebSocket class, so it needs `listen(0)`). Another URL throws a SyntaxError.
   *
   * @example
   * ```ts
   * const node = new server.WebSocket(`${server.endpoints.api.replace(/^http/, 'ws')}/ledger/TESTNET`)
   * node.onopen = () => node.send(JSON.stringify({ id: 1, command: 'ledger_current' }))
   * ```
   */
  readonly WebSocket: InProcessWebSocketConstructor
}

const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

/**
 * Creates the reference server. Nothing listens until `listen`; the handler works in-process
 * right away.
 *
 * @example
 * ```ts
 * const server = createReferenceServer({ ledgerCloseMs: false })
 * const endpoints = await server.listen(0)
 * const [app] = server.platform.applications.list()
 * const res = await fetch(`${endpoints.api}/api/v1/platform/ping`, {
 *   headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
 * })
 * await server.close()
 * ```
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const {
    host = '127.0.0.1',
    connections,
    publicUrl,
    oauthUrl,
    requestLog,
    stateFile: stateFilePath,
    ...platformOptions
  } = options
  const limits = connectionSettings(connections)
  const base = options.endpoints ?? DEFAULT_ENDPOINTS
  const api = publicUrl === undefined ? base.api : parseBaseUrl('publicUrl', publicUrl)
  // Fixed before the handler is made: it mounts the OAuth routes at the path of {oauth}.
  const assembled = assemblePlatform({
    ...platformOptions,
    endpoints: {
      api,
      links: publicUrl === undefined ? base.links : api,
      oauth:
        oauthUrl === undefined
          ? publicUrl === undefined
            ? base.oauth
            : `${api}/oauth`
          : parseBaseUrl('oauthUrl', oauthUrl),
    },
  })
  const { platform } = assembled
  const snapshots = createSnapshots({
    clock: platform.clock,
    parts: storeStateParts(platform),
    clear: () => platform.reset(),
  })
  const stateFile =
    stateFilePath === undefined
      ? null
      : createStateFile({ path: stateFilePath, snapshots, clock: platform.clock })
  try {
    stateFile?.load()
  } catch (error) {
    platform.dispose()
    throw error
  }
  stateFile?.start()
  const ledgerNode = createLedgerNode({ ledger: platform.ledger })
  const routes = createHttpHandler(assembled, { listenHost: host, snapshots, ledgerNode })
  const answer = requestLog ? withRequestLog(routes, requestLog) : routes
  const handler: FetchHandler = async (request) => answer(request)
  const sockets = createPayloadSockets(platform)
  const servedNodeSockets = createNodeSockets({ ledger: platform.ledger, node: ledgerNode })
  const nodeSockets = requestLog?.ledgerFrames
    ? withLedgerFrameLog(servedNodeSockets, requestLog.write, platform.ledger)
    : servedNodeSockets
  const upgrade = createSocketUpgrade(sockets, nodeSockets)
  // srvx hands the handler a lazy Request over the IncomingMessage; the handler's FastResponses
  // (http/responses.ts) are written straight to the socket; the process's globals stay as they are.
  const server = createServer(limits.options, nodeListener(answer))
  server.maxConnections = limits.maxConnections
  server.on('upgrade', upgrade.handle)
  let listening = false
  let port: number | null = null
  let hasEndpoints = platformOptions.endpoints !== undefined || publicUrl !== undefined

  return {
    get endpoints() {
      return platform.endpoints
    },
    get port() {
      return port
    },
    get hasEndpoints() {
      return hasEndpoints
    },
    platform,
    wallet: platform.wallet,
    clock: platform.clock,
    handler,
    snapshot: () => snapshots.take(),
    restore: (snapshot, restoreOptions) => snapshots.restore(snapshot, restoreOptions),
    WebSocket: createInProcessWebSocket({
      sockets,
      ledger: nodeSockets,
      endpoints: () => platform.endpoints,
    }),
    listen(wanted = 0) {
      return new Promise((resolve, reject) => {
        server.once('error', reject)
        server.listen(wanted, host, () => {
          server.off('error', reject)
          listening = true
          const { port: bound } = server.address() as AddressInfo
          port = bound
          // docs/protocol.md "Public base URLs": what the server emits comes from these, never from Host.
          const api =
            publicUrl === undefined ? `http://${urlHost(host)}:${bound}` : platform.endpoints.api
          const oauth = oauthUrl === undefined ? `${api}/oauth` : platform.endpoints.oauth
          platform.setEndpoints({ api, oauth, links: api })
          hasEndpoints = true
          resolve(platform.endpoints)
        })
      })
    },
    async close() {
      upgrade.close()
      // Saved before dispose, which forgets the payloads.
      await stateFile?.close()
      platform.dispose()
      if (!listening) return
      listening = false
      port = null
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      })
    },
  }
}
