import { type Core, createClient } from '../core/client'
import { resolveEndpoints } from '../core/endpoints'
import { readEnv } from '../core/environment'
import { PullSignError } from '../core/errors/pull-sign-error'
import type { StorageLike } from '../core/seams'
import type { ClientFactoryOptions } from './client-options'

/**
 * An API key or secret: a lower-case UUID.
 *
 * @example
 * ```ts
 * CREDENTIAL_UUID.test(apiKey)
 * ```
 */
export const CREDENTIAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * How a factory opens its client: a page's or an app's factory names itself in `refusesSecret`
 * (it refuses an API secret, naming the field and itself; the secret is not in the error), and
 * gives the storage its runtime uses when the caller gave none.
 *
 * @example
 * ```ts
 * const how: OpenClientOptions = { refusesSecret: 'createBrowserClient', storage: () => window.localStorage }
 * ```
 */
export interface OpenClientOptions {
  refusesSecret?: string
  storage?: () => StorageLike
}

/**
 * What every factory starts with: the options checked (an object; the API key a lower-case UUID,
 * from `PULLSIGN_API_KEY` when not given) and the core resolved once, with the storage the
 * runtime picked for its environment when the caller gave none.
 *
 * @example
 * ```ts
 * const { apiKey, core } = openClient(options, { refusesSecret: 'createBrowserClient' })
 * ```
 */
export function openClient(
  options: ClientFactoryOptions,
  { refusesSecret, storage }: OpenClientOptions = {},
): { apiKey: string; core: Core } {
  if (typeof options !== 'object' || options === null) {
    throw new PullSignError('ERR_CONFIG', 'options must be an object: {apiKey, ...}')
  }
  // A factory that runs where anyone can read a secret (a page, an app) names itself here.
  if (refusesSecret && (options as { apiSecret?: unknown }).apiSecret !== undefined) {
    throw secretRefused(refusesSecret)
  }
  const apiKey = options.apiKey ?? readEnv('PULLSIGN_API_KEY')
  if (typeof apiKey !== 'string' || !CREDENTIAL_UUID.test(apiKey)) {
    throw new PullSignError(
      'ERR_CONFIG',
      apiKey === undefined
        ? 'apiKey is missing: pass it, or set PULLSIGN_API_KEY'
        : 'apiKey must be a lower-case UUID',
    )
  }
  // The factory options carry the seams, the timeout, the retry and the hooks under the
  // core's own names.
  const core = createClient({
    ...options,
    endpoints: resolveEndpoints(options.endpoints),
    seams: { ...options, storage: options.storage ?? storage?.() },
  })
  return { apiKey, core }
}

/**
 * The error for an API secret given where anyone can read it (a page, an app): `where` names
 * the factory or the place; the secret itself is not in the error.
 *
 * @example
 * ```ts
 * throw secretRefused('createBrowserClient', [secret])
 * ```
 */
export const secretRefused = (where: string, secrets?: (string | undefined)[]): PullSignError =>
  new PullSignError('ERR_CONFIG', `apiSecret must not be given to ${where}: keep it on a backend`, {
    secrets,
  })
