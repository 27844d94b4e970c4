import type { IncomingMessage, ServerResponse } from 'node:http'
import { NodeRequest, sendNodeResponse } from 'srvx/node'
import { redactedError } from './log-redaction'

type Handler = (request: Request) => Response | Promise<Response>

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

// Every answer is written by srvx's public `sendNodeResponse`, as its `toNodeHandler` writes it
// (the same bytes on the wire). srvx writes a prepared body with `write` and then `end` in a
// second call; one `end(body)` saved server CPU per GET over loopback when it was measured (96–102
// → 88–95 µs), but the prepared answer is only reachable through an underscore member
// (`_toNodeResponse`), so the listener does not take it. The request to file upstream: https://github.com/h3js/srvx/issues/new?title=sendNodeResponse%3A+end+a+prepared+text+or+bytes+body+in+one+call
const send = (res: ServerResponse, answer: Response): void => {
  sendNodeResponse(res, answer).catch((error: unknown) => fail(res, error))
}

/**
 * The `node:http` request listener of the reference server: the one fetch-style handler gets
 * srvx's lazy `Request` over the `IncomingMessage` (as with srvx's `toNodeHandler`), and its
 * answer is written back by srvx. A handler that answers synchronously (a GET) is written at
 * once, without a promise; one that rejects is answered 500 and logged, and the server keeps
 * serving (srvx's own handler leaves that rejection unhandled).
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
