import { isUtf8 } from 'node:buffer'
import type { Readable } from 'node:stream'
import type { ServerRequest } from 'srvx'
import { badBody } from '../platform'

/** Largest request body the API reads (issue 3); bigger bodies get 600, never a 500. */
export const MAX_BODY_BYTES = 256 * 1024

/**
 * Reads a request body as JSON, refusing (600, naming `body`) a body over {@link MAX_BODY_BYTES}
 * before buffering it, bytes that are not UTF-8, and text that is not JSON. The parse error's own
 * text is left out: it quotes the body, which may hold a user token. An empty body is refused
 * unless the route gives `whenEmpty` (its optional body's default).
 */
export async function readJsonBody(request: Request, whenEmpty?: unknown): Promise<unknown> {
  const bytes = await readBodyBytes(request)
  if (bytes === null || bytes.byteLength === 0) {
    if (whenEmpty !== undefined) return whenEmpty
    throw badBody('body', 'is missing; send a JSON object')
  }
  // Checked apart from the decode: a fatal TextDecoder took as long as the JSON parse (issue 4).
  if (!isUtf8(bytes)) throw badBody('body', 'is not valid UTF-8')
  try {
    return JSON.parse(bytes.toString('utf8', startAfterBom(bytes))) as unknown
  } catch {
    throw badBody('body', 'is not valid JSON')
  }
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
export function readBodyBytes(request: Request): Promise<Buffer | null> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (declared > MAX_BODY_BYTES) return Promise.reject(tooLarge())
  const incoming = (request as ServerRequest).runtime?.node?.req
  if (incoming) return readIncoming(incoming, declared)
  return Number.isSafeInteger(declared) && declared >= 0
    ? readDeclared(request)
    : readStreamed(request)
}

// A leading UTF-8 byte order mark is skipped, as a TextDecoder and common JSON body parsers do.
const startAfterBom = (bytes: Buffer) =>
  bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0

const tooLarge = () => badBody('body', `is larger than ${MAX_BODY_BYTES / 1024} KB`)
const cutOff = () => badBody('body', 'was cut off before its end')

// Served over node:http, srvx's Request carries the IncomingMessage, read straight instead of
// through a web stream built per request (a fifth of a create request's CPU, issue 4). A small
// body comes in the same read as its headers: once the handler's first microtask runs, node's
// parser has buffered it whole, and it is taken in one `read`, without the stream's flowing mode,
// its ticks and its listeners (issue 4 again). Any other body is read chunk by chunk.
const readIncoming = async (incoming: Readable, declared: number): Promise<Buffer> => {
  await Promise.resolve()
  if (declared > 0 && incoming.readableLength === declared) return incoming.read(declared) as Buffer
  // Its listeners come a microtask late: a stream that closed meanwhile would never call them.
  if (incoming.destroyed) throw cutOff()
  return readChunks(incoming)
}

// Reading stops at the limit. A client that goes away mid-body gets no answer; the 600 only ends
// the route.
const readChunks = (incoming: Readable): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const settle = (error: Error | null) => {
      incoming.off('data', onData).off('end', onEnd)
      if (error) {
        // The error and close listeners stay: a reset after a refusal must not go unhandled.
        incoming.pause()
        reject(error)
        return
      }
      incoming.off('error', onAbort).off('close', onAbort)
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > MAX_BODY_BYTES) settle(tooLarge())
      else chunks.push(chunk)
    }
    const onEnd = () => settle(null)
    const onAbort = () => settle(cutOff())
    incoming.on('data', onData).once('end', onEnd).once('error', onAbort).once('close', onAbort)
  })

// A fetch-style Request with a declared length within the limit: read whole. A caller that
// declares less than it sends still meets the limit after the read.
const readDeclared = async (request: Request): Promise<Buffer> => {
  const bytes = Buffer.from(await request.arrayBuffer())
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge()
  return bytes
}

// No declared length (chunked): read chunk by chunk and stop at the limit before buffering more.
const readStreamed = async (request: Request): Promise<Buffer | null> => {
  if (!request.body) return null
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = request.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel()
      throw tooLarge()
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
