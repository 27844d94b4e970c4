import { type AppStorageApi, createAppStorageApi } from './api/app-storage'
import { createLookups, type KycTarget, type Lookups } from './api/lookups'
import { createPayloadApi, type PayloadApi } from './api/payload'
import { createPushApi, type PushApi } from './api/push'
import { createUserStoreApi, type UserStoreApi } from './api/user-store'
import { createXappApi, type XappApi } from './api/xapp'
import {
  type Client,
  createClient,
  type RequestEvent,
  type ResponseEvent,
  type RetryOptions,
} from './core/client'
import { Emitter } from './core/emitter'
import { resolveEndpoints } from './core/endpoints'
import { isBrowserRuntime, readEnv } from './core/environment'
import { PullSignError } from './core/errors'
import type { RateLimitInfo } from './core/rate-limit'
import type { Clock, Seams, StorageLike } from './core/seams'
import type { WebSocketConstructor } from './core/websocket'
import { backendRuntime } from './runtimes/backend'
import type { SignInEnvironment, SignInUser } from './runtimes/browser/sign-in-props'
import type { SignInEvents, SignInResult } from './runtimes/browser/sign-in-session'
import { deferredEnvironment, deferredUser } from './runtimes/deferred-props'
import { loadSignInRuntime, loadXappClient } from './runtimes/lazy-runtimes'
import { signInCredentials } from './runtimes/sign-in-credentials'
import type { SignInOptions } from './runtimes/sign-in-options'
import type { SignInRuntime } from './runtimes/sign-in-runtime'
import type { XappClient, XappClientEvents, XappEnvironment } from './runtimes/xapp/xapp-client'
import {
  isXappPage,
  notAnXapp,
  type XappCommands,
  xappCommands,
  xappCredentials,
} from './runtimes/xapp/xapp-members'
import type { Endpoints } from './wire/endpoints'
import type * as wire from './wire/lookups'

export type { AppStorageApi } from './api/app-storage'
export type { KycTarget, Lookups } from './api/lookups'
export type { CreatedSubscription, PayloadApi } from './api/payload'
export { isFinalRecord, isSignedRecord } from './api/payload-outcome'
export { PayloadSubscription } from './api/payload-subscription'
export type { PayloadTarget } from './api/payload-target'
export type { PushApi } from './api/push'
export type { ReconnectOptions } from './api/reconnect-policy'
export type {
  PayloadEvent,
  PayloadEventHandler,
  Settled,
  SubscribeOptions,
  SubscriptionEvents,
} from './api/subscription-types'
export type { UserStoreApi } from './api/user-store'
export type { XappApi } from './api/xapp'
export { ApiError, type ApiErrorDetails, AuthError, RateLimitError } from './core/api-errors'
export type { HttpMethod, RequestEvent, ResponseEvent, RetryOptions } from './core/client'
export { type AnyPullSignError, isPullSignError } from './core/error-guard'
export {
  AbortError,
  NetworkError,
  PullSignError,
  type PullSignErrorCode,
  type PullSignErrorOptions,
  TimeoutError,
} from './core/errors'
export type { RateLimitInfo } from './core/rate-limit'
export type { Clock, StorageLike, TimerId } from './core/seams'
export { SignInError, type SignInFailure, XappHostUnreachableError } from './core/sign-in-errors'
export { SignatureError, type SignatureFailure } from './core/signature-error'
export type { WebSocketConstructor, WebSocketLike } from './core/websocket'
export type { SignInEnvironment, SignInUser } from './runtimes/browser/sign-in-props'
export type { SignInEvents, SignInResult } from './runtimes/browser/sign-in-session'
export type { SignInOptions } from './runtimes/sign-in-options'
export type { XappClientEvents, XappEnvironment } from './runtimes/xapp/xapp-client'
export type { XappCommands } from './runtimes/xapp/xapp-members'

/**
 * Every event a {@link PullSign} client fires: the sign-in's (browser and native) and the xApp's
 * (`retrieved` with the launch context, `success` with the xApp JWT, `ready`, then the wallet's
 * `payload`, `qr`, `destination`, `networkswitch`; docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const onReady = (data: PullSignEvents['ready']) => console.log('ready', data?.account)
 * ```
 */
export type PullSignEvents = {
  [K in keyof SignInEvents | keyof XappClientEvents]:
    | (K extends keyof SignInEvents ? SignInEvents[K] : never)
    | (K extends keyof XappClientEvents ? XappClientEvents[K] : never)
}

