import type { Core, HttpMethod } from './client'
import type { Credentials } from './credentials'

/**
 * One platform request: `body` is sent as JSON; values in `sensitive` (tokens, OTTs) are redacted
 * from the path shown in errors and hooks.
 *
 * @example
 * ```ts
 * const options: RequestOptions = { body: { tokens: [token] }, sensitive: [token] }
 * ```
 */
export interface RequestOptions {
  body?: unknown
  sensitive?: readonly string[]
}

/**
 * What every API module takes: typed JSON requests to the platform under the runtime's
 * credentials, over the core's transport, and the core itself (its endpoints, seams, WebSocket and
 * lifetime, for subscriptions).
 *
 * @example
 * ```ts
 * const client = platformClient(core, credentials)
 * const pong = await client.request<PingResponse>('GET', 'ping')
 * ```
 */
export interface Client {
  readonly core: Core
  /** Sends a JSON request to `{api}{basePath}/{path}`; rejects with a typed `PullSignError`. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
}

/**
 * The platform's side of the core for one runtime: its credentials (key + secret on a backend,
 * a Bearer elsewhere) and base path, over the core's one transport.
 *
 * @example
 * ```ts
 * const client = platformClient(core, backendCredentials(apiKey, apiSecret))
 * ```
 */
export function platformClient(core: Core, credentials: Credentials): Client {
  const base = `${core.endpoints.api}${credentials.basePath}`
  return {
    core,
    request: (method, path, options) => core.send({ ...options, base, method, path, credentials }),
  }
}
