import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { listenOnLoopback } from '../../server/loopback-listen'

/** One request the receiver got. */
export interface Received {
  headers: IncomingHttpHeaders
  raw: string
}

/** How the receiver answers a request: a status, or 'hang' (never answers). */
export type Answer = number | 'hang'

/**
 * A real HTTP webhook receiver on 127.0.0.1, port 0. `answers` is consumed per request; the last
 * one repeats.
 */
export async function startReceiver(answers: Answer[]) {
  const received: Received[] = []
  const hanging: ServerResponse[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') })
      const answer = answers.length > 1 ? answers.shift() : answers[0]
      if (answer === 'hang' || answer === undefined) {
        hanging.push(res)
        return
      }
      res.writeHead(answer, { 'content-type': 'text/plain' })
      res.end(answer === 204 ? undefined : 'ok')
    })
  })
  const { base } = await listenOnLoopback(server)
  return {
    url: `${base}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A loopback URL nobody listens on (a port that was just free). */
export async function refusedUrl(): Promise<string> {
  const { base, close } = await listenOnLoopback(createServer())
  await close()
  return `${base}/hook`
}