/**
 * Options for {@link PullSign}.
 *
 * @example
 * ```ts
 * const options: PullSignOptions = {
 *   apiKey: process.env.PULLSIGN_API_KEY,
 *   apiSecret: process.env.PULLSIGN_API_SECRET,
 *   endpoints: server.endpoints, // a reference server; production by default
 * }
 * ```
 */
export interface PullSignOptions {
  /** The application's API key (a lower-case UUID); falls back to `PULLSIGN_API_KEY`. */
  apiKey?: string
  /**
   * The application's API secret; falls back to `PULLSIGN_API_SECRET`. Backend only: refused in
   * a browser.
   */
  apiSecret?: string
  /** Base URLs `{api, oauth, links}`; each defaults to production's. */
  endpoints?: Partial<Endpoints>
  /** The fetch to use (default: the global fetch). */
  fetch?: typeof globalThis.fetch
  /** The WebSocket constructor to use (default: isomorphic-ws, loaded on first subscribe). */
  WebSocket?: WebSocketConstructor
  /** The clock: `now` and timers (default: `Date.now` and the global timers). Tests pass a fake. */
  clock?: Clock
  /** A number in [0, 1) (default `Math.random`): the reconnect jitter. */
  random?: () => number
  /** Where a runtime keeps tokens (default: in memory; a backend keeps none). */
  storage?: StorageLike
  /**
   * Per-request timeout in milliseconds, retries included (default 30 000); a timeout is a
   * `TimeoutError`.
   */
  timeoutMs?: number
  /**
   * Retry of `GET`s answered 429, 502, 503 or 504, honouring `retry-after` up to `maxDelayMs`
   * (default `{retries: 2, delayMs: 500, maxDelayMs: 10_000}`); `false` turns it off. Creating and
   * cancelling a payload are never retried.
   */
  retry?: RetryOptions | false
  /** Called before every attempt with `{method, path, attempt}` (no headers: safe to log). */
  onRequest?: (event: RequestEvent) => void
  /** Called after every answer with `{method, path, attempt, status, durationMs, rateLimit}`. */
  onResponse?: (event: ResponseEvent) => void
  /**
   * Where the sign-in comes back: in a page, a whitelisted URL (default: the page itself); in a
   * native app, its deep link (`myapp://signin`), together with `openUrl`.
   */
  redirectUrl?: string
  /** Native apps: opens the sign-in URL (system browser); makes this client the native runtime. */
  openUrl?: (url: string) => unknown
  /** Browser and native sign-in: implicit or PKCE, popup or redirect, openid, network, signers. */
  signIn?: SignInOptions
  /**
   * `'xapp'` makes this client an xApp's (docs/protocol.md §7.2): the default in a page whose URL
   * has `xAppToken`.
   */
  runtime?: 'xapp'
  /** xApp: where the wallet bridge logs its retries (default `console.warn`). */
  log?: (message: string) => void
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const withoutUndefined = <T extends object>(value: T): Partial<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

const normalize = (
  first: PullSignOptions | string | undefined,
  second: PullSignOptions | string | undefined,
): PullSignOptions => {
  if (typeof first === 'string') {
    // (apiKey, apiSecret) as the field's backend SDKs; (apiKey, options) as their browser SDKs.
    return typeof second === 'object' && second !== null
      ? { ...second, apiKey: first }
      : { apiKey: first, apiSecret: second }
  }
  if (first === undefined) return {}
  if (typeof first !== 'object' || first === null) {
    throw new PullSignError(
      'ERR_CONFIG',
      'PullSign takes ({apiKey, apiSecret, ...}) or (apiKey, apiSecret)',
    )
  }
  return first
}

/**
 * The pullsign client. On a backend it holds the API key and secret and does everything the
 * platform's backend API offers: payloads with subscriptions, lookups, app storage, push and
 * xApp contexts. Every failure rejects with a {@link PullSignError}; nothing resolves `null`.
 *
 * @example
 * ```ts
 * import { PullSign } from 'pullsign'
 *
 * const pullsign = new PullSign(process.env.PULLSIGN_API_KEY, process.env.PULLSIGN_API_SECRET)
 * const { created, resolved } = await pullsign.payload.createAndSubscribe(
 *   { TransactionType: 'SignIn' },
 *   (event) => console.log(event.type),
 * )
 * console.log('sign at', created.next.always)
 * const record = await resolved
 * console.log(record.meta.signed ? `signed by ${record.response.account}` : 'rejected')
 * ```
 */
export class PullSign {
  /** The application's API key. */
  readonly apiKey: string
  /** The endpoints this client talks to. */
  readonly endpoints: Endpoints
  /** Payloads (sign requests) and their subscriptions. */
  readonly payload: PayloadApi
  /** The application's storage on the platform. */
  readonly backendstore: AppStorageApi
  /** Push to users by user token. */
  readonly push: PushApi
  /**
   * xApp context by one-time token (backend); in an xApp page, also the wallet commands
   * (`ready`, `openSignRequest`, `scanQr`, `selectDestination`, `openBrowser`, `share`,
   * `txDetails`, `close`, `navigate`).
   */
  readonly xapp: XappApi & XappCommands
  /** The signed-in person's store for this application (browser and native clients). */
  readonly userstore: UserStoreApi
  readonly #lookups: Lookups
  readonly #client: Client
  readonly #events = new Emitter<PullSignEvents>()
  #signIn: Promise<SignInRuntime> | null = null
  #signedIn: SignInRuntime | null = null
  #xapp: Promise<XappClient> | null = null
  #xappStarted: XappClient | null = null

