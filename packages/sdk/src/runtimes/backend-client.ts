import { type AppStorageApi, createAppStorageApi } from '../api/app-storage'
import {
  type BackendLookups,
  createBackendLookups,
  createLookups,
  type Lookups,
} from '../api/lookups'
import { createPayloadApi, type PayloadApi } from '../api/payload'
import { createPushApi, type PushApi } from '../api/push'
import { createXappApi, type XappApi } from '../api/xapp'
import { readEnv } from '../core/environment'
import { platformClient } from '../core/platform-client'
import type { RateLimitInfo } from '../core/rate-limit'
import type { Endpoints } from '../wire/endpoints'
import { backendCredentials } from './backend-credentials'
import type { BackendOptions } from './client-options'
import { openClient } from './client-setup'

/**
 * A backend's client (API key + secret): payloads with subscriptions, every lookup, app storage,
 * push and xApp contexts by one-time token. No sign-in and no wallet commands: those run in a
 * page or an app.
 *
 * @example
 * ```ts
 * const pullsign: BackendClient = createBackendClient({ apiKey, apiSecret })
 * ```
 */
export interface BackendClient extends Lookups, BackendLookups {
  readonly runtime: 'backend'
  /** The application's API key. */
  readonly apiKey: string
  /** The endpoints this client talks to. */
  readonly endpoints: Endpoints
  /** The rate limit reported by the platform's last answer, or `null` before any answer. */
  readonly rateLimit: RateLimitInfo | null
  /** Payloads (sign requests) and their subscriptions. */
  readonly payload: PayloadApi
  /** The application's storage on the platform. */
  readonly backendstore: AppStorageApi
  /** Push to users by user token. */
  readonly push: PushApi
  /** xApp context by one-time token. */
  readonly xapp: XappApi
  /**
   * Ends every subscription, socket, reconnect, retry and timer of this client; resolves when
   * they are gone, so a process can exit. A second call is harmless; calls after it reject with
   * an `AbortError`.
   *
   * @example
   * ```ts
   * await pullsign.close()
   * ```
   */
  close(): Promise<void>
}

/**
 * Creates a backend's client: `x-api-key` + `x-api-secret` on every call under
 * `{api}/api/v1/platform`. Without a secret (none given, none in `PULLSIGN_API_SECRET`) every call
 * rejects with `ERR_CONFIG` before anything is sent; a secret in a browser is refused at once.
 * Every failure rejects with a typed `PullSignError`; nothing resolves `null`.
 *
 * @example
 * ```ts
 * import { createBackendClient } from 'pullsign'
 *
 * const pullsign = createBackendClient({
 *   apiKey: process.env.PULLSIGN_API_KEY,
 *   apiSecret: process.env.PULLSIGN_API_SECRET,
 * })
 * const { created, resolved } = await pullsign.payload.createAndSubscribe(
 *   { TransactionType: 'SignIn' },
 *   (event) => console.log(event.type),
 * )
 * console.log('sign at', created.next.always)
 * const record = await resolved
 * console.log(record.meta.signed ? `signed by ${record.response.account}` : 'rejected')
 * ```
 */
export function createBackendClient(options: BackendOptions = {}): BackendClient {
  const { apiKey, core } = openClient(options)
  const apiSecret = options.apiSecret ?? readEnv('PULLSIGN_API_SECRET')
  const client = platformClient(core, backendCredentials(apiKey, apiSecret))
  return {
    ...createLookups(client),
    ...createBackendLookups(client),
    runtime: 'backend',
    apiKey,
    endpoints: core.endpoints,
    get rateLimit() {
      return core.rateLimit
    },
    payload: createPayloadApi(client),
    backendstore: createAppStorageApi(client),
    push: createPushApi(client),
    xapp: createXappApi(client, () => apiSecret ?? ''),
    close: core.close,
  }
}
