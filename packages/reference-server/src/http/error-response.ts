import type { ErrorBody } from 'pullsign/wire'
import { errorBody, PlatformError } from '../platform'
import { newUuid } from '../platform/ids'
import { redactedError } from './log-redaction'
import { type HeaderRecord, jsonResponse } from './responses'

/**
 * The §1 error answer for anything a route throws: a {@link PlatformError} keeps its status, code
 * and message; any other exception is a bug, answered 500 without its message (which could carry
 * request data) and logged with the reference so it can be found. `headers` are added (an API
 * route's rate-limit headers).
 *
 * @example
 * ```ts
 * app.onError((error) => errorResponse(error))
 * ```
 */
export function errorResponse(error: unknown, given: HeaderRecord = {}): Response {
  // An error body may quote what the caller sent: never sniffed as anything but JSON (§7.3).
  const headers: HeaderRecord = { ...given, 'x-content-type-options': 'nosniff' }
  if (error instanceof PlatformError) {
    // docs/protocol.md §1: a 429 says when to retry [ours].
    const retry: HeaderRecord =
      error.retryAfter === null ? headers : { ...headers, 'retry-after': String(error.retryAfter) }
    return jsonResponse(errorBody(error), error.status, retry)
  }
  const reference = newUuid()
  console.error(`[pullsign-server] internal error, reference ${reference}:`, redactedError(error))
  const body: ErrorBody = {
    error: { reference, code: 500, message: `internal error (reference ${reference})` },
  }
  return jsonResponse(body, 500, headers)
}
