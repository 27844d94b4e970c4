import type { Endpoints, PayloadRecord } from 'pullsign/wire'
import type { RefState } from './control-api-types'
import { createIdentity, type Identity } from './identity'
import {
  checkCloseMode,
  createLedger,
  type Ledger,
  type LedgerCloseMode,
  type LedgerOptions,
} from './ledger'
import {
  type Applications,
  type AppStorage,
  type Clock,
  createApplications,
  createAppStorage,
  createClock,
  createLookups,
  createPayloads,
  createPush,
  createRateLimits,
  createUserData,
  createUsers,
  createUserTokens,
  createWebhookDispatcher,
  createXapps,
  DEFAULT_ENDPOINTS,
  DEMO_FIXTURES,
  type Fixtures,
  type Lookups,
  loadFixtures,
  nativePrice,
  type Payloads,
  type Push,
  parseFixtures,
  type RateLimits,
  type RetentionOptions,
  type RouteClass,
  type UserData,
  type Users,
  type UserTokens,
  type Webhooks,
  type Xapps,
} from './platform'
import { ledgerNodeUrls } from './platform/node-urls'
import { createWallet, requestPreflight, type Wallet } from './wallet'

/**
 * Options of {@link createPlatform} and of `createReferenceServer`.
 *
 * @example
 * ```ts
 * const options: PlatformOptions = {
 *   ledgerCloseMs: false, // ledgers close only on ledger.close()
 *   rateLimits: { 'payload-create': 100 },
 *   tokenValidityDays: 7,
 * }
 * ```
 */
export interface PlatformOptions {
  /** The clock; a new real-time clock by default (and then disposed with the platform). */
  clock?: Clock
  /** Base URLs the payload links point at; the transport sets the real ones after listening. */
  endpoints?: Endpoints
  /** Start fixtures (validated); `reset()` returns to them. Defaults to the demo fixtures. */
  fixtures?: Fixtures | unknown
  /**
   * When ledgers close: an interval in ms (default 4000, docs/protocol.md §8.1); `false`, only on
   * demand; `'auto'`, as soon as a transaction applies, so whoever submitted it (the wallet, the
   * node's `submit`, the faucet) reads it validated (automine; idle networks close every 10 s of
   * clock time). The test kit's default is `'auto'`.
   */
  ledgerCloseMs?: LedgerCloseMode
  /**
   * About how many closed transactions each network remembers for lookups, its oldest ledgers
   * forgotten first. Default 1,000; a test that looks up older transactions raises it.
   */
  ledgerHistory?: number
  /** Calls per sliding minute per route class; false switches rate limiting off. */
  rateLimits?: false | Partial<Record<RouteClass, number>>
  /** The fetch webhooks are delivered with; the global fetch by default. */
  fetch?: typeof fetch
  /** Default validity of user tokens, days (docs/protocol.md §6: 30). */
  tokenValidityDays?: number
  /** When payloads that are over are forgotten; by default past 10,000 payloads, never by time. */
  retention?: RetentionOptions
  /**
   * Which amendments the networks start with, again after each reset (docs/protocol.md §8.10):
   * `'default'` (every family the node models on the XRP Ledger's networks), `'production'`
   * (MAINNET as the XRP Ledger's mainnet has it: no Batch), or a profile with switches per
   * network, `{ profile: 'production', MAINNET: { enable: ['BatchV1_1'] } }`. The Xahau
   * networks mirror Xahau's mainnet.
   */
  amendments?: LedgerOptions['amendments']
  /**
   * Refuse (602, naming the rule and the field) a payload whose transaction the ledger's preflight
   * refuses (`NFTokenMint` without `NFTokenTaxon` → `temMALFORMED`). By default such a payload is
   * created, as production creates it, and the request log, the dashboard and the sign page say
   * which rule it breaks (docs/protocol.md §3.1 "Before the ledger says so").
   */
  strictTransactions?: boolean
}

