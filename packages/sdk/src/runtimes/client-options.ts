import type { RequestEvent, ResponseEvent, RetryOptions } from '../core/client'
import type { Clock, StorageLike } from '../core/seams'
import type { WebSocketConstructor } from '../core/websocket'
import type { Endpoints } from '../wire/endpoints'
import type { SignInOptions } from './oauth/sign-in-options'

/**
 * What every client factory takes: the key, the endpoints, the seams and the call policy.
 *
 * @example
 * ```ts
 * const options: ClientFactoryOptions = { apiKey, endpoints: server.endpoints, timeoutMs: 10_000 }
 * ```
 */
export interface ClientFactoryOptions {
  /** The application's API key (a lower-case UUID); falls back to `PULLSIGN_API_KEY`. */
  apiKey?: string
  /** Base URLs `{api, oauth, links}`; each defaults to production's. */
  endpoints?: Partial<Endpoints>
  /** The fetch to use (default: the global fetch). */
  fetch?: typeof globalThis.fetch
  /** The WebSocket constructor to use (default: the runtime's own, else `ws` loaded on first subscribe). */
  WebSocket?: WebSocketConstructor
  /** The clock: `now` and timers (default: `Date.now` and the global timers). Tests pass a fake. */
  clock?: Clock
  /** A number in [0, 1) (default `Math.random`): the reconnect jitter. */
  random?: () => number
  /** Fills bytes with strong randomness (default `crypto.getRandomValues`): PKCE, state, nonce. */
  randomBytes?: (bytes: Uint8Array) => Uint8Array
  /** Where a runtime keeps tokens (default: `localStorage` in a page, else memory). */
  storage?: StorageLike
  /**
   * Per-request timeout in milliseconds, retries included (default 30 000); a timeout is a
   * `TimeoutError`. Every call has it: the platform's, the OAuth provider's, the OTT exchange.
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
}

/**
 * Options of `createBackendClient`: the common ones plus the API secret.
 *
 * @example
 * ```ts
 * const options: BackendOptions = { apiKey: process.env.PULLSIGN_API_KEY, apiSecret: process.env.PULLSIGN_API_SECRET }
 * ```
 */
export interface BackendOptions extends ClientFactoryOptions {
  /** The application's API secret; falls back to `PULLSIGN_API_SECRET`. */
  apiSecret?: string
}

/**
 * Options of `createBrowserClient`. No `apiSecret`: a page must never hold one (passing it is a
 * type error, and an `ERR_CONFIG` naming the field at run time).
 *
 * @example
 * ```ts
 * const options: BrowserOptions = { apiKey, signIn: { openid: true } }
 * ```
 */
export interface BrowserOptions extends ClientFactoryOptions {
  apiSecret?: never
  /** Where the sign-in comes back: a whitelisted URL (default: the page itself). */
  redirectUrl?: string
  /** Implicit or PKCE, popup or redirect, openid, network, signers. */
  signIn?: SignInOptions
}

/**
 * Options of `createNativeClient`: the app's deep link and how to open a URL.
 *
 * @example
 * ```ts
 * const options: NativeOptions = { apiKey, redirectUrl: 'myapp://signin', openUrl: (url) => Linking.openURL(url) }
 * ```
 */
export interface NativeOptions extends ClientFactoryOptions {
  apiSecret?: never
  /** The app's deep link (`myapp://signin`), whitelisted for the application. */
  redirectUrl: string
  /** Opens the sign-in URL (system browser or an auth session). */
  openUrl: (url: string) => unknown
  /** Implicit is not offered to apps; openid, network, signers. */
  signIn?: SignInOptions
}

/**
 * Options of `createXappClient`.
 *
 * @example
 * ```ts
 * const options: XappOptions = { apiKey, log: (m) => console.debug(m) }
 * ```
 */
export interface XappOptions extends ClientFactoryOptions {
  apiSecret?: never
  /** Where the wallet bridge logs its retries (default `console.warn`). */
  log?: (message: string) => void
}
