import type { ErrorBody } from 'pullsign/wire'
import { PlatformError } from '../platform'
import { newUuid } from '../platform/ids'

const JSON_HEADERS = { 'content-type': 'application/json' }

/**
 * The §1 error answer for anything a route throws: a {@link PlatformError} keeps its status, code
 * and message; any other exception is a bug, answered 500 without its message (which could carry
 * request data) and logged with the reference so it can be found.
 */
export function errorResponse(error: unknown): Response {
  const reference = newUuid()
  if (error instanceof PlatformError) {
    const body: ErrorBody = { error: { reference, code: error.code, message: error.message } }
    const headers: Record<string, string> = { ...JSON_HEADERS }
    // PROTOCOL §1: a 429 says when to retry [ours].
    if (error.retryAfter !== null) headers['retry-after'] = String(error.retryAfter)
    return new Response(JSON.stringify(body), { status: error.status, headers })
  }
  console.error(`[pullsign-server] internal error, reference ${reference}:`, error)
  const body: ErrorBody = {
    error: { reference, code: 500, message: `internal error (reference ${reference})` },
  }
  return new Response(JSON.stringify(body), { status: 500, headers: JSON_HEADERS })
}