/**
 * The whole platform, transport-free: every part wired to one clock and one ledger. Everything
 * the control API (docs/protocol.md §10) does is a call on it.
 *
 * @example
 * ```ts
 * const { platform } = createReferenceServer()
 * const [app] = platform.applications.list()
 * const [alice] = platform.users.list()
 * const { uuid } = platform.payloads.create(app!, { txjson: { TransactionType: 'SignIn' } })
 * const record = await platform.wallet.sign(uuid, { user: alice!.uuid })
 * record.application.issued_user_token // a user token, valid 30 days
 * ```
 */
export interface Platform {
  readonly clock: Clock
  readonly endpoints: Endpoints
  setEndpoints(endpoints: Endpoints): void
  applications: Applications
  users: Users
  payloads: Payloads
  tokens: UserTokens
  storage: AppStorage
  /** The user store of the JWT routes (docs/protocol.md §2 `userdata`). */
  userData: UserData
  rateLimits: RateLimits
  lookups: Lookups
  webhooks: Webhooks
  xapps: Xapps
  push: Push
  ledger: Ledger
  wallet: Wallet
  /** The OAuth2 / OpenID provider and its keys (docs/protocol.md §7.1). */
  identity: Identity
  /** GET `/__ref/state` (docs/protocol.md §10): no private keys, no seeds. */
  state(): RefState
  /** The user's event list: payloads pushed to them, newest first. */
  inbox(userUuid: string): PayloadRecord[]
  /**
   * Back to the start fixtures: every payload, token, webhook, ledger entry and autopilot rule
   * forgotten.
   */
  reset(): void
  /**
   * Forgets one application's payloads (with their events and webhook log), pending webhook
   * retries and user tokens; its credentials, users and balances stay. 404 for an unknown one.
   */
  resetApplication(appUuid: string): void
  /** Stops every timer the platform started. */
  dispose(): void
}

/**
 * What the composition root hands the transports: the platform (the HTTP handler and the
 * payload sockets take the parts and ports they use from it), and `onReset` for a transport's
 * own caches of what the platform holds.
 *
 * @example
 * ```ts
 * const { platform, onReset } = assemblePlatform({ ledgerCloseMs: false })
 * onReset(() => bodies.clear())
 * ```
 */
export interface AssembledPlatform {
  platform: Platform
  /**
   * Calls `listener` after every reset of the platform, whole (`reset`) or of one application
   * (`resetApplication`), however it was asked for (the control API, the test kit, a snapshot's
   * restore, a direct call); returns the function that stops it.
   */
  onReset(listener: () => void): () => void
}

/**
 * Creates the platform with everything wired, the simulated wallet app included (see
 * {@link assemblePlatform}).
 *
 * @example
 * ```ts
 * const platform = createPlatform({ ledgerCloseMs: false })
 * const [app] = platform.applications.list()
 * const [alice] = platform.users.list()
 * const { uuid } = platform.payloads.create(app!, { txjson: { TransactionType: 'SignIn' } })
 * await platform.wallet.sign(uuid, { user: alice!.uuid })
 * platform.payloads.record(uuid).meta.signed // true
 * platform.dispose()
 * ```
 */
export function createPlatform(options: PlatformOptions = {}): Platform {
  return assemblePlatform(options).platform
}

/**
 * The composition root of the server: creates the clock, the ledger, the platform's stores and
 * services, the simulated wallet app and the identity provider, and hands each part only the
 * parts it uses. Nothing below this file assembles anything.
 *
 * @example
 * ```ts
 * const assembled = assemblePlatform({ ledgerCloseMs: false })
 * const handler = createHttpHandler(assembled)
 * ```
 */
