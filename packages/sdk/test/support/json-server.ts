import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the server saw of one request. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: string
}

/** The answer the server gives next: status, headers and a raw body (or no answer at all). */
export interface Answer {
  status: number
  headers?: Record<string, string>
  body: string
  /** Never answer (for timeouts). */
  hang?: boolean
}

/** A node:http server on port 0 that records requests and answers what the test says. */
export interface JsonServer {
  readonly api: string
  readonly seen: SeenRequest[]
  answer: Answer
  /** Answers given first, one per request, before falling back to `answer`. */
  readonly queue: Answer[]
  /** How many requests left unanswered (`hang`) were closed by the client. */
  readonly abandoned: number
  close(): Promise<void>
}

export async function startJsonServer(): Promise<JsonServer> {
  const seen: SeenRequest[] = []
  let abandoned = 0
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = state.queue.shift() ?? state.answer
      if (answer.hang) {
        res.on('close', () => {
          abandoned++
        })
        return
      }
      res.writeHead(answer.status, answer.headers ?? { 'content-type': 'application/json' })
      res.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const state: JsonServer = {
    api: `http://127.0.0.1:${port}`,
    seen,
    answer: { status: 200, body: '{}' },
    queue: [],
    get abandoned() {
      return abandoned
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return state
}
