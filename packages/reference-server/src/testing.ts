import { type BackendClient, createBackendClient } from 'pullsign'
import { type Endpoints, NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import type {
  RefApplication,
  RefLedgerAmendmentsRequest,
  RefLedgerAmendmentsResponse,
  RefTravelClose,
  RefTravelResponse,
  RefWalletsResponse,
} from './control-api-types'
import type { ReferenceServer, Snapshot } from './index'
import { createClock } from './platform/clock'
import { ledgerNodeUrls } from './platform/node-urls'
import { type ControlCall, controlClient } from './testing/control-client'
import { inProcessFetch } from './testing/in-process-fetch'
import { nodeHttpFetch } from './testing/node-http-fetch'
import { joinSharedServer } from './testing/shared-tenant'
import {
  parseTestEnvironmentOptions,
  type TestAutopilot,
  type TestEnvironmentOptions,
  type TestLedger,
} from './testing/test-environment-options'
import {
  type TestNetworkLedger,
  type TestNetworkLedgers,
  testNetworkLedger,
} from './testing/test-network-ledger'
import { type TestUser, testUser } from './testing/test-user'

export type { RefBalanceResponse, RefExplanation, RefSubmitAnswer } from './control-api-types'
export { type Clock, type ClockOptions, createClock } from './platform/clock'
export type {
  TestAutopilot,
  TestEnvironmentOptions,
  TestLedger,
} from './testing/test-environment-options'
export type {
  TestFaucetOptions,
  TestNetworkLedger,
  TestNetworkLedgers,
} from './testing/test-network-ledger'
export type { TestUser } from './testing/test-user'

/**
 * What every test environment holds: the endpoints, an application with its credentials, two
 * funded users, a backend client of that application, `reset()` and `close()`.
 *
 * @example
 * ```ts
 * const { client, users: [alice] } = env
 * const { uuid } = await client.payload.create({ txjson: { TransactionType: 'SignIn' } })
 * await alice.sign(uuid)
 * ```
 */
export interface TestEnvironmentBase {
  readonly endpoints: Endpoints
  /**
   * Each network of the server (docs/protocol.md §8.6), for the app's own ledger code: its node
   * (`new Client(env.ledger.TESTNET.ws)` with xrpl.js, `.rpc`, `.faucet`, `.faucetOptions` for
   * `client.fundWallet`), ten funded `wallets` of this environment alone, and `closeTime()`.
   */
  readonly ledger: TestNetworkLedgers
  /** The environment's application: uuid, name, apiKey, apiSecret, webhookUrl, … */
  readonly application: RefApplication
  /**
   * The network the users sign on when a payload forces none (`options.network`, default
   * MAINNET).
   */
  readonly network: NetworkKey
  /** At least two users, funded on every network, with their accounts and their seeds. */
  readonly users: readonly [TestUser, TestUser, ...TestUser[]]
  /**
   * A `pullsign` backend client of the application. With a server of its own it calls
   * `server.handler` in-process (as do the users' `sign` and `reject`), the port serving the code
   * under test; a tenant calls its shared server over `node:http`.
   */
  readonly client: BackendClient
  /**
   * Forgets the application's payloads (their events and webhooks) and user tokens; the
   * credentials, the users and their balances stay valid.
   */
  reset(): Promise<void>
  /** Ends the client and, in-process, the server with every socket and timer; twice is harmless. */
  close(): Promise<void>
}

/**
 * An environment with a server of its own, in this process.
 *
 * @example
 * ```ts
 * const env: InProcessTestEnvironment = await createTestEnvironment({ clock: 'manual' })
 * await env.advance(3600)
 * ```
 */
export interface InProcessTestEnvironment extends TestEnvironmentBase {
  /** The in-process server, for what the control API does not reach. */
  readonly server: ReferenceServer
  /**
   * Moves the server clock forward by `seconds` (as `POST /__ref/clock/advance` does), firing
   * every timer that became due (expiries, webhook retries, ledger closes), and resolves once the
   * webhook deliveries it started have finished. With `clock: 'manual'` nothing else moves it.
   */
  advance(seconds: number): Promise<void>
  /**
   * Moves the clock `seconds` forward (whole seconds) and closes a ledger on every network whose
   * close time is at least that network's latest close time plus `seconds` (never short of it:
   * an `Expiration` of `closeTime() + seconds` has passed), Hardhat's `evm_increaseTime` +
   * `evm_mine`; resolves with each network's `{ledger_index, close_time, close_time_iso}` once
   * the webhook deliveries it started have finished (docs/dev-chain.md).
   */
  travel(seconds: number): Promise<Record<NetworkKey, TestLedgerClose>>
  /**
   * Moves the clock to `date` (not in the past) and closes a ledger on every network whose close
   * time is at or after it (`setNextBlockTimestamp` + `mine`); resolves as {@link travel}.
   */
  travelTo(date: Date | string): Promise<Record<NetworkKey, TestLedgerClose>>
  /**
   * The whole server state (Hardhat's `evm_snapshot`): ledgers, accounts, payloads, users,
   * autopilot rules… as `server.snapshot()` takes it.
   */
  snapshot(): Promise<Snapshot>
  /**
   * Back to a snapshot exactly (`evm_revert`): the same ledgers (index, hash, close time, the open
   * ledger's transactions), the same autopilot rules; `{clock: true}` also sets the clock back to
   * the snapshot's `savedAt`. Open payloads and their sockets: docs/dev-chain.md "Snapshots".
   */
  restore(snapshot: Snapshot, options?: { clock?: boolean }): Promise<void>
  /**
   * Changes one network's amendment table for the rest of the file (as `POST
   * /__ref/ledger/amendments` does, docs/protocol.md §8.10): `profile` first, then each name of
   * `enable` and `disable`. Resolves with the network's profile and enabled names; an unknown
   * network or amendment rejects naming it and changes nothing. A server's reset returns to the
   * environment's `amendments` option.
   *
   * @example
   * ```ts
   * await env.amendments('TESTNET', { disable: ['BatchV1_1'] }) // a Batch is now temDISABLED there
   * ```
   */
  amendments(
    network: NetworkKey,
    change: Omit<RefLedgerAmendmentsRequest, 'network'>,
  ): Promise<RefLedgerAmendmentsResponse>
}

/**
 * An environment that is one tenant of a shared server (`createTestEnvironment({ url })`).
 *
 * @example
 * ```ts
 * const env: SharedTestEnvironment = await createTestEnvironment({ url: process.env.PULLSIGN_REFERENCE_URL! })
 * await env.close() // the shared server runs on
 * ```
 */
export interface SharedTestEnvironment extends TestEnvironmentBase {
  readonly server?: undefined
}

/** Either kind of environment. */
export type TestEnvironment = InProcessTestEnvironment | SharedTestEnvironment

/**
 * A network's latest closed ledger after {@link InProcessTestEnvironment.travel}: its index and
 * close time (seconds since the Ripple epoch, and as ISO 8601).
 *
 * @example
 * ```ts
 * const { TESTNET }: Record<string, TestLedgerClose> = await env.travel(3600)
 * TESTNET.close_time // at least the previous close time + 3600
 * ```
 */
export type TestLedgerClose = RefTravelClose

const DEFAULT_TIMEOUT_MS = 10_000

const twoUsers = (users: TestUser[], field: string): TestEnvironmentBase['users'] => {
  const [first, second, ...rest] = users
  if (!first || !second) {
    throw new TypeError(`createTestEnvironment: ${field} must hold at least two users`)
  }
  return [first, second, ...rest]
}

// The kit's ledger validates at once unless asked for an interval (TestLedger).
const ledgerCloseMs = (ledger: TestLedger = { close: 'auto' }) =>
  ledger.close === 'auto' ? ('auto' as const) : ledger.ms

const startAutopilot = async (
  autopilot: TestAutopilot,
  {
    application,
    users,
    control,
    network,
  }: {
    application: RefApplication
    users: readonly TestUser[]
    control: ControlCall
    network: NetworkKey
  },
) => {
  const user =
    typeof autopilot.user === 'number'
      ? users[autopilot.user]
      : users.find((candidate) => candidate.uuid === autopilot.user)
  if (!user) {
    throw new TypeError(
      'createTestEnvironment: options.autopilot.user must be an index in users or the uuid of one of them',
    )
  }
  // Scoped to this application, so a shared server's other tenants keep their own answers.
  await control('POST', '/autopilot', {
    user: user.uuid,
    answer: autopilot.answer,
    ...(autopilot.afterMs === undefined ? {} : { afterMs: autopilot.afterMs }),
    application: application.uuid,
    network,
  })
}

/**
 * Creates what a test file needs against the reference server: without `url`, a server of its
 * own on a free port with the demo fixtures' application and users; with `url`, a tenant of that
 * running server (its own application and users, so files running in parallel never see each
 * other's payloads, webhooks, tokens or balances). The in-process server validates a transaction
 * as soon as it applies (automine, `options.ledger`): a signed payload's transaction is validated
 * before its resolve message arrives. The same call in vitest, jest and node:test.
 *
 * @example
 * ```ts
 * import { createTestEnvironment } from '@pullsign/reference-server/testing'
 *
 * const env = await createTestEnvironment()
 * const { uuid } = await env.client.payload.create({ txjson: { TransactionType: 'SignIn' } })
 * const record = await env.users[0].sign(uuid)
 * record.meta.signed // true
 * await env.reset() // between tests
 * await env.close() // after the file
 * ```
 */
export function createTestEnvironment(
  options?: TestEnvironmentOptions & { url?: undefined },
): Promise<InProcessTestEnvironment>
export function createTestEnvironment(
  options: TestEnvironmentOptions & { url: string; server?: undefined },
): Promise<SharedTestEnvironment>
export function createTestEnvironment(options?: TestEnvironmentOptions): Promise<TestEnvironment>
export async function createTestEnvironment(
  options?: TestEnvironmentOptions,
): Promise<TestEnvironment> {
  const parsed = parseTestEnvironmentOptions(options)
  const timeoutMs = parsed.timeoutMs ?? DEFAULT_TIMEOUT_MS
  // Loaded only here: a tenant of a shared server does not pay for the server's import.
  const server =
    parsed.url === undefined
      ? (await import('./index')).createReferenceServer({
          // A dev chain does not throttle the suite: no 429 unless `server.rateLimits` asks.
          rateLimits: false,
          ledgerCloseMs: ledgerCloseMs(parsed.ledger),
          ...(parsed.strictTransactions === undefined
            ? {}
            : { strictTransactions: parsed.strictTransactions }),
          ...parsed.server,
          ...(parsed.clock === 'manual' ? { clock: createClock({ manual: true }) } : {}),
          ...(parsed.amendments === undefined ? {} : { amendments: parsed.amendments }),
        })
      : undefined
  // What ends the environment once it exists: its server, or a tenant's connections.
  let end = async () => server?.close()
  try {
    const tenant = server
      ? await ownServer(server, timeoutMs)
      : await sharedServer(parsed.url ?? '', timeoutMs)
    end = tenant.close
    const { application, control, endpoints, wallets } = tenant
    const network = parsed.network ?? 'MAINNET'
    const users = twoUsers(
      tenant.users.map((user) => testUser(user, control, network)),
      server ? 'options.server.fixtures' : 'the shared server',
    )
    if (parsed.autopilot) {
      await startAutopilot(parsed.autopilot, { application, users, control, network })
    }
    const client = createBackendClient({
      apiKey: application.apiKey,
      apiSecret: application.apiSecret,
      endpoints,
      timeoutMs,
      fetch: tenant.fetch,
    })
    let closing: Promise<void> | undefined
    const base: TestEnvironmentBase = {
      endpoints,
      // A tenant of a shared server names its application: it impersonates only its wallets.
      ledger: networkLedgers(
        endpoints.api,
        wallets,
        { fetch: tenant.fetch, timeoutMs },
        { call: control, ...(server ? {} : { application: application.uuid }) },
      ),
      network,
      application,
      users,
      client,
      async reset() {
        if (server) server.platform.resetApplication(application.uuid)
        else await control('POST', `/applications/${application.uuid}/reset`)
      },
      close() {
        closing ??= client.close().finally(tenant.close)
        return closing
      },
    }
    if (!server) return base
    const advance = async (seconds: number) => {
      server.clock.advance(seconds)
      await server.platform.webhooks.settled()
    }
    const amendments: InProcessTestEnvironment['amendments'] = (network, change) =>
      control('POST', '/ledger/amendments', { ...change, network })
    const travelBy = async (body: { by: number } | { to: string }) => {
      const { ledgers } = await control<RefTravelResponse>('POST', '/ledger/travel', body)
      await server.platform.webhooks.settled()
      return ledgers
    }
    return {
      ...base,
      server,
      advance,
      amendments,
      travel: (seconds) => travelBy({ by: seconds }),
      travelTo: (date) => travelBy({ to: isoTime(date) }),
      snapshot: async () => server.snapshot(),
      async restore(snapshot, options) {
        server.restore(snapshot, options)
      },
    }
  } catch (error) {
    await end()
    throw error
  }
}

// travelTo's date as the control API takes it; an invalid Date is the caller's TypeError.
const isoTime = (date: Date | string): string => {
  if (typeof date === 'string') return date
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new TypeError('travelTo: date must be a valid Date or an ISO 8601 string')
  }
  return date.toISOString()
}

