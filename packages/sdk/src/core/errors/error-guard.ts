import type { ApiError, AuthError, RateLimitError } from './api-errors'
import {
  type AbortError,
  type NetworkError,
  PullSignError,
  type PullSignErrorCode,
  type TimeoutError,
} from './pull-sign-error'
import type { SignInError, XappHostUnreachableError } from './sign-in-errors'
import type { SignatureError } from './signature-error'

/**
 * Every error the SDK throws, as a union on `code`: `switch (err.code)` gives the subclass with
 * its fields (`retryAfter` under `'ERR_RATE_LIMIT'`, `status` under `'ERR_API'`, …).
 *
 * @example
 * ```ts
 * const explain = (err: AnyPullSignError) => {
 *   switch (err.code) {
 *     case 'ERR_RATE_LIMIT': return `wait ${err.retryAfter ?? 60} s`
 *     case 'ERR_API': return `${err.status} ${err.errorCode}`
 *     default: return err.message
 *   }
 * }
 * ```
 */
export type AnyPullSignError =
  | (PullSignError & { readonly code: 'ERR_CONFIG' })
  | (PullSignError & { readonly code: 'ERR_INPUT' })
  | (PullSignError & { readonly code: 'ERR_RESPONSE' })
  | (ApiError & { readonly code: 'ERR_API' })
  | AuthError
  | RateLimitError
  | NetworkError
  | TimeoutError
  | AbortError
  | (PullSignError & { readonly code: 'ERR_PERMISSION' })
  | SignatureError
  | SignInError
  | XappHostUnreachableError

/**
 * The one type guard: whether a value is an error of the SDK (from any copy of it), optionally
 * with a given code, narrowed to its subclass.
 *
 * @example
 * ```ts
 * try {
 *   await pullsign.payload.create(tx)
 * } catch (err) {
 *   if (isPullSignError(err, 'ERR_RATE_LIMIT')) console.log('retry in', err.retryAfter, 's')
 *   else if (isPullSignError(err)) console.log(err.code, err.message)
 *   else throw err
 * }
 * ```
 */
export function isPullSignError(value: unknown): value is AnyPullSignError
export function isPullSignError<C extends PullSignErrorCode>(
  value: unknown,
  code: C,
): value is Extract<AnyPullSignError, { readonly code: C }>
export function isPullSignError(value: unknown, code?: PullSignErrorCode): boolean {
  return value instanceof PullSignError && (code === undefined || value.code === code)
}
