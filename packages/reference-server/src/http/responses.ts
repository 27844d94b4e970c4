import type { Context } from 'hono'
import { FastResponse } from 'srvx'
import type { HttpEnv } from './http-env'
import { rateLimitHeaders } from './rate-limit-headers'

/** Response headers as a plain record (what a route adds to its answer). */
export type HeaderRecord = Record<string, string>

/**
 * A Response for the one handler. srvx's `FastResponse` is a real `Response` to every caller
 * (msw, `fetch`-style tests, `instanceof`), but served by the node transport it is written
 * straight to the socket, without the web stream an undici `Response` builds and the transport
 * would read back: most of a small answer's cost (bench/README.md).
 *
 * @example
 * ```ts
 * return response('<p>hi</p>', 200, { 'content-type': 'text/html; charset=utf-8' })
 * ```
 */
export function response(
  body: string | Uint8Array<ArrayBuffer> | null,
  status: number,
  headers: HeaderRecord,
): Response {
  return typeof body === 'string'
    ? new TextAnswer(body, status, headers)
    : new FastResponse(body, { status, headers })
}

/** What a {@link TextAnswer} was made of. */
export interface TextAnswerParts {
  status: number
  headers: HeaderRecord
  body: string
}

/**
 * An answer with a text body: srvx's `FastResponse` (a `Response` to every caller), keeping what
 * it was made of so that the node listener writes it in one `end` (node-listener.ts), without
 * srvx preparing it again. Reading its `headers` hands out a mutable `Headers`: from then on its
 * parts are withheld and srvx writes it, with whatever was changed.
 *
 * @example
 * ```ts
 * const answer = new TextAnswer('{}', 200, { 'content-type': 'application/json' })
 * answer.parts?.body // '{}'
 * answer.headers.set('x-extra', '1')
 * answer.parts // null
 * ```
 */
export class TextAnswer extends FastResponse {
  readonly #parts: TextAnswerParts
  #headersRead = false

  constructor(body: string, status: number, headers: HeaderRecord) {
    super(body, { status, headers })
    this.#parts = { status, headers, body }
  }

  override get headers(): Headers {
    this.#headersRead = true
    return super.headers
  }

  /** Its status, headers and body, or null once its headers may have changed. */
  get parts(): TextAnswerParts | null {
    return this.#headersRead ? null : this.#parts
  }
}

/**
 * A JSON answer with the headers given.
 *
 * @example
 * ```ts
 * return jsonResponse({ error: { reference, code: 600, message } }, 400)
 * ```
 */
export function jsonResponse(body: unknown, status = 200, headers: HeaderRecord = {}): Response {
  return jsonTextResponse(JSON.stringify(body), status, headers)
}

// A body that is JSON text already, with the JSON content type.
const jsonTextResponse = (text: string, status: number, headers: HeaderRecord) =>
  response(text, status, { 'content-type': 'application/json', ...headers })

/**
 * A route's JSON answer: on an API route it carries the call's `x-ratelimit-*` headers
 * (docs/protocol.md §1), set by the route's guard; elsewhere (control API) none.
 *
 * @example
 * ```ts
 * api.get('/payload/:uuid', (c) => json(c, payloads.cancel(app, c.req.param('uuid'))))
 * ```
 */
export function json(c: Context<HttpEnv>, body: unknown): Response {
  return jsonText(c, JSON.stringify(body))
}

/**
 * `json` for a body that is JSON text already (a payload record's kept text, record-bodies.ts),
 * with `headers` of the route's own besides.
 *
 * @example
 * ```ts
 * api.get('/payload/:uuid', (c) => jsonText(c, recordBodies.text(payloads.get(app, uuid))))
 * ```
 */
export function jsonText(c: Context<HttpEnv>, text: string, headers: HeaderRecord = {}): Response {
  const rate = c.get('rate')
  return jsonTextResponse(text, 200, rate ? { ...rateLimitHeaders(rate), ...headers } : headers)
}
