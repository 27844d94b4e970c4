import type { ErrorBody } from 'pullsign/wire'
import { newUuid } from './ids'

/**
 * A refusal the platform means: the transport answers it with `status` and the §1 error body
 * `{error: {reference, code, message}}`. Any other exception is a bug (HTTP 500).
 * The message names the offending field and never contains a secret.
 *
 * @example
 * ```ts
 * try {
 *   platform.payloads.get(app, 'nope')
 * } catch (error) {
 *   if (error instanceof PlatformError) console.log(error.status, error.code, error.message)
 * }
 * ```
 */
export class PlatformError extends Error {
  override readonly name = 'PlatformError'
  /** HTTP status of the answer. */
  readonly status: number
  /** The numeric error code of docs/protocol.md §1. */
  readonly code: number
  /** Seconds to wait before retrying (rate limit refusals only). */
  readonly retryAfter: number | null

  constructor(status: number, code: number, message: string, retryAfter: number | null = null) {
    super(message)
    this.status = status
    this.code = code
    this.retryAfter = retryAfter
  }
}

/**
 * The docs/protocol.md §1 error body of a refusal, under a new reference: what every transport
 * answers (the HTTP handler, a refused websocket upgrade).
 *
 * @example
 * ```ts
 * errorBody(notFound('payload x')) // { error: { reference: '…', code: 404, message: 'payload x not found' } }
 * ```
 */
export function errorBody(error: PlatformError): ErrorBody {
  return { error: { reference: newUuid(), code: error.code, message: error.message } }
}

/**
 * 602/400: the sign request breaks a rule of docs/protocol.md §3 (`field` is e.g. `txjson.Amount`).
 *
 * @example
 * ```ts
 * throw invalidRequest('txjson.Amount', 'is not a valid amount')
 * ```
 */
export function invalidRequest(field: string, why: string): PlatformError {
  return new PlatformError(400, 602, `${field} ${why}`)
}

/**
 * 600/400: the body is not JSON / not the expected shape, or a required field is missing.
 *
 * @example
 * ```ts
 * throw badBody('body', 'must be a JSON object')
 * ```
 */
export function badBody(field: string, why: string): PlatformError {
  return new PlatformError(400, 600, `${field} ${why}`)
}

/**
 * 404/404: the record does not exist or belongs to another application.
 *
 * @example
 * ```ts
 * throw notFound(`payload ${uuid}`)
 * ```
 */
export function notFound(what: string): PlatformError {
  return new PlatformError(404, 404, `${what} not found`)
}

/**
 * 409/409: the request conflicts with the current state (e.g. a used custom identifier).
 *
 * @example
 * ```ts
 * throw conflict('custom_meta.identifier is already used by this application')
 * ```
 */
export function conflict(message: string): PlatformError {
  return new PlatformError(409, 409, message)
}

/**
 * 603/403: not permitted for this application (restricted transaction types, push permission).
 *
 * @example
 * ```ts
 * throw forbiddenType('txjson.TransactionType SetRegularKey needs the restricted_types permission')
 * ```
 */
export function forbiddenType(message: string): PlatformError {
  return new PlatformError(403, 603, message)
}

/**
 * 813/403: the API key/secret pair is not valid. Never says which half was wrong.
 *
 * @example
 * ```ts
 * throw badCredentials()
 * ```
 */
export function badCredentials(): PlatformError {
  return new PlatformError(403, 813, 'x-api-key / x-api-secret are not valid credentials')
}

/**
 * 812/403: this credential kind is not accepted on this route.
 *
 * @example
 * ```ts
 * throw wrongCredentialKind('this route takes a Bearer JWT, not an API key and secret')
 * ```
 */
export function wrongCredentialKind(message: string): PlatformError {
  return new PlatformError(403, 812, message)
}

/**
 * 814/401: JWT missing, malformed, badly signed, expired or for another application.
 *
 * @example
 * ```ts
 * throw badJwt('the JWT has expired')
 * ```
 */
export function badJwt(message: string): PlatformError {
  return new PlatformError(401, 814, message)
}

/**
 * 815/403: the one-time token is unknown, expired (60 s) or already used.
 *
 * @example
 * ```ts
 * throw badOtt('the one-time token is unknown, expired or already used')
 * ```
 */
export function badOtt(message: string): PlatformError {
  return new PlatformError(403, 815, message)
}

/**
 * 429/429: over the rate limit; `retryAfter` seconds until a call is allowed again.
 *
 * @example
 * ```ts
 * throw rateLimited(12)
 * ```
 */
export function rateLimited(retryAfter: number): PlatformError {
  return new PlatformError(429, 429, `rate limit exceeded, retry after ${retryAfter} s`, retryAfter)
}
