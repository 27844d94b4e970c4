import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createNodeFetch, type NodeFetch } from '../src/node/node-fetch'

// The SDK's default transport on Node (node/node-fetch.ts), against a real node:http server.

let server: Server
let origin = ''
let handle: (req: IncomingMessage, body: string, res: ServerResponse) => void
let transport: NodeFetch
beforeEach(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => handle(req, body, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  transport = createNodeFetch()
})
afterEach(async () => {
  transport.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

describe('createNodeFetch', () => {
  test('sends method, headers and a JSON body; answers status, headers and the body once', async () => {
    handle = (req, body, res) => {
      res.setHeader('set-cookie', ['a=1', 'b=2'])
      res.writeHead(201, 'Made', {
        'content-type': 'application/json',
        'x-seen': req.headers['x-key'] ?? '',
      })
      res.end(JSON.stringify({ method: req.method, url: req.url, body: JSON.parse(body) }))
    }
    const response = await transport.fetch(`${origin}/api/v1/platform/payload?x=1`, {
      method: 'POST',
      headers: new Headers({ 'x-key': 'k1', 'content-type': 'application/json' }),
      body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
    })
    expect([response.status, response.statusText, response.ok]).toEqual([201, 'Made', true])
    expect(response.headers.get('X-Seen')).toBe('k1')
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2'])
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/api/v1/platform/payload?x=1',
      body: { txjson: { TransactionType: 'SignIn' } },
    })
    expect(response.bodyUsed).toBe(true)
    await expect(response.text()).rejects.toThrow('already been read')
    expect(() => response.headers.set('x', '1')).toThrow('immutable')
  })

  test('a form body from URLSearchParams; a 204 answer has no body', async () => {
    handle = (_req, body, res) => {
      res.writeHead(204, { 'x-body': body })
      res.end()
    }
    const response = await transport.fetch(`${origin}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c' }),
    })
    expect(response.status).toBe(204)
    expect(response.body).toBeNull()
    expect(response.headers.get('x-body')).toBe('grant_type=authorization_code&code=c')
    expect(await response.text()).toBe('')
  })

  test('an abort before the answer, or while its body arrives, rejects with the reason', async () => {
    const reason = new Error('closed by the test')
    handle = (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"partial":')
    }
    const controller = new AbortController()
    const response = await transport.fetch(`${origin}/slow`, { signal: controller.signal })
    const body = response.text()
    controller.abort(reason)
    await expect(body).rejects.toBe(reason)

    const early = new AbortController()
    handle = () => {}
    const pending = transport.fetch(`${origin}/never`, { signal: early.signal })
    early.abort(reason)
    await expect(pending).rejects.toBe(reason)
    await expect(transport.fetch(`${origin}/`, { signal: early.signal })).rejects.toBe(reason)
  })

  test('a refused connection rejects a TypeError whose cause is the socket error', async () => {
    const port = (server.address() as AddressInfo).port
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    const error = await transport.fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TypeError)
    expect((error as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' })
    server.listen(0) // so afterEach has a server to close
  })
})
