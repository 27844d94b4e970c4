import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceServer } from '../../src/index'
import { type RawAnswer, rawRequest } from '../server/raw-http'

// docs/protocol.md §7.3 "Logs leak nothing ... logging never changes a response".
const servers: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const start = async (log: 'none' | 'lines' | 'verbose', rateLimits?: false) => {
  const lines: string[] = []
  const server = createReferenceServer({
    ledgerCloseMs: false,
    ...(rateLimits === false ? { rateLimits: false } : {}),
    ...(log === 'none'
      ? {}
      : { requestLog: { write: (line: string) => lines.push(line), bodies: log === 'verbose' } }),
  })
  servers.push(server)
  const { api } = await server.listen(0)
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('no demo application')
  return { server, port: Number(new URL(api).port), app, lines }
}

// The date, the error reference and the order of header lines (no meaning in HTTP) are all that
// may differ between two servers: status, every header and value, and the body bytes are equal.
const comparable = ({ status, headers, body }: RawAnswer) => {
  const { date: _date, ...rest } = headers
  const sorted = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => a.localeCompare(b)))
  return { status, headers: sorted, body: body.replace(/"reference":"[^"]+"/g, '"reference":"…"') }
}

describe('--verbose never changes the answer (§7.3)', { timeout: 20_000 }, () => {
  it('the bytes on the wire are the same with and without the verbose log', async () => {
    const plain = await start('none')
    const verbose = await start('verbose')
    const requests = (app: { apiKey: string; apiSecret: string }) => [
      `GET /api/v1/platform/ping HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${app.apiKey}\r\nx-api-secret: wrong`,
      'GET /api/v1/platform/ping HTTP/1.1\r\nhost: 127.0.0.1',
      'GET /api/v1/platform/curated-assets HTTP/1.1\r\nhost: 127.0.0.1',
      'GET /oauth/.well-known/openid-configuration HTTP/1.1\r\nhost: 127.0.0.1',
      'GET /nowhere HTTP/1.1\r\nhost: 127.0.0.1',
    ]
    for (const [i, head] of requests(plain.app).entries()) {
      const a = await rawRequest(plain.port, head)
      const b = await rawRequest(verbose.port, requests(verbose.app)[i] ?? '')
      const left = comparable(a)
      const right = comparable(b)
      // Port numbers differ between the two servers.
      const norm = (text: string) =>
        text.replaceAll(String(plain.port), 'PORT').replaceAll(String(verbose.port), 'PORT')
      expect(norm(JSON.stringify(right)), head).toBe(norm(JSON.stringify(left)))
    }
    const wrong = await rawRequest(
      verbose.port,
      `GET /api/v1/platform/ping HTTP/1.1\r\nhost: 127.0.0.1\r\nx-api-key: ${verbose.app.apiKey}\r\nx-api-secret: wrong`,
    )
    expect(wrong.status).toBe(403)
    expect(wrong.body).toContain('"code":813')
  })
})

describe('a malformed Host is refused before any handler runs (§7.3)', { timeout: 20_000 }, () => {
  for (const log of ['none', 'lines', 'verbose'] as const) {
    for (const limits of [undefined, false] as const) {
      it(`log ${log}, rate limits ${limits === false ? 'off' : 'on'}`, async () => {
        const { server, port } = await start(log, limits)
        const before = server.platform.users.list().length
        for (const host of ['127.0.0.1:99999', 'xn--', 'a b']) {
          const answer = await rawRequest(
            port,
            `POST /__ref/users HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: 2`,
            '{}',
          )
          expect([400, 403], `${host}: ${answer.status} ${answer.body}`).toContain(answer.status)
          expect(answer.body, host).toContain('"error"')
          const api = await rawRequest(port, `GET /api/v1/platform/ping HTTP/1.1\r\nhost: ${host}`)
          expect([400, 403], `${host}: ${api.status} ${api.body}`).toContain(api.status)
        }
        expect(server.platform.users.list().length).toBe(before)
      })
    }
  }
})
