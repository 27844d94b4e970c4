import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as WebStream } from 'node:stream/web'
import { NodeRequest, type NodeResponse, sendNodeResponse } from 'srvx/node'
import { redactedError } from './log-redaction'

type Handler = (request: Request) => Response | Promise<Response>

// A prepared body node writes as it is: text or bytes, or none.
const writable = (body: unknown): body is string | Uint8Array | null | undefined =>
  body === null || body === undefined || typeof body === 'string' || body instanceof Uint8Array

// What srvx does when an answer cannot be sent: 500 while nothing was written, else cut it off.
const fail = (res: ServerResponse, error: unknown) => {
  console.error('[pullsign-server] failed to send a response:', redactedError(error))
  if (res.writableEnded) return
  if (res.headersSent) res.destroy()
  else {
    res.statusCode = 500
    res.end()
  }
}

// The answers the routes make (http/responses.ts) are srvx FastResponses: srvx prepares their
// status, headers (content type and length included) and body, exactly as its own node handler
// does, and node writes them with one `end(body)`. srvx's handler writes the body and then ends
// in a second call, which corks the socket until the next tick, waits for the end with a promise
// and a listener, and hands node two chunks: together a tenth of a GET (bench/README.md). The
// bytes on the wire are the same. Any other Response (Hono's own, a stream) goes to srvx as before.
const send = (res: ServerResponse, answer: Response): void => {
  // srvx's own test for its FastResponse (`instanceof` is true of every Response).
  const prepare = (answer as Partial<NodeResponse>)._toNodeResponse
  if (prepare === undefined || res.headersSent) {
    sendNodeResponse(res, answer).catch((error) => fail(res, error))
    return
  }
  const { status, statusText, headers, body } = prepare.call(answer)
  try {
    res.writeHead(status, statusText, headers)
    // Preparing empties the answer, so a stream body (a logged answer's tee) is piped from here:
    // handing the emptied answer to srvx would send 200 with no body (docs/protocol.md §7.3).
    if (!writable(body)) {
      const stream =
        body instanceof ReadableStream ? Readable.fromWeb(body as WebStream) : (body as Readable)
      stream.on('error', (error: unknown) => fail(res, error))
      stream.pipe(res)
    } else if (body === null || body === undefined) res.end()
    else res.end(body)
  } catch (error) {
    fail(res, error)
  }
}

/**
 * The `node:http` request listener of the reference server: the one fetch-style handler gets
 * srvx's lazy `Request` over the `IncomingMessage` (as with srvx's `toNodeHandler`), and its
 * answer is written back with one `end`. A handler that answers synchronously (a GET) is written
 * at once, without a promise.
 *
 * @example
 * ```ts
 * const server = createServer(nodeListener(createHttpHandler(createPlatform())))
 * ```
 */
export function nodeListener(
  handler: Handler,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const answer = handler(new NodeRequest({ req, res }))
    if (answer instanceof Promise) {
      answer.then(
        (resolved) => send(res, resolved),
        (error: unknown) => fail(res, error),
      )
    } else send(res, answer)
  }
}
