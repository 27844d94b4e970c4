import type { Endpoints } from '../wire/endpoints'
import type { Core, HttpMethod } from './client'
import type { Credentials, HeaderMap } from './credentials'
import type { RateLimitInfo } from './rate-limit'
import type { Seams } from './seams'
import type { WebSocketConstructor } from './websocket'

/**
 * One platform request: `body` is sent as JSON; values in `sensitive` (tokens, OTTs) are redacted
 * from the path shown in errors and hooks; `headers` are added to the credentials' headers, or
 * replace them with `authorize: false` (e.g. the OTT exchange of docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const options: RequestOptions = { body: { tokens: [token] }, sensitive: [token] }
 * ```
 */
export interface RequestOptions {
  body?: unknown
  sensitive?: readonly string[]
  headers?: HeaderMap
  /** `false` sends no credential headers; default `true`. */
  authorize?: boolean
}

/**
 * What every API module takes: typed JSON requests to the platform under the runtime's
 * credentials, over the core's transport and seams.
 *
 * @example
 * ```ts
 * const client = platformClient(core, credentials)
 * const pong = await client.request<PingResponse>('GET', 'ping')
 * ```
 */
export interface Client {
  readonly endpoints: Endpoints
  readonly seams: Readonly<Seams>
  readonly rateLimit: RateLimitInfo | null
  /** Sends a JSON request to `{api}{basePath}/{path}`; rejects with a typed `PullSignError`. */
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>
  webSocket(): Promise<WebSocketConstructor>
  /** Registers what the client's `close()` must end; returns the function that releases it. */
  hold(closer: () => unknown): () => void
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
    endpoints: core.endpoints,
    seams: core.seams,
    get rateLimit() {
      return core.rateLimit
    },
    webSocket: core.webSocket,
    hold: core.hold,
    request: (method, path, options = {}) =>
      core.send({
        base,
        method,
        path,
        body: options.body,
        headers: options.headers,
        sensitive: options.sensitive,
        credentials: options.authorize === false ? undefined : credentials,
      }),
  }
}
