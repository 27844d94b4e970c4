import type { AuthError } from './errors/api-errors'

/**
 * Headers to add to a request, as a plain object.
 *
 * @example
 * ```ts
 * const headers: HeaderMap = { authorization: `Bearer ${jwt}` }
 * ```
 */
export type HeaderMap = Record<string, string>

/**
 * What a runtime decides about credentials, and nothing else: the base path of its routes and
 * how each request is authorised. The backend runtime sends `x-api-key` + `x-api-secret` on
 * `/api/v1/platform`; the browser, xApp and native runtimes send a Bearer JWT on `/api/v1/jwt`
 * (docs/protocol.md §1).
 *
 * @example
 * ```ts
 * const credentials: Credentials = {
 *   basePath: '/api/v1/jwt',
 *   headers: async () => ({ authorization: `Bearer ${await tokens.current()}` }),
 *   secrets: () => [tokens.last ?? ''],
 * }
 * ```
 */
export interface Credentials {
  /** Path under `{api}` that request paths are appended to, e.g. `/api/v1/platform`. */
  basePath: string
  /**
   * Headers that authorise one request (`path` is the shown path, tokens redacted); called
   * before every request (and not again for its retries), so a token source may refresh or read
   * storage here. A throw or rejection fails the request with that error, before anything is
   * sent.
   */
  headers(request: { method: string; path: string }): HeaderMap | Promise<HeaderMap>
  /**
   * Values to redact from every error and log line (the API secret, the current JWT). Called
   * when an error is built, so it may change over time.
   */
  secrets?(): readonly (string | undefined)[]
  /**
   * Called when the platform refuses the credentials (an `AuthError`: 812 to 815), before the
   * error is thrown, e.g. to forget a stored token.
   */
  onRejected?(error: AuthError): void
}
