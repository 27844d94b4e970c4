import type { FetchHandler } from './handler'
import { LEDGER_NOTE_HEADER } from './ledger-note'
import { redactedBody, redactedPath } from './log-redaction'
import { PREFLIGHT_HEADER } from './routes/payload-routes'

/**
 * Options of the request log (`createReferenceServer({ requestLog })`).
 *
 * @example
 * ```ts
 * const requestLog: RequestLogOptions = { write: (line) => console.log(line), bodies: true }
 * ```
 */
export interface RequestLogOptions {
  /** Receives each finished line, without a trailing newline. */
  write(line: string): void
  /** Also log the request and response bodies (redacted, at most 2,000 characters each). */
  bodies?: boolean
  /**
   * Also log every frame of the ledger nodes' WebSockets (`{ws-api}/ledger/K`), both ways, one
   * line each: `WS /ledger/TESTNET > {"command":"submit",…}` (redacted like bodies, at most 2,000
   * characters). Off by default: a subscribed client gets a frame per ledger close.
   */
  ledgerFrames?: boolean
}

const MAX_BODY_CHARS = 2000

const shorten = (text: string) =>
  text.length <= MAX_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_CHARS)}… (${text.length - MAX_BODY_CHARS} more characters)`

/**
 * A body or frame as a log line shows it: redacted (log-redaction.ts), cut at 2,000 characters.
 *
 * @example
 * ```ts
 * shownBody('{"apiSecret":"abc"}', 'application/json') // '{"apiSecret":"[REDACTED]"}'
 * ```
 */
export const shownBody = (text: string, contentType: string | null): string =>
  shorten(redactedBody(text, contentType))

const bodyLine = (arrow: string, text: string, contentType: string | null): string | null =>
  text === '' ? null : `  ${arrow} ${shownBody(text, contentType)}`

// The body is read once here and the handler gets a plain Request carrying the same bytes: a
// clone would race the handler's own reader of the node request (http/json-body.ts).
const withReadBody = async (request: Request): Promise<{ request: Request; text: string }> => {
  if (request.body === null || request.method === 'GET' || request.method === 'HEAD') {
    return { request, text: '' }
  }
  const bytes = new Uint8Array(await request.arrayBuffer())
  const copy = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: bytes,
  })
  return { request: copy, text: new TextDecoder().decode(bytes) }
}

// The request's URL, or null when its Host is one the URL parser cannot read (the handler refuses
// such a request before any route runs; the log must not throw on it either, docs/protocol.md §7.3).
const readableUrl = (request: Request): URL | null => {
  try {
    return new URL(request.url)
  } catch {
    return null
  }
}

/**
 * Wraps the one handler so each request writes one line, `POST /api/v1/platform/payload 200
 * 1.4 ms`, once its answer is ready; with `bodies`, the redacted bodies follow on indented lines,
 * a payload whose transaction the ledger's preflight refuses gets a `  ! <why>` line, and so do a
 * node's submission that did not succeed (`  ! tecEXPIRED: … (NFTokenAcceptOffer.cpp)`) and an
 * impersonation (`  ! impersonated r…: tesSUCCESS`).
 * Secrets never reach a line (http/log-redaction.ts). Only a server given `requestLog` pays for it.
 *
 * @example
 * ```ts
 * const logged = withRequestLog(handler, { write: console.log })
 * await logged(new Request('http://127.0.0.1:8787/api/v1/platform/ping')) // logs "GET /api/v1/platform/ping 403 0.3 ms"
 * ```
 */
export function withRequestLog(
  handler: (request: Request) => Response | Promise<Response>,
  options: RequestLogOptions,
): FetchHandler {
  return async (incoming) => {
    const started = performance.now()
    const url = readableUrl(incoming)
    const { request, text } =
      options.bodies && url !== null
        ? await withReadBody(incoming)
        : { request: incoming, text: '' }
    const response = await handler(request)
    const ms = (performance.now() - started).toFixed(1)
    const path = url === null ? '(unreadable host)' : redactedPath(url)
    const lines = [`${request.method} ${path} ${response.status} ${ms} ms`]
    // A payload the ledger will refuse says so (docs/protocol.md §3.1 "Before the ledger says so").
    const preflight = response.headers.get(PREFLIGHT_HEADER)
    if (preflight !== null) lines.push(`  ! ${preflight}`)
    // Why a node's submit failed, or that the control API impersonated an account (issue 40 §5, §6).
    const note = response.headers.get(LEDGER_NOTE_HEADER)
    if (note !== null) lines.push(`  ! ${note}`)
    if (options.bodies) {
      const answer = response.body === null ? '' : await response.clone().text()
      for (const line of [
        bodyLine('>', text, request.headers.get('content-type')),
        bodyLine('<', answer, response.headers.get('content-type')),
      ]) {
        if (line !== null) lines.push(line)
      }
    }
    options.write(lines.join('\n'))
    return response
  }
}
