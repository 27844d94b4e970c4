import { createLookups, type Lookups, nftokenDetail } from '../api/lookups'
import { createPayloadApi, type PayloadApi } from '../api/payload'
import { createUserStoreApi, type UserStoreApi } from '../api/user-store'
import type { Core } from '../core/client'
import { Emitter } from '../core/emitter'
import type { PullSignError } from '../core/errors/pull-sign-error'
import { platformClient } from '../core/platform-client'
import type { RateLimitInfo } from '../core/rate-limit'
import { API_HEADERS, API_PATHS, type Endpoints } from '../wire/endpoints'
import { deferredUser } from './deferred-props'
import type { Environment, SignInUser } from './oauth/sign-in-props'

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
export interface JwtClient<Events extends Record<string, unknown>> extends Lookups {
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
 * What a JWT client needs of its runtime (sign-in or xApp), once loaded.
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
  readonly status: { account: string | undefined; signedIn: boolean }
  userField(field: keyof SignInUser): Promise<unknown>
  environmentField(field: keyof Environment): Promise<unknown>
}

/**
 * A JWT client over a runtime loaded on demand (a backend bundle never carries it): the members
 * every one shares, a JWT as Bearer on `{api}/api/v1/jwt` (docs/protocol.md §1; a call waits for
 * the runtime and rejects with its error), plus the runtime's own `members` (their getters kept
 * as getters). A runtime that cannot start says so on `error`, not as an unhandled rejection.
 *
 * @example
 * ```ts
 * const client = jwtClient(apiKey, core, (events) => load(events), () => ({ runtime: 'browser' as const }))
 * ```
 */
export function jwtClient<
  Events extends { error: PullSignError },
  R extends JwtRuntime,
  Members extends object,
>(
  apiKey: string,
  core: Core,
  start: (events: Emitter<Events>) => Promise<R>,
  members: (runtime: Promise<R>, events: Emitter<Events>, started: () => R | null) => Members,
): JwtClient<Events> & Members {
  const events = new Emitter<Events>()
  let started: R | null = null
  // The start runs after the factory returns, so listeners attached right after it hear the
  // first events.
  const runtime = start(events).then((r) => (started = r))
  runtime.catch((error: PullSignError) => events.emit('error', error))
  let jwt: string | undefined
  const client = platformClient(core, {
    basePath: API_PATHS.jwt,
    headers: async ({ method, path }) => {
      jwt = await (await runtime).bearer(`[${method} ${path}]`)
      return { [API_HEADERS.authorization]: `Bearer ${jwt}` }
    },
    secrets: () => [jwt],
    onRejected: (error) => {
      if (error.errorCode === 814) void runtime.then((r) => r.rejected?.())
    },
  })
  const shared: JwtClient<Events> = {
    ...createLookups(client),
    nftokenDetail: (tokenId) => nftokenDetail(client, tokenId),
    apiKey,
    endpoints: core.endpoints,
    get rateLimit() {
      return core.rateLimit
    },
    payload: createPayloadApi(client),
    userstore: createUserStoreApi(client),
    user: deferredUser((field) => runtime.then((r) => r.userField(field))),
    get state() {
      return started?.status ?? { account: undefined, signedIn: false }
    },
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
    close: core.close,
  }
  return Object.defineProperties(
    shared,
    Object.getOwnPropertyDescriptors(members(runtime, events, () => started)),
  ) as JwtClient<Events> & Members
}
