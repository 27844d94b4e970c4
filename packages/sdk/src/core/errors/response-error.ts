import type { ErrorBody } from '../../wire/errors'
import { readRetryAfter } from '../rate-limit'
import { ApiError, type ApiErrorDetails, AuthError, RateLimitError } from './api-errors'
import { NetworkError, type PullSignError, TimeoutError } from './pull-sign-error'

const AUTH_CODES = new Set([812, 813, 814, 815])

/**
 * The typed error for a non-2xx answer: a {@link RateLimitError} for 429, an {@link AuthError}
 * for the credential codes 812 to 815, else an {@link ApiError}; each with the platform's code,
 * reference and message when the body is a docs/protocol.md §1 error envelope.
 *
 * @example
 * ```ts
 * throw responseError(response, JSON.parse(text), { method: 'GET', path: '/api/v1/platform/ping', secrets: [secret], now: Date.now() })
 * ```
 */
export function responseError(
  response: Pick<Response, 'status' | 'statusText' | 'headers'>,
  data: unknown,
  request: { method: string; path: string; secrets: readonly (string | undefined)[]; now: number },
): ApiError {
  // The §1 envelope's `error`, when the body has one (Object(): any body can be read for it).
  const error: Partial<ErrorBody['error']> | undefined = Object(data).error
  const details: ApiErrorDetails = {
    status: response.status,
    errorCode: typeof error?.code === 'number' ? error.code : null,
    reference: typeof error?.reference === 'string' ? error.reference : null,
    serverMessage:
      typeof error?.message === 'string'
        ? error.message
        : error instanceof Object
          ? null
          : `${response.statusText || 'HTTP error'} (the body is not a platform error)`,
    method: request.method,
    path: request.path,
  }
  const options = { secrets: request.secrets }
  if (details.errorCode === 429 || response.status === 429) {
    return new RateLimitError(details, readRetryAfter(response.headers, request.now), options)
  }
  if (AUTH_CODES.has(details.errorCode ?? 0)) return new AuthError(details, options)
  return new ApiError(details, options)
}

/**
 * The typed error for a request that got no answer: a {@link TimeoutError} when the client's
 * timeout fired, else a {@link NetworkError} naming the system error (fetch rejects with a
 * `TypeError("fetch failed")` whose cause says `ECONNREFUSED`, `ENOTFOUND`, …).
 *
 * @example
 * ```ts
 * throw noAnswerError(err, { where: '[GET /api/v1/platform/ping]', timedOut: false, timeoutMs: 30_000 })
 * ```
 */
export function noAnswerError(
  err: unknown,
  request: { where: string; timedOut: boolean; timeoutMs: number },
): PullSignError {
  if (request.timedOut) {
    return new TimeoutError(`${request.where} got no answer within ${request.timeoutMs} ms`)
  }
  const cause = (err as { cause?: unknown })?.cause
  const detail = err instanceof Error ? err.message : String(err)
  const reason = cause instanceof Error ? `: ${cause.message}` : ''
  return new NetworkError(`${request.where} could not reach the platform: ${detail}${reason}`, {
    cause: cause instanceof Error ? cause : err,
  })
}
