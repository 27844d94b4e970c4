import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import type { NodeHttp1Handler } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { nodeListener } from '../../src/http/node-listener'
import { response } from '../../src/http/responses'
import { startTestServer, type TestServer } from '../server/test-server'

// The server's node listener (src/http/node-listener.ts) dispatches the routes' answers itself (at
// once when synchronous, 500 on a rejection). Its bytes are compared with those of srvx's own
// `toNodeHandler` over the same handler: the answer on the wire must not change, whatever kind of
// Response a route gives.

let t: TestServer
let srvx: Server
let ports: { listener: number; srvx: number }
let host: string
let uuid: string

/** Listens on a free loopback port; resolves with the port. */
async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('the server did not listen')
  return address.port
}

// The xApp host simulator's launch form: its answer is a 303 without a body.
const form = () => `application=${t.app.uuid}&user=${t.alice.uuid}`
const formLength = () => form().length

beforeAll(async () => {
  t = await startTestServer({ rateLimits: false })
  host = new URL(t.endpoints.api).host
  srvx = createServer(toNodeHandler(t.server.handler) as NodeHttp1Handler)
  ports = { listener: Number(new URL(t.endpoints.api).port), srvx: await listen(srvx) }
  uuid = (await t.createPayload()).uuid
})
afterAll(async () => {
  srvx.close()
  await t.close()
})

// Everything that is not the same from one answer to the next: the Date header, uuids (a new
// payload, an error's reference), instants, the seconds left, and the dashboard's clock offset
// from real time (a whole second apart when the two answers straddle one) with the length it moves.
const masked = (text: string) =>
  text
    .replace(/\r\ndate: [^\r]*/i, '\r\ndate: (now)')
    .replace(/(id="clock-offset" data-seconds=")[^<]*</, '$1(offset)<')
    .replace(/\r\ncontent-length: \d+(?=[\s\S]*id="clock-offset")/i, '\r\ncontent-length: (n)')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '(uuid)')
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '(instant)')
    .replace(/"expires_in_seconds":\d+/g, '"expires_in_seconds":(n)')

// The whole answer as bytes (latin1, so a PNG compares byte for byte), the server closing after it.
const raw = (port: number, request: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => resolve(masked(Buffer.concat(chunks).toString('latin1'))))
    socket.write(request)
  })

// A request with `connection: close`; `lines` are the request line and headers.
const request = (lines: string[], body = '') =>
  `${[...lines, 'connection: close'].join('\r\n')}\r\n\r\n${body}`

const auth = () => [`x-api-key: ${t.app.apiKey}`, `x-api-secret: ${t.app.apiSecret}`]
const json = (body: string) => ['content-type: application/json', `content-length: ${body.length}`]
const sign = '{"txjson":{"TransactionType":"SignIn"}}'

describe('the node listener writes every kind of answer as srvx does', () => {
  const cases: [string, () => string][] = [
    [
      'GET payload (text, answered synchronously)',
      () => request([`GET /api/v1/platform/payload/${uuid} HTTP/1.1`, `host: ${host}`, ...auth()]),
    ],
    [
      'HEAD payload (no body on the wire)',
      () => request([`HEAD /api/v1/platform/payload/${uuid} HTTP/1.1`, `host: ${host}`, ...auth()]),
    ],
    [
      'POST payload (text, answered after the body is read)',
      () =>
        request(
          ['POST /api/v1/platform/payload HTTP/1.1', `host: ${host}`, ...auth(), ...json(sign)],
          sign,
        ),
    ],
    [
      'a refused credential (error JSON with rate-limit headers)',
      () => request([`GET /api/v1/platform/payload/${uuid} HTTP/1.1`, `host: ${host}`]),
    ],
    [
      'a body over the limit (600, connection: close set before the answer)',
      () =>
        request(
          [
            'POST /api/v1/platform/payload HTTP/1.1',
            `host: ${host}`,
            ...auth(),
            'content-type: application/json',
            'content-length: 300000',
          ],
          '{',
        ),
    ],
    ['a QR code (bytes)', () => request([`GET /sign/${uuid}_q.png HTTP/1.1`, `host: ${host}`])],
    [
      'a redirect without a body',
      () =>
        request(
          [
            'POST /__ref/xapp-host HTTP/1.1',
            `host: ${host}`,
            'content-type: application/x-www-form-urlencoded',
            `content-length: ${formLength()}`,
          ],
          form(),
        ),
    ],
    [
      "a CORS preflight (Hono's own Response)",
      () =>
        request([
          'OPTIONS /api/v1/platform/rates/USD HTTP/1.1',
          `host: ${host}`,
          'origin: https://app.example',
          'access-control-request-method: GET',
          'access-control-request-headers: authorization',
        ]),
    ],
    [
      'the dashboard (HTML behind a middleware)',
      () => request(['GET / HTTP/1.1', `host: ${host}`]),
    ],
    ['an unknown route', () => request(['GET /nowhere HTTP/1.1', `host: ${host}`])],
  ]
  it.each(cases)('%s', async (_name, make) => {
    const listener = await raw(ports.listener, make())
    const twin = await raw(ports.srvx, make())
    expect(listener).toMatch(/^HTTP\/1\.1 \d{3} /)
    expect(listener).toBe(twin)
  })
})

describe('text answers of our own (responses.ts), written from their parts', () => {
  // The same handler behind the listener and behind srvx's toNodeHandler.
  const both = async (handler: (request: Request) => Response) => {
    const ours = createServer(nodeListener(handler))
    const theirs = createServer(toNodeHandler(handler) as NodeHttp1Handler)
    const at = { ours: await listen(ours), theirs: await listen(theirs) }
    const ask = (port: number) => raw(port, request(['GET / HTTP/1.1', 'host: 127.0.0.1']))
    try {
      return { ours: await ask(at.ours), theirs: await ask(at.theirs) }
    } finally {
      ours.close()
      theirs.close()
    }
  }

  it('without a type, with capitals and non-ASCII text: the bytes srvx writes', async () => {
    const answer = await both(() => response('grüß dich', 201, { 'X-Custom': 'A' }))
    expect(answer.ours).toContain('x-custom: A\r\ncontent-type: text/plain; charset=UTF-8')
    expect(answer.ours).toBe(answer.theirs)
  })

  it('headers changed after it was made go out with it', async () => {
    const answer = await both(() => {
      const made = response('{}', 200, { 'content-type': 'application/json' })
      made.headers.set('x-added', 'later')
      return made
    })
    expect(answer.ours).toContain('x-added: later')
    expect(answer.ours).toBe(answer.theirs)
  })
})

describe('a handler that fails', () => {
  it('answers 500 when the handler rejects, and the server keeps serving', async () => {
    const calls = { n: 0 }
    const server = createServer(
      nodeListener(() => {
        calls.n++
        return calls.n === 1 ? Promise.reject(new Error('boom')) : new Response('ok')
      }),
    )
    const base = `http://127.0.0.1:${await listen(server)}/`
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect((await fetch(base)).status).toBe(500)
      const second = await fetch(base)
      expect([second.status, await second.text()]).toEqual([200, 'ok'])
      expect(logged).toHaveBeenCalledTimes(1)
    } finally {
      logged.mockRestore()
      server.close()
    }
  })
})