const networkLedgers = (
  api: string,
  wallets: RefWalletsResponse['wallets'],
  options: { fetch: typeof fetch; timeoutMs: number },
  control: { call: ControlCall; application?: string },
): TestNetworkLedgers => {
  const urls = ledgerNodeUrls(api)
  return Object.fromEntries(
    NETWORK_KEYS.map((network) => [
      network,
      testNetworkLedger(urls[network], wallets[network] ?? [], options, { ...control, network }),
    ]),
  ) as Record<NetworkKey, TestNetworkLedger>
}

const ownServer = async (server: ReferenceServer, timeoutMs: number) => {
  const endpoints = await server.listen(0)
  // The port serves the code under test (its own clients, sockets, a browser); the kit's client
  // and wallet answers reach the same handler in-process.
  const ownFetch = inProcessFetch(server.handler)
  const { platform } = server
  const [app] = platform.applications.list()
  if (!app) {
    throw new TypeError('createTestEnvironment: options.server.fixtures must hold an application')
  }
  const control = controlClient(endpoints.api, { fetch: ownFetch, timeoutMs })
  const { wallets } = await control<RefWalletsResponse>('POST', '/ledger/wallets', {})
  return {
    endpoints,
    application: platform.applications.view(app),
    users: platform.users.list().map((user) => platform.users.keysView(user)),
    wallets,
    control,
    fetch: ownFetch,
    close: () => server.close(),
  }
}

const sharedServer = async (url: string, timeoutMs: number) => {
  const api = url.replace(/\/+$/, '')
  // node:http rather than undici's fetch: half the CPU in a fresh test file (node-http-fetch.ts).
  const http = nodeHttpFetch()
  const control = controlClient(api, { fetch: http.fetch, timeoutMs })
  const close = async () => http.close()
  try {
    return { ...(await joinSharedServer(url, control)), control, fetch: http.fetch, close }
  } catch (error) {
    await close()
    throw error
  }
}
