import type { IncomingMessage, ServerResponse } from 'node:http'
import { NodeRequest, sendNodeResponse } from 'srvx/node'
import { redactedError } from './log-redaction'
import { TextAnswer, type TextAnswerParts } from './responses'

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

// Answers are written as srvx's `toNodeHandler` writes them (the same bytes on the wire). A text
// answer of our own whose headers nobody read (responses.ts) is written here from its parts, with
// the headers srvx would send (lower-case names, its text type when it names none, the length),
// in one `end`: srvx's public `sendNodeResponse` writes the body with `write`, then `end` in a
// second call and waits for the finish on a promise (a tenth of a GET's server CPU over loopback).
// Every other answer goes to `sendNodeResponse`. The request to file upstream: https://github.com/h3js/srvx/issues/new?title=sendNodeResponse%3A+end+a+prepared+text+or+bytes+body+in+one+call
const send = (res: ServerResponse, answer: Response): void => {
  const parts = answer instanceof TextAnswer ? answer.parts : null
  if (parts === null) {
    sendNodeResponse(res, answer).catch((error: unknown) => fail(res, error))
    return
  }
  try {
    writeText(res, parts)
  } catch (error) {
    fail(res, error)
  }
}

const writeText = (res: ServerResponse, { status, headers, body }: TextAnswerParts): void => {
  const raw: string[] = []
  let typed = false
  let sized = false
  for (const name in headers) {
    const lower = name.toLowerCase()
    raw.push(lower, headers[name] as string)
    if (lower === 'content-type') typed = true
    else if (lower === 'content-length') sized = true
  }
  if (!typed) raw.push('content-type', 'text/plain; charset=UTF-8')
  if (!sized) raw.push('content-length', String(Buffer.byteLength(body)))
  res.writeHead(status, '', raw)
  res.end(body)
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