  /**
   * @param options - `{apiKey, apiSecret, endpoints?, fetch?, WebSocket?, clock?, timeoutMs?,
   *   retry?, onRequest?, onResponse?, redirectUrl?, openUrl?, signIn?}`, or the API key as a
   *   string followed by the secret (the form the field's backend SDKs use) or by the options
   *   (the form of their browser SDKs). Without a secret, in a page or with `openUrl`, the client
   *   signs people in (OAuth2 PKCE, docs/protocol.md §7.1) and calls the JWT routes.
   */
  constructor(options?: PullSignOptions)
  constructor(apiKey: string, apiSecret?: string)
  constructor(apiKey: string, options?: PullSignOptions)
  constructor(first?: PullSignOptions | string, second?: string | PullSignOptions) {
    const options = normalize(first, second)
    const apiKey = options.apiKey ?? readEnv('PULLSIGN_API_KEY')
    if (typeof apiKey !== 'string' || !UUID.test(apiKey)) {
      throw new PullSignError(
        'ERR_CONFIG',
        apiKey === undefined
          ? 'apiKey is missing: pass it, or set PULLSIGN_API_KEY'
          : 'apiKey must be a lower-case UUID (the API key of your application)',
      )
    }
    this.apiKey = apiKey
    this.endpoints = resolveEndpoints(options.endpoints)
    const apiSecret = options.apiSecret ?? readEnv('PULLSIGN_API_SECRET')
    const isXapp =
      apiSecret === undefined &&
      (options.runtime === 'xapp' || (isBrowserRuntime() && isXappPage()))
    const signsIn =
      !isXapp && apiSecret === undefined && (options.openUrl !== undefined || isBrowserRuntime())
    if (isXapp) {
      // Loaded on demand as the sign-in runtime is; the OTT exchange answers after this
      // constructor returns, so listeners attached right after `new` hear `retrieved`, `success`
      // and `ready` (docs/protocol.md §7.2).
      this.#xapp = loadXappClient().then((m) => {
        this.#xappStarted = m.createXappClient({
          apiKey,
          endpoints: this.endpoints,
          fetch: options.fetch,
          clock: options.clock,
          log: options.log,
          events: this.#events as unknown as Emitter<XappClientEvents>,
        })
        return this.#xappStarted
      })
      // A client that cannot start (no window, no xAppToken) says so on `error`, not as an
      // unhandled rejection; calls that need the runtime reject with the same error.
      this.#xapp.catch((error: PullSignError) => this.#events.emit('error', error))
    }
    if (signsIn) {
      // Loaded on demand, so a backend bundle never carries the sign-in code; its start sequence
      // runs after this constructor returns, so listeners attached right after `new` hear it.
      this.#signIn = loadSignInRuntime().then((m) => {
        this.#signedIn = m.createSignInRuntime({
          apiKey,
          endpoints: this.endpoints,
          events: this.#events as unknown as Emitter<SignInEvents>,
          signIn: options.signIn ?? {},
          redirectUrl: options.redirectUrl,
          openUrl: options.openUrl,
          fetch: options.fetch,
          storage: options.storage,
          clock: options.clock,
        })
        return this.#signedIn
      })
    }
    const runtime = this.#xapp
      ? { credentials: xappCredentials(this.#xapp) }
      : this.#signIn
        ? { credentials: signInCredentials(this.#signIn) }
        : backendRuntime(apiKey, apiSecret)
    const given: Partial<Seams> = {
      fetch: options.fetch,
      WebSocket: options.WebSocket,
      clock: options.clock,
      random: options.random,
      storage: options.storage,
    }
    const client = createClient({
      endpoints: this.endpoints,
      credentials: runtime.credentials,
      seams: { ...runtime.seams, ...withoutUndefined(given) },
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      onRequest: options.onRequest,
      onResponse: options.onResponse,
    })
    this.#client = client
    this.payload = createPayloadApi(client)
    this.backendstore = createAppStorageApi(client)
    this.push = createPushApi(client)
    this.xapp = {
      ...createXappApi(client, () => apiSecret ?? ''),
      ...xappCommands(() => this.#xapp ?? Promise.reject(notAnXapp())),
    }
    this.userstore = createUserStoreApi(client)
    this.#lookups = createLookups(client)
  }

  #runtime(): Promise<SignInRuntime> {
    return (
      this.#signIn ??
      Promise.reject(
        new PullSignError(
          'ERR_CONFIG',
          'sign-in is for browser and native clients: construct PullSign without a secret in a page, or with redirectUrl and openUrl in an app',
        ),
      )
    )
  }

  /**
   * Listens to a sign-in event; returns the function that stops listening. Signed out at start:
   * `retrieving`, `ready`, then `success` after sign-in; already signed in: `retrieving`,
   * `success`, `retrieved`, `ready`; `logout` then `loggedout`; `loggedout` when the JWT
   * expires; `error` with a {@link PullSignError}.
   *
   * @example
   * ```ts
   * const pullsign = new PullSign(apiKey)
   * pullsign.on('success', async () => console.log(await pullsign.user.account))
   * ```
   */
  on<K extends keyof PullSignEvents>(
    event: K,
    listener: (data: PullSignEvents[K]) => void,
  ): () => void {
    return this.#events.on(event, listener)
  }

  /**
   * Stops a listener added with {@link PullSign.on}.
   *
   * @example
   * ```ts
   * pullsign.off('success', onSuccess)
   * ```
   */
  off<K extends keyof PullSignEvents>(event: K, listener: (data: PullSignEvents[K]) => void): void {
    this.#events.off(event, listener)
  }

  /**
   * Signs the person in: a popup (PKCE by default), or a full redirect when asked or when the
   * browser blocks the popup. Resolves `{me, jwt}`, or `undefined` when the page is leaving for
   * a redirect (the page loaded back completes it and emits `success`); in a native app,
   * resolves once `handleRedirect` gets the deep link. Rejects with a `SignInError`.
   *
   * @example
   * ```ts
   * button.onclick = async () => {
   *   const result = await pullsign.authorize()
   *   if (result) console.log(`signed in as ${result.me.account}`)
   * }
   * ```
   */
  async authorize(): Promise<SignInResult | undefined> {
    return (await this.#runtime()).authorize()
  }

  /**
   * Native apps: completes the sign-in from the deep link the app was opened with.
   *
   * @example
   * ```ts
   * Linking.addEventListener('url', ({ url }) => pullsign.handleRedirect(url))
   * ```
   */
  async handleRedirect(url: string): Promise<SignInResult> {
    return (await this.#runtime()).handleRedirect(url)
  }

  /**
   * Forgets the session: `logout`, then `loggedout`.
   *
   * @example
   * ```ts
   * await pullsign.logout()
   * ```
   */
  async logout(): Promise<void> {
    ;(await this.#runtime()).logout()
  }

  /**
   * Whether someone is signed in, and their account.
   *
   * @example
   * ```ts
   * if (pullsign.state.signedIn) console.log(pullsign.state.account)
   * ```
   */
  get state(): { account: string | undefined; signedIn: boolean } {
    if (this.#xapp) {
      const context = this.#xappStarted?.environment.ott
      return { account: context?.account, signedIn: !!context }
    }
    const claims = this.#signedIn?.session.claims
    return { account: typeof claims?.sub === 'string' ? claims.sub : undefined, signedIn: !!claims }
  }

  /**
   * The signed-in person; each field a promise that settles once signed in.
   *
   * @example
   * ```ts
   * console.log(await pullsign.user.account, await pullsign.user.name)
   * ```
   */
  get user(): SignInUser {
    const xapp = this.#xapp
    return deferredUser((field) =>
      xapp ? xapp.then((x) => x.userField(field)) : this.#runtime().then((r) => r.userField(field)),
    )
  }

  /**
   * What the sign-in gave: JWT claims, the Bearer, `id_token` claims; promises that settle once
   * signed in.
   *
   * @example
   * ```ts
   * const { app_name } = await pullsign.environment.jwt
   * ```
   */
  get environment(): SignInEnvironment | XappEnvironment {
    const xapp = this.#xappStarted
    if (this.#xapp) return xapp ? xapp.environment : { ott: null, jwt: null, style: 'LIGHT' }
    return deferredEnvironment((field) => this.#runtime().then((r) => r.environmentField(field)))
  }

  /**
   * The rate limit reported by the platform's last answer, or `null` before any answer.
   *
   * @example
   * ```ts
   * await pullsign.ping()
   * console.log(pullsign.rateLimit?.remaining)
   * ```
   */
  get rateLimit(): RateLimitInfo | null {
    return this.#client.rateLimit
  }

  /**
   * Checks the credentials and returns the application's details.
   *
   * @example
   * ```ts
   * const { auth } = await pullsign.ping()
   * console.log(auth.application.name)
   * ```
   */
  ping(): Promise<wire.PingResponse> {
    return this.#lookups.ping()
  }

  /**
   * Exchange rates of a fiat or crypto currency: how many units of it one US dollar (`USD`) and
   * one XRP (`XRP`) buy, as production answers.
   *
   * @example
   * ```ts
   * const rates = await pullsign.getRates('EUR')
   * console.log(`25 XRP = ${rates.__meta.currency.symbol}${(25 * rates.XRP).toFixed(2)}`)
   * ```
   */
  getRates(currency: string): Promise<wire.RatesResponse> {
    return this.#lookups.getRates(currency)
  }

  /**
   * The networks the platform knows, keyed by rails key.
   *
   * @example
   * ```ts
   * const rails = await pullsign.getRails()
   * console.log(rails.TESTNET?.endpoints[0]?.url)
   * ```
   */
  getRails(): Promise<wire.RailsResponse> {
    return this.#lookups.getRails()
  }

  /**
   * Metadata of one hook by its hash (unknown hash → `ApiError` 404).
   *
   * @example
   * ```ts
   * const meta = await pullsign.getHookHash('5EDF6439C47C423EAC99C1061EE2A0CE6A24A58C8E8A66E4B3AF91D76772DC77')
   * ```
   */
  getHookHash(hash: string): Promise<wire.HookMeta> {
    return this.#lookups.getHookHash(hash)
  }

  /**
   * Metadata of every known hook, keyed by hash.
   *
   * @example
   * ```ts
   * const hooks = await pullsign.getHookHashes()
   * ```
   */
  getHookHashes(): Promise<wire.HookHashesResponse> {
    return this.#lookups.getHookHashes()
  }

  /**
   * Curated issuers and currencies.
   *
   * @example
   * ```ts
   * const { issuers } = await pullsign.getCuratedAssets()
   * ```
   */
  getCuratedAssets(): Promise<wire.CuratedAssetsResponse> {
    return this.#lookups.getCuratedAssets()
  }

  /**
   * KYC status of an account (`{account, kycApproved}`) or of a user token (`{kycStatus}`). A
   * string is taken as an account when it is a classic address, else as a user token.
   *
   * @example
   * ```ts
   * const { kycApproved } = await pullsign.getKycStatus({ account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' })
   * const { kycStatus } = await pullsign.getKycStatus({ user_token: token })
   * ```
   */
  getKycStatus(target: { account: string }): Promise<wire.KycAccountResponse>
  getKycStatus(target: { user_token: string }): Promise<wire.KycTokenResponse>
  getKycStatus(target: string | KycTarget): Promise<wire.KycAccountResponse | wire.KycTokenResponse>
  getKycStatus(
    target: string | KycTarget,
  ): Promise<wire.KycAccountResponse | wire.KycTokenResponse> {
    return this.#lookups.getKycStatus(target)
  }

  /**
   * Whether a user token is active, with its issue and expiry times (unix seconds).
   *
   * @example
   * ```ts
   * const { active, expires } = await pullsign.verifyUserToken(token)
   * ```
   */
  verifyUserToken(token: string): Promise<wire.UserTokenInfo> {
    return this.#lookups.verifyUserToken(token)
  }

  /**
   * Verifies several user tokens in one call.
   *
   * @example
   * ```ts
   * const infos = await pullsign.verifyUserTokens([a, b])
   * ```
   */
  verifyUserTokens(tokens: readonly string[]): Promise<wire.UserTokenInfo[]> {
    return this.#lookups.verifyUserTokens(tokens)
  }

  /**
   * A transaction by hash, with balance changes (`validated: false` until its ledger closes).
   *
   * @example
   * ```ts
   * const tx = await pullsign.getTransaction(record.response.txid!)
   * console.log(tx.transaction.meta.TransactionResult)
   * ```
   */
  getTransaction(hash: string): Promise<wire.XrplTxResponse> {
    return this.#lookups.getTransaction(hash)
  }

  /**
   * Public metadata of an account.
   *
   * @example
   * ```ts
   * const meta = await pullsign.getAccountMeta('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
   * ```
   */
  getAccountMeta(account: string): Promise<wire.AccountMetaResponse> {
    return this.#lookups.getAccountMeta(account)
  }
}
