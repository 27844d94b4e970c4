import { createLookups, type Lookups, nftokenDetail } from '../api/lookups'
import { createPayloadApi, type PayloadApi } from '../api/payload'
import { createUserStoreApi, type UserStoreApi } from '../api/user-store'
import type { Core } from '../core/client'
import type { Credentials } from '../core/credentials'
import type { Emitter } from '../core/emitter'
import { platformClient } from '../core/platform-client'
import type { RateLimitInfo } from '../core/rate-limit'
import type { Endpoints } from '../wire/endpoints'

/**
 * What every client holding a person's JWT offers (browser, native, xApp): the routes under
 * `{api}/api/v1/jwt` (docs/protocol.md §2): payloads, the person's store, and the lookups a JWT
 * may use, `nftokenDetail` among them; and the client's events.
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
 * A JWT client: the members every one shares, over the core and the runtime's Bearer
 * credentials, plus the runtime's own `members` (their getters kept as getters).
 *
 * @example
 * ```ts
 * const client = jwtClient(apiKey, core, signInCredentials(runtime), events, { runtime: 'browser' as const })
 * ```
 */
export function jwtClient<Events extends Record<string, unknown>, Members extends object>(
  apiKey: string,
  core: Core,
  credentials: Credentials,
  events: Emitter<Events>,
  members: Members,
): JwtClient<Events> & Members {
  const client = platformClient(core, credentials)
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
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
    close: core.close,
  }
  return Object.defineProperties(
    shared,
    Object.getOwnPropertyDescriptors(members),
  ) as JwtClient<Events> & Members
}
