import { createServer, type IncomingMessage } from 'node:http'
import { listenOnLoopback } from '../server/loopback-listen'

/** A webhook delivery the local site received. */
export interface ReceivedWebhook {
  headers: IncomingMessage['headers']
  body: Record<string, unknown>
}

/**
 * The application's own site on loopback: it receives webhooks at POST `/hook` (answering 200)
 * and serves the page `return_url.web` points at, GET `/done`.
 */
export async function startLocalSite() {
  const webhooks: ReceivedWebhook[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/hook') {
        webhooks.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString()) })
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
        return
      }
      if (req.method === 'GET' && req.url?.startsWith('/done')) {
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><h1>Back at the shop</h1>')
        return
      }
      res.writeHead(404).end()
    })
  })
  return { ...(await listenOnLoopback(server)), webhooks }
}
