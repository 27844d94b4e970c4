import { isUtf8 } from 'node:buffer'
import type { Readable } from 'node:stream'
import type { ServerRequest } from 'srvx'
import { badBody } from '../platform'
import { issuePath } from '../platform/issue-path'

/** Largest request body the API reads; bigger bodies get 600, never a 500. */
export const MAX_BODY_BYTES = 256 * 1024

/**
 * Deepest nesting of objects and arrays a JSON body may have (docs/protocol.md §1 [ours]): far
 * beyond any sign request or stored object, far below the depth where stringify and clone run
 * out of stack.
 *
 * @example
 * ```ts
 * await readJsonBody(new Request(url, { method: 'POST', body: '['.repeat(101) + ']'.repeat(101) }))
 * // throws 600 "body is nested deeper than 100 levels"
 * ```
 */
export const MAX_JSON_DEPTH = 100

/**
 * Reads a request body as JSON, refusing (600, naming `body`) a body over {@link MAX_BODY_BYTES}
 * before buffering it, bytes that are not UTF-8, and text that is not JSON, and (600, naming the
 * field) a value nested deeper than {@link MAX_JSON_DEPTH}. The parse error's own text is left
 * out: it quotes the body, which may hold a user token. An empty body is refused unless the
 * route gives `whenEmpty` (its optional body's default). A route that takes whole snapshots gives
 * its own `maxBytes`.
 */
export async function readJsonBody(
  request: Request,
  whenEmpty?: unknown,
  maxBytes = MAX_BODY_BYTES,
): Promise<unknown> {
  const bytes = await readBodyBytes(request, maxBytes)
  if (bytes === null || bytes.byteLength === 0) {
    if (whenEmpty !== undefined) return whenEmpty
    throw badBody('body', 'is missing; send a JSON object')
  }
  // Checked apart from the decode: a fatal TextDecoder took as long as the JSON parse.
  if (!isUtf8(bytes)) throw badBody('body', 'is not valid UTF-8')
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8', startAfterBom(bytes)))
  } catch {
    throw badBody('body', 'is not valid JSON')
  }
  // Nesting deeper than the limit needs an opening and a closing bracket per level: a shorter
  // body cannot have it, and is not walked (most bodies, a payload create's included).
  if (bytes.byteLength > 2 * MAX_JSON_DEPTH) {
    const path = tooDeep(value, 0, [])
    if (path) throw badBody(issuePath(path), `is nested deeper than ${MAX_JSON_DEPTH} levels`)
  }
  return value
}

// The path to a value nested too deep, or null. The path names the field: at most its first two
// object keys, and none past an array (an index says nothing a developer looks for).
const tooDeep = (value: unknown, depth: number, path: string[]): string[] | null => {
  if (typeof value !== 'object' || value === null) return null
  if (depth === MAX_JSON_DEPTH) return path
  const named = !Array.isArray(value) && path.length < 2 && path.length === depth
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key]
    const found = tooDeep(inner, depth + 1, named ? [...path, key] : path)
    if (found) return found
  }
  return null
}

/**
 * Reads a request body's bytes (null or empty when there is none), refusing (600, naming `body`)
 * a body over {@link MAX_BODY_BYTES} before buffering it. {@link readJsonBody} reads through it;
 * the OAuth `/token` endpoint reads its forms with it.
 *
 * @example
 * ```ts
 * const bytes = await readBodyBytes(request)
 * ```
 */
export function readBodyBytes(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    closeAfterAnswer(request)
    return Promise.reject(tooLarge(maxBytes))
  }
  const incoming = (request as ServerRequest).runtime?.node?.req
  if (incoming) return readIncoming(request, incoming, maxBytes)
  return Number.isSafeInteger(declared) && declared >= 0
    ? readDeclared(request, maxBytes)
    : readStreamed(request, maxBytes)
}

// A leading UTF-8 byte order mark is skipped, as a TextDecoder and common JSON body parsers do.
const startAfterBom = (bytes: Buffer) =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0

const tooLarge = (maxBytes: number) => badBody('body', `is larger than ${maxBytes / 1024} KB`)
const cutOff = () => badBody('body', 'was cut off before its end')

// A body refused before its end is left unread: over node:http the answer closes the connection
// (`connection: close`), so the rest of the upload is never taken for the next request and never
// holds the connection open.
const closeAfterAnswer = (request: Request): void => {
  const response = (request as ServerRequest).runtime?.node?.res
  if (response && !response.headersSent) response.setHeader('connection', 'close')
}

/** A node request body: a stream, and whether node's parser has seen the whole message. */
type IncomingBody = Readable & { readonly complete: boolean }

// Served over node:http, srvx's Request carries the IncomingMessage, read straight instead of
// through a web stream built per request (a fifth of a create request's CPU). Every body takes
// the same path, however its bytes arrived.
const readIncoming = (
  request: Request,
  incoming: IncomingBody,
  maxBytes: number,
): Promise<Buffer> => {
  // A stream that closed before the route reads it would never call the listeners below.
  if (incoming.destroyed) return Promise.reject(cutOff())
  return readChunks(incoming, maxBytes, () => closeAfterAnswer(request))
}

// One loop for every body: take what the stream holds, and finish once node's parser has seen
// the whole message (`complete`), else wait for more. A small body that came with its headers is
// read in one `read` on the first `readable`, without flowing mode's ticks and listeners. Reading
// stops at the limit. A client that goes away mid-body gets no answer; the 600 only ends the route.
const readChunks = (
  incoming: IncomingBody,
  maxBytes: number,
  onRefuse: () => void,
): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = (error: Error | null) => {
      if (settled) return
      settled = true
      incoming.off('readable', pull).off('end', onEnd)
      if (error) {
        // The error and close listeners stay: a reset after a refusal must not go unhandled.
        onRefuse()
        reject(error)
        return
      }
      incoming.off('error', onAbort).off('close', onAbort)
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    }
    function pull() {
      for (let chunk = incoming.read() as Buffer | null; chunk !== null; chunk = incoming.read()) {
        size += chunk.byteLength
        if (size > maxBytes) return settle(tooLarge(maxBytes))
        chunks.push(chunk)
      }
      if (incoming.complete) settle(null)
    }
    const onEnd = () => settle(null)
    const onAbort = () => settle(cutOff())
    // Plain listeners, not `once`: settle removes them and runs only once, and a `once` costs a
    // wrapper per listener and a search for it on removal, on every request with a body.
    incoming.on('readable', pull).on('end', onEnd).on('error', onAbort).on('close', onAbort)
  })

// A fetch-style Request with a declared length within the limit: read whole. A caller that
// declares less than it sends still meets the limit after the read.
const readDeclared = async (request: Request, maxBytes: number): Promise<Buffer> => {
  const bytes = Buffer.from(await request.arrayBuffer())
  if (bytes.byteLength > maxBytes) throw tooLarge(maxBytes)
  return bytes
}

// No declared length (chunked): read chunk by chunk and stop at the limit before buffering more.
const readStreamed = async (request: Request, maxBytes: number): Promise<Buffer | null> => {
  if (!request.body) return null
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw tooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks, size)
}

/** Reads a body that must be a JSON object (600 naming `body` otherwise). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const value = await readJsonBody(request)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badBody('body', 'must be a JSON object')
  }
  return value as Record<string, unknown>
}
