import { isBrowserRuntime } from '../core/environment'
import { PullSignError } from '../core/errors'
import { createTransport, type Transport } from '../core/http'
import type { RateLimitInfo } from '../core/rate-limit'
import { API_HEADERS, API_PATHS, type Endpoints } from '../wire/endpoints'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * What the backend runtime needs: key + secret (PROTOCOL §1) and the seams.
 *
 * @example
 * ```ts
 * const options: BackendRuntimeOptions = { apiKey, apiSecret, endpoints, timeoutMs: 30_000 }
 * ```
 */
export interface BackendRuntimeOptions {
  apiKey: string
  apiSecret: string
  endpoints: Endpoints
  timeoutMs: number
  fetch?: typeof globalThis.fetch
  onRateLimit?: (info: RateLimitInfo) => void
}

/**
 * Checks an API secret: a lower-case UUID, and never in a browser (PROTOCOL §1: key/secret routes
 * send no CORS headers precisely so a page cannot use a secret). The secret itself never appears
 * in the error.
 *
 * @example
 * ```ts
 * checkApiSecret(process.env.PULLSIGN_API_SECRET)
 * ```
 */
export function checkApiSecret(apiSecret: unknown): string {
  if (isBrowserRuntime()) {
    throw new PullSignError(
      'ERR_CONFIG',
      'an API secret must never be used in a browser: anyone can read it from the page. Keep it on your backend; in a page, construct PullSign with the API key only.',
      { secrets: [typeof apiSecret === 'string' ? apiSecret : undefined] },
    )
  }
  if (typeof apiSecret !== 'string' || !UUID.test(apiSecret)) {
    throw new PullSignError(
      'ERR_CONFIG',
      'apiSecret must be a lower-case UUID (the API secret of your application)',
      { secrets: [typeof apiSecret === 'string' ? apiSecret : undefined] },
    )
  }
  return apiSecret
}

/**
 * The backend runtime: a transport on `{api}/api/v1/platform` with `x-api-key` and
 * `x-api-secret` on every call (§1); the secret is redacted from every error.
 *
 * @example
 * ```ts
 * const transport = createBackendTransport({ apiKey, apiSecret, endpoints, timeoutMs: 30_000 })
 * const pong = await transport.request('GET', 'ping')
 * ```
 */
export function createBackendTransport(options: BackendRuntimeOptions): Transport {
  const apiSecret = checkApiSecret(options.apiSecret)
  return createTransport({
    base: `${options.endpoints.api}${API_PATHS.platform}`,
    headers: { [API_HEADERS.apiKey]: options.apiKey, [API_HEADERS.apiSecret]: apiSecret },
    secrets: [apiSecret],
    timeoutMs: options.timeoutMs,
    fetch: options.fetch,
    onRateLimit: options.onRateLimit,
  })
}

/**
 * A transport for a client without a secret: every backend call rejects with a clear
 * `ERR_CONFIG` (the browser and xApp runtimes come with their own transports).
 *
 * @example
 * ```ts
 * await missingSecretTransport.request('GET', 'ping') // rejects ERR_CONFIG
 * ```
 */
export const missingSecretTransport: Transport = {
  request: async (method, path) => {
    throw new PullSignError(
      'ERR_CONFIG',
      `[${method} ${API_PATHS.platform}/${path.split('/')[0]}] needs the API secret: pass apiSecret (or set PULLSIGN_API_SECRET) on a backend`,
    )
  },
}