export function assemblePlatform(options: PlatformOptions = {}): AssembledPlatform {
  const fixtures = parseFixtures(options.fixtures ?? DEMO_FIXTURES)
  const ownClock = options.clock === undefined
  const clock = options.clock ?? createClock()
  let endpoints: Endpoints = { ...(options.endpoints ?? DEFAULT_ENDPOINTS) }
  const currentEndpoints = () => endpoints
  const apiBase = () => endpoints.api
  const closeMs = options.ledgerCloseMs ?? 4000
  checkCloseMode(closeMs, 'ledgerCloseMs')
  if (options.strictTransactions !== undefined && typeof options.strictTransactions !== 'boolean') {
    throw new TypeError('strictTransactions must be true or false')
  }
  const ledger = createLedger({
    clock,
    closeMs,
    price: nativePrice,
    history: options.ledgerHistory,
    amendments: options.amendments,
  })
  const applications = createApplications({ tokenValidityDays: options.tokenValidityDays ?? 30 })
  const users = createUsers({ ledger })
  const tokens = createUserTokens({ clock })
  const storage = createAppStorage()
  const userData = createUserData()
  const rateLimits = createRateLimits({ clock, limits: options.rateLimits })
  const webhooks = createWebhookDispatcher({
    clock,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  })
  const payloads = createPayloads({
    clock,
    apiBase,
    applications,
    users,
    tokens,
    webhooks,
    retention: options.retention,
    preflight: requestPreflight(ledger),
    strictTransactions: options.strictTransactions === true,
  })
  const push = createPush({ clock, tokens })
  const xapps = createXapps({ clock, applications, users, tokens, push, apiBase })
  const lookups = createLookups({ users, tokens, ledger, apiBase })
  const wallet = createWallet({
    payloads,
    users,
    applications,
    ledger,
    clock,
    rates: (code) => lookups.rates(code),
    apiBase,
  })
  const identity = createIdentity({
    clock,
    applications,
    users,
    payloads,
    tokens,
    endpoints: currentEndpoints,
  })

  loadFixtures(fixtures, { applications, users })
  // The transports' caches of what a reset forgets (http/record-bodies.ts).
  const resetListeners = new Set<() => void>()
  const resetDone = () => {
    for (const listener of resetListeners) listener()
  }

  const platform: Platform = {
    clock,
    get endpoints() {
      return endpoints
    },
    setEndpoints(next) {
      endpoints = { ...next }
    },
    applications,
    users,
    payloads,
    tokens,
    storage,
    userData,
    rateLimits,
    lookups,
    webhooks,
    xapps,
    push,
    ledger,
    wallet,
    identity,
    state: () => ({
      endpoints: { ...endpoints },
      ledger: ledgerNodeUrls(endpoints.api),
      applications: applications.list().map((app) => applications.view(app)),
      users: users.list().map((user) => users.view(user)),
      autopilot: wallet.autopilotRules(),
      autopilotLog: wallet.autopilotLog(),
    }),
    inbox(userUuid) {
      users.get(userUuid)
      return payloads.inbox(userUuid)
    },
    reset() {
      wallet.clearAutopilot()
      webhooks.clear()
      identity.clear()
      payloads.clear()
      xapps.clear()
      push.clear()
      tokens.clear()
      storage.clear()
      userData.clear()
      rateLimits.clear()
      users.clear()
      applications.clear()
      ledger.reset()
      loadFixtures(fixtures, { applications, users })
      resetDone()
    },
    resetApplication(appUuid) {
      const app = applications.get(appUuid)
      payloads.forgetApplication(app.uuid)
      webhooks.stopApplication(app.uuid)
      tokens.forgetApplication(app.uuid)
      resetDone()
    },
    dispose() {
      wallet.clearAutopilot()
      webhooks.dispose()
      payloads.dispose()
      payloads.clear()
      ledger.dispose()
      if (ownClock) clock.dispose()
    },
  }
  return {
    platform,
    onReset(listener) {
      resetListeners.add(listener)
      return () => resetListeners.delete(listener)
    },
  }
}
