import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../server/raw-http'
import { startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
let port: number
beforeAll(async () => {
  t = await startTestServer()
  port = Number(new URL(t.endpoints.api).port)
})
afterAll(() => t.close())

const overNode = (path: string) =>
  rawRequest(port, `GET ${path} HTTP/1.1\r\nhost: ${new URL(t.endpoints.api).host}`)

const inProcess = async (path: string) => {
  const res = await t.server.handler(new Request(`${t.endpoints.api}${path}`))
  return { status: res.status, body: await res.text() }
}

describe('request-line routing follows the URL parser (dot segments, encoded slashes)', () => {
  it.each([
    ['/a/../__ref/state', 200],
    ['/__ref/./state', 200],
    ['/a/%2e%2E/__ref/state', 200],
    ['/sign/..\\__ref/state', 200],
    ['/__ref%2Fstate', 404],
    ['/sign/..%2F__ref/state', 404],
    ['//__ref/state', 404],
  ])('GET %s answers %i over node:http, as in-process', async (path, status) => {
    const node = await overNode(path)
    expect(node.status, node.body).toBe(status)
    expect((await inProcess(path)).status).toBe(status)
  })

  it('any path of dot, encoded and plain segments routes the same over node:http and in-process', async () => {
    const segment = fc.constantFrom(
      'a',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      '.%2e',
      '__ref',
      'state',
      'webhooks',
      '%2F',
      'api',
      'v1',
      'platform',
      'rails',
      '',
    )
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (segments) => {
        const path = `/${segments.join('/')}`
        const node = await overNode(path)
        const local = await inProcess(path)
        expect(node.status, `${path}: node ${node.body.slice(0, 200)}`).toBe(local.status)
      }),
      { numRuns: 150 },
    )
  })
})
