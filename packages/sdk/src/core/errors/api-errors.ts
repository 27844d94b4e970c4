import { apiErrorMeaning } from '../../wire/error-meanings'
import { redact } from '../redact'
import {
  KIND,
  PullSignError,
  type PullSignErrorCode,
  type PullSignErrorOptions,
} from './pull-sign-error'

/**
 * What the platform said about a failed call.
 *
 * @example
 * ```ts
 * const details: ApiErrorDetails = { status: 400, errorCode: 602, reference: '…', serverMessage: 'txjson.Amount …', method: 'POST', path: '/api/v1/platform/payload' }
 * ```
 */
export interface ApiErrorDetails {
  status: number
  /** The platform's numeric code, or `null` when the body had none (e.g. a proxy's HTML page). */
  errorCode: number | null
  reference: string | null
  serverMessage: string | null
  method: string
  /** The request path, with tokens in it already redacted. */
  path: string
}

const describe = (d: ApiErrorDetails): string => {
  const meaning = apiErrorMeaning(d.errorCode)
  const code = d.errorCode === null ? '' : ` code ${d.errorCode}`
  const text = [d.serverMessage, meaning].filter(Boolean).join(': ') || 'no error details'
  const reference = d.reference ? ` (reference ${d.reference})` : ''
  return `[${d.method} ${d.path}] ${d.status}${code}: ${text}${reference}`
}

/**
 * The platform answered with an error body (docs/protocol.md §1). Carries the HTTP `status`, the
 * platform's `errorCode`, its `reference`, the server's message and what the code means.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.create({ txjson: { TransactionType: 'Payment', Amount: 'x' } })
 * } catch (err) {
 *   if (err instanceof ApiError && err.errorCode === 602) console.log(err.serverMessage)
 * }
 * ```
 */
export class ApiError extends PullSignError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'ApiError'
  declare readonly code: 'ERR_API' | 'ERR_AUTH' | 'ERR_RATE_LIMIT'
  // Set in one assign in the constructor (declared only: no class field to define first).
  declare readonly status: number
  declare readonly errorCode: number | null
  declare readonly reference: string | null
  declare readonly serverMessage: string | null
  /** What the code means, from the §1 table; `null` for a code outside it. */
  declare readonly meaning: string | null
  declare readonly method: string
  declare readonly path: string
  constructor(
    details: ApiErrorDetails,
    options: PullSignErrorOptions & { code?: PullSignErrorCode } = {},
  ) {
    super(options.code ?? 'ERR_API', describe(details), options)
    const { serverMessage } = details
    Object.assign(this, details, {
      serverMessage: serverMessage === null ? null : redact(serverMessage, options.secrets),
      meaning: apiErrorMeaning(details.errorCode),
    })
  }
}

/**
 * Credentials were refused: 812 (wrong kind for the route), 813 (bad key/secret), 814 (bad JWT),
 * 815 (bad one-time token).
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.ping()
 * } catch (err) {
 *   if (err instanceof AuthError) console.log('check PULLSIGN_API_KEY / PULLSIGN_API_SECRET')
 * }
 * ```
 */
export class AuthError extends ApiError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'AuthError'
  declare readonly code: 'ERR_AUTH'
  constructor(details: ApiErrorDetails, options: PullSignErrorOptions = {}) {
    super(details, { ...options, code: 'ERR_AUTH' })
  }
}

/**
 * Too many calls (HTTP 429, code 429). `retryAfter` is the number of seconds the platform asked
 * to wait, or `null` when it did not say.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.create(tx)
 * } catch (err) {
 *   if (err instanceof RateLimitError) await sleep((err.retryAfter ?? 60) * 1000)
 * }
 * ```
 */
export class RateLimitError extends ApiError {
  /** @internal The kind `instanceof` looks for. */
  static override readonly [KIND]: string = 'RateLimitError'
  declare readonly code: 'ERR_RATE_LIMIT'
  declare readonly retryAfter: number | null
  constructor(
    details: ApiErrorDetails,
    retryAfter: number | null,
    options: PullSignErrorOptions = {},
  ) {
    super(details, { ...options, code: 'ERR_RATE_LIMIT' })
    this.retryAfter = retryAfter
  }
}
