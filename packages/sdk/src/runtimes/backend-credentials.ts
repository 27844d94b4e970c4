import type { Credentials } from '../core/credentials'
import { isBrowserRuntime } from '../core/environment'
import { PullSignError } from '../core/errors/pull-sign-error'
import { API_HEADERS, API_PATHS } from '../wire/endpoints'
import { CREDENTIAL_UUID, secretRefused } from './client-setup'

/**
 * Checks an API secret: a lower-case UUID, and never in a browser (docs/protocol.md §1: key/secret
 * routes send no CORS headers precisely so a page cannot use a secret). The secret itself never
 * appears in the error.
 *
 * @example
 * ```ts
 * checkApiSecret(process.env.PULLSIGN_API_SECRET)
 * ```
 */
export function checkApiSecret(apiSecret: unknown): string {
  const secrets = [typeof apiSecret === 'string' ? apiSecret : undefined]
  if (isBrowserRuntime()) throw secretRefused('a client in a browser', secrets)
  if (typeof apiSecret !== 'string' || !CREDENTIAL_UUID.test(apiSecret)) {
    throw new PullSignError('ERR_CONFIG', 'apiSecret must be a lower-case UUID', { secrets })
  }
  return apiSecret
}

/**
 * The backend runtime's credentials: `x-api-key` and `x-api-secret` on every call under
 * `{api}/api/v1/platform` (docs/protocol.md §1), the secret redacted from every error. Without a
 * secret, every call rejects with `ERR_CONFIG` before anything is sent (never a `null` answer).
 *
 * @example
 * ```ts
 * const client = platformClient(core, backendCredentials(apiKey, apiSecret))
 * ```
 */
export function backendCredentials(apiKey: string, apiSecret: string | undefined): Credentials {
  const basePath = API_PATHS.platform
  if (apiSecret === undefined) {
    return {
      basePath,
      headers: ({ method, path }) => {
        throw new PullSignError(
          'ERR_CONFIG',
          `[${method} ${path}] needs apiSecret (or PULLSIGN_API_SECRET) on a backend`,
        )
      },
    }
  }
  const secret = checkApiSecret(apiSecret)
  const headers = { [API_HEADERS.apiKey]: apiKey, [API_HEADERS.apiSecret]: secret }
  return {
    basePath,
    headers: () => headers,
    secrets: () => [secret],
  }
}
