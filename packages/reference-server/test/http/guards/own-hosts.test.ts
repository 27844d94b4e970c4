import { networkInterfaces } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceServer } from '../../../src/index'
import { rawRequest } from '../../server/raw-http'
import { startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

const portOf = (api: string) => Number(new URL(api).port)

describe('DNS rebinding: the control API and the dashboard answer own host names only (§10)', () => {
  const foreign = (port: number) => [
    `evil.example:${port}`,
    `EVIL.example:${port}`,
    `127.0.0.1.nip.io:${port}`,
    'evil.example',
  ]

  it('refuses another name on every control route and the dashboard, changing nothing', async () => {
    t = await startTestServer()
    const port = portOf(t.endpoints.api)
    const users = t.server.platform.users.list().length
    const { uuid } = await t.createPayload()
    for (const host of foreign(port)) {
      const origin = `origin: http://${host}`
      const cases = [
        ['GET /__ref/state HTTP/1.1', ''],
        ['GET / HTTP/1.1', ''],
        ['GET /?part=main HTTP/1.1', ''],
        ['POST /__ref/users HTTP/1.1', '{"name":"Mallory"}'],
        [`POST /__ref/payloads/${uuid}/reject HTTP/1.1`, `{"user":"${t.bob.uuid}"}`],
        ['POST /__ref/reset HTTP/1.1', ''],
      ] as const
      for (const [line, body] of cases) {
        const head = `${line}\r\nhost: ${host}\r\n${origin}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}`
        const answer = await rawRequest(port, head, body)
        expect(answer.status, `${line} with Host ${host}: ${answer.body}`).toBe(403)
        expect(JSON.parse(answer.body).error.code).toBe(812)
        expect(answer.body).not.toContain(t.app.apiSecret)
      }
    }
    expect(t.server.platform.users.list()).toHaveLength(users)
    expect((await (await t.api(`payload/${uuid}`)).json()).meta.resolved).toBe(false)
  })

  it('serves the sign page and the API to any host, and the control API to its own names', async () => {
    t = await startTestServer()
    const port = portOf(t.endpoints.api)
    const { uuid } = await t.createPayload()
    const auth = `x-api-key: ${t.auth['x-api-key']}\r\nx-api-secret: ${t.auth['x-api-secret']}`
    const sign = await rawRequest(port, `GET /sign/${uuid} HTTP/1.1\r\nhost: evil.example:${port}`)
    expect(sign.status).toBe(200)
    const api = await rawRequest(
      port,
      `GET /api/v1/platform/ping HTTP/1.1\r\nhost: phone.lan\r\n${auth}`,
    )
    expect(api.status).toBe(200)
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
    ]) {
      const state = await rawRequest(port, `GET /__ref/state HTTP/1.1\r\nhost: ${host}`)
      expect(state.status, `Host ${host}: ${state.body}`).toBe(200)
    }
  })

  it('answers 400, 403 or 404, never 500, to a Host the URL parser cannot read', async () => {
    t = await startTestServer()
    const port = portOf(t.endpoints.api)
    for (const host of ['127.0.0.1:99999', 'xn--', '[::1', 'a b', 'xn--ls8h.', '']) {
      const paths = [
        '/__ref/state',
        '/',
        '/nope',
        '/api/v1/nope',
        '/a/../__ref/state',
        '/a/%2e%2E/',
        '/oauth/auth?client_id=x',
        '/oauth/signin?payload=x',
        "/oauth/auth?client_id=it's",
        '/api/v1/platform/ping?q=<x>',
      ]
      for (const path of paths) {
        const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nhost: ${host}`)
        expect(
          answer.status,
          `${path} with Host ${JSON.stringify(host)}: ${answer.body}`,
        ).toBeLessThan(500)
        if (path === '/__ref/state' && host !== '') expect(answer.status).toBe(403)
      }
    }
  })

  it('listening on every interface, answers the machine own addresses (a phone on the LAN)', async () => {
    const server = createReferenceServer({ ledgerCloseMs: false, host: '0.0.0.0' })
    const port = portOf((await server.listen(0)).api)
    try {
      const addresses = Object.values(networkInterfaces())
        .flatMap((entries) => entries ?? [])
        .filter((entry) => entry.family === 'IPv4')
        .map((entry) => entry.address)
      expect(addresses.length).toBeGreaterThan(0)
      for (const address of addresses) {
        const own = await rawRequest(port, `GET /__ref/state HTTP/1.1\r\nhost: ${address}:${port}`)
        expect(own.status, `Host ${address}`).toBe(200)
      }
      const evil = await rawRequest(port, `GET /__ref/state HTTP/1.1\r\nhost: evil.example:${port}`)
      expect(evil.status).toBe(403)
    } finally {
      await server.close()
    }
  })

  it('in-process, the endpoints host is its own and another host is refused', async () => {
    const api = 'http://ref.test'
    const server = createReferenceServer({
      ledgerCloseMs: false,
      endpoints: { api, oauth: `${api}/oauth`, links: api },
    })
    try {
      expect((await server.handler(new Request(`${api}/__ref/state`))).status).toBe(200)
      expect((await server.handler(new Request('http://evil.example/__ref/state'))).status).toBe(
        403,
      )
    } finally {
      await server.close()
    }
  })
})
