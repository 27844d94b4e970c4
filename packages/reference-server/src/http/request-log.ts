import type { FetchHandler } from './handler'
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
}

const MAX_BODY_CHARS = 2000

const shorten = (text: string) =>
  text.length <= MAX_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_BODY_CHARS)}… (${text.length - MAX_BODY_CHARS} more characters)`

const bodyLine = (arrow: string, text: string, contentType: string | null): string | null =>
  text === '' ? null : `  ${arrow} ${shorten(redactedBody(text, contentType))}`

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
 * and a payload whose transaction the ledger's preflight refuses gets a `  ! <why>` line.
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
