import type { JwtLookups } from '../api/lookups'
import type { PayloadApi } from '../api/payload'
import type { UserStoreApi } from '../api/user-store'
import type { RateLimitInfo } from '../core/rate-limit'
import type { Endpoints } from '../wire/endpoints'
import type { Environment, SignInEnvironment, SignInUser } from './oauth/sign-in-props'
import type { SignInEvents } from './oauth/sign-in-session'

/**
 * What every client holding a person's JWT offers (browser, native, xApp): the routes under
 * `{api}/api/v1/jwt` (docs/protocol.md §2): payloads, the person's store, and the lookups a JWT
 * may use, `nftokenDetail` among them; the person, the environment and the state; and the
 * client's events.
 *
 * @example
 * ```ts
 * const assets = await pullsign.getCuratedAssets()
 * await pullsign.userstore.set('prefs', { theme: 'dark' })
 * ```
 */
export interface JwtClient<Events extends Record<string, unknown>> extends JwtLookups {
  /** The application's API key. */
  readonly apiKey: string
  /** The endpoints this client talks to. */
  readonly endpoints: Endpoints
  /** The rate limit reported by the platform's last answer, or `null` before any answer. */
  readonly rateLimit: RateLimitInfo | null
  /** Payloads (sign requests) bound to the signed-in person, and their subscriptions. */
  readonly payload: PayloadApi
  /** The signed-in person's store for this application. */
  readonly userstore: UserStoreApi
  /** The person; each field a promise that settles once signed in (or the launch exchanged). */
  readonly user: SignInUser
  /** Whether someone is signed in (or the xApp launch exchanged), and their account. */
  readonly state: { account: string | undefined; signedIn: boolean }
  /** Listens to an event; returns the function that stops listening. */
  on<K extends keyof Events>(event: K, listener: (data: Events[K]) => void): () => void
  /** Stops a listener added with `on`. */
  off<K extends keyof Events>(event: K, listener: (data: Events[K]) => void): void
  /**
   * Ends every subscription, socket, reconnect, retry and timer of this client (the session's
   * expiry timer, a popup's watch, the wallet bridge's retries); resolves when they are gone. A
   * second call is harmless; calls after it reject with an `AbortError`. The session stays
   * stored: a new client picks it up.
   *
   * @example
   * ```ts
   * await pullsign.close()
   * ```
   */
  close(): Promise<void>
}

/**
 * What a browser and a native client share: the JWT routes, the signed-in person and the
 * sign-in's state and events (`retrieving`, `ready`, `success`, `retrieved`, `logout`,
 * `loggedout`, `error`).
 *
 * @example
 * ```ts
 * pullsign.on('success', async () => console.log(await pullsign.user.account))
 * ```
 */
export interface SignInClient extends JwtClient<SignInEvents> {
  /** `jwt` (claims), `bearer`, `ott` (`undefined` here), `openid`: promises, once signed in. */
  readonly environment: SignInEnvironment
  /** Forgets the session: `logout`, then `loggedout`. */
  logout(): Promise<void>
}

/**
 * What a JWT client reads of its runtime (sign-in or xApp) once loaded: the JWT for a call, the
 * person's state and fields, and the environment's.
 *
 * @example
 * ```ts
 * const jwt = await runtime.bearer('[GET jwt/ping]')
 * ```
 */
export interface JwtRuntime {
  /** The JWT for a call (`where` names it in errors): rejects when there is none to send. */
  bearer(where: string): Promise<string>
  /** The platform refused the JWT (814). */
  rejected?(): void
  /** Whether someone is signed in, and their account. */
  status(): JwtClient<never>['state']
  userField(field: keyof SignInUser): Promise<unknown>
  environmentField(field: keyof Environment): Promise<unknown>
}

/**
 * `state` of a JWT client: its runtime's once started, else signed out.
 *
 * @example
 * ```ts
 * const { signedIn } = jwtState(started)
 * ```
 */
export const jwtState = (runtime: JwtRuntime | undefined): JwtClient<never>['state'] =>
  runtime?.status() ?? { account: undefined, signedIn: false }
