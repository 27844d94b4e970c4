import type { Endpoints, PayloadRecord, RefState } from 'pullsign/wire'
import { clearSharedCaches } from '../bounded-cache'
import { createIdentity, type Identity } from '../identity'
import { createLedger, type Ledger } from '../ledger'
import { type AppStorage, createAppStorage } from './app-storage'
import { type Applications, createApplications } from './applications'
import { type Clock, createClock } from './clock'
import { DEMO_FIXTURES, type Fixtures, loadFixtures, parseFixtures } from './fixtures'
import { createLookups, type Lookups } from './lookups'
import type { RetentionOptions } from './payload-retention'
import { createPayloads, type Payloads } from './payloads'
import { createPush, type Push } from './push'
import { createRateLimits, type RateLimits, type RouteClass } from './rate-limits'
import { nativePrice } from './rates'
import { createUserData, type UserData } from './user-data'
import { createUserTokens, type UserTokens } from './user-tokens'
import { createUsers, type Users } from './users'
import type { Wallet } from './wallet-types'
import { createWebhookDispatcher, type Webhooks } from './webhook-dispatcher'
import { createXapps, type Xapps } from './xapps'

export type { AppStorage } from './app-storage'
export type { Application, Applications, CreateApplicationInput } from './applications'
export type { Clock, ClockOptions } from './clock'
export { createClock } from './clock'
export * from './errors'
export type { Fixtures, FixtureUser } from './fixtures'
export { DEMO_FIXTURES, EMPTY_FIXTURES, parseFixtures } from './fixtures'
export type { Lookups } from './lookups'
export type { RetentionOptions } from './payload-retention'
export { parseRetention } from './payload-retention'
export type {
  CreateContext,
  OpenInput,
  WalletOutcome,
  WalletRequest,
  WalletRequestOptions,
} from './payload-types'
export type { Payloads } from './payloads'
export type { Push, PushMessage } from './push'
export type { RateDecision, RateLimits, RouteClass } from './rate-limits'
export { DEFAULT_RATE_LIMITS } from './rate-limits'
export type { UserData } from './user-data'
export type { UserToken, UserTokens } from './user-tokens'
export type { User, UserAccount, UserDevice, Users } from './users'
export type { Wallet } from './wallet-types'
export type { Webhooks } from './webhook-dispatcher'
export type { ReplayCaller, XappLaunch, Xapps } from './xapps'

/**
 * Options of `createPlatform` (src/create-platform.ts) and of `createReferenceServer`.
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
  /** Start fixtures (validated); `reset()` returns to them. Defaults to {@link DEMO_FIXTURES}. */
  fixtures?: Fixtures | unknown
  /** Ledger close interval, ms; false closes only on demand. Default 4000 (docs/protocol.md §8.1). */
  ledgerCloseMs?: number | false
  /** Calls per sliding minute per route class; false switches rate limiting off. */
  rateLimits?: false | Partial<Record<RouteClass, number>>
  /** The fetch webhooks are delivered with; the global fetch by default. */
  fetch?: typeof fetch
  /** Default validity of user tokens, days (docs/protocol.md §6: 30). */
  tokenValidityDays?: number
  /** Forget payloads that are over, so a long-running server stays bounded; none by default. */
  retention?: RetentionOptions
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
  /** Back to the start fixtures: every payload, token, webhook and ledger entry forgotten. */
  reset(): void
  /** Stops every timer the platform started. */
  dispose(): void
}

/**
 * The endpoints before the server listens (docs/protocol.md §0 reference server defaults).
 *
 * @example
 * ```ts
 * DEFAULT_ENDPOINTS.oauth // 'http://127.0.0.1:8787/oauth'
 * ```
 */
export const DEFAULT_ENDPOINTS: Readonly<Endpoints> = {
  api: 'http://127.0.0.1:8787',
  oauth: 'http://127.0.0.1:8787/oauth',
  links: 'http://127.0.0.1:8787',
}

/**
 * The parts of the platform its wallet simulator drives.
 *
 * @example
 * ```ts
 * const makeWallet: WalletFactory = ({ payloads, users, ledger, clock, lookups }) =>
 *   createWallet({ payloads, users, ledger, clock, rates: (code) => lookups.rates(code) })
 * ```
 */
export type WalletParts = Pick<Platform, 'payloads' | 'users' | 'ledger' | 'clock' | 'lookups'>

/**
 * Builds the wallet simulator over the platform's parts. The platform owns the {@link Wallet}
 * interface and does not import wallet/ (the wallet drives the platform, not the reverse): the
 * composition one level up (src/create-platform.ts) passes `createWallet`.
 *
 * @example
 * ```ts
 * const platform = assemblePlatform({ ledgerCloseMs: false }, ({ lookups, ...parts }) =>
 *   createWallet({ ...parts, rates: (code) => lookups.rates(code) }),
 * )
 * ```
 */
export type WalletFactory = (parts: WalletParts) => Wallet

/**
 * Wires the platform: clock, ledger, applications, users, payloads, tokens, storage, rate limits,
 * webhooks, xApps, pushes, lookups, and the wallet simulator `makeWallet` builds over them.
 * `createPlatform` (src/create-platform.ts) is this with the simulated wallet app.
 *
 * @example
 * ```ts
 * const platform = assemblePlatform({ ledgerCloseMs: false }, makeWallet)
 * platform.dispose()
 * ```
 */
export function assemblePlatform(options: PlatformOptions, makeWallet: WalletFactory): Platform {
  const fixtures = parseFixtures(options.fixtures ?? DEMO_FIXTURES)
  const ownClock = options.clock === undefined
  const clock = options.clock ?? createClock()
  let endpoints: Endpoints = { ...(options.endpoints ?? DEFAULT_ENDPOINTS) }
  const ledger = createLedger({
    clock,
    closeMs: options.ledgerCloseMs ?? 4000,
    price: nativePrice,
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
    apiBase: () => endpoints.api,
    applications,
    users,
    tokens,
    webhooks,
    retention: options.retention,
  })
  const push = createPush({ clock, tokens })
  const xapps = createXapps({
    clock,
    applications,
    users,
    tokens,
    push,
    apiBase: () => endpoints.api,
  })
  const lookups = createLookups({ users, tokens, ledger })
  const wallet = makeWallet({ payloads, users, ledger, clock, lookups })

  const identity = createIdentity({
    clock,
    applications,
    users,
    payloads,
    tokens,
    endpoints: () => endpoints,
  })

  loadFixtures(fixtures, { applications, users })

  return {
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
      applications: applications.list().map((app) => applications.view(app)),
      users: users.list().map((user) => users.view(user)),
    }),
    inbox(userUuid) {
      users.get(userUuid)
      return payloads.inbox(userUuid)
    },
    reset() {
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
      clearSharedCaches()
      loadFixtures(fixtures, { applications, users })
    },
    dispose() {
      webhooks.dispose()
      payloads.dispose()
      payloads.clear()
      ledger.dispose()
      if (ownClock) clock.dispose()
    },
  }
}
