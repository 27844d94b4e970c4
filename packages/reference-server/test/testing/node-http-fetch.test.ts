import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { nodeHttpFetch } from '../../src/testing/node-http-fetch'

// A plain node server whose answer each test sets; it records what it was sent.
let answer: (request: IncomingMessage, response: ServerResponse, body: string) => void
const received: {
  method?: string
  url?: string
  headers: IncomingMessage['headers']
  body: string
}[] = []
let server: Server
let base: string
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => {
      body += chunk
    })
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body })
      answer(request, response, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('nodeHttpFetch', () => {
  const http = nodeHttpFetch()
  afterEach(() => {
    received.length = 0
  })
  afterAll(() => http.close())

  it('sends method, headers and a string body, and answers as fetch would', async () => {
    answer = (_request, response) => {
      response.statusCode = 201
      response.statusMessage = 'Made'
      response.setHeader('content-type', 'application/json')
      response.setHeader('x-ratelimit-remaining', '59')
      response.end('{"made":true}')
    }
    const res = await http.fetch(`${base}/things?a=1`, {
      method: 'POST',
      headers: new Headers({ 'content-type': 'application/json', 'x-api-key': 'key' }),
      body: '{"thing":1}',
    })
    expect(received).toEqual([
      {
        method: 'POST',
        url: '/things?a=1',
        headers: expect.objectContaining({
          'content-type': 'application/json',
          'x-api-key': 'key',
        }),
        body: '{"thing":1}',
      },
    ])
    expect(res).toBeInstanceOf(Response)
    expect([res.status, res.statusText, res.ok]).toEqual([201, 'Made', true])
    expect(res.headers.get('x-ratelimit-remaining')).toBe('59')
    expect(await res.json()).toEqual({ made: true })
  })

  it('keeps bytes as they came, and a 204 has no body', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00])
    answer = (_request, response) => response.end(bytes)
    expect(Buffer.from(await (await http.fetch(`${base}/qr.png`)).arrayBuffer())).toEqual(bytes)
    answer = (_request, response) => {
      response.statusCode = 204
      response.end()
    }
    const empty = await http.fetch(`${base}/nothing`, { method: 'DELETE' })
    expect([empty.status, empty.body]).toEqual([204, null])
  })

  it('a port that refuses is a TypeError whose cause names the system error', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const failed = http.fetch(`http://127.0.0.1:${port}/x`)
    await expect(failed).rejects.toThrow(new TypeError('fetch failed'))
    await expect(failed).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } })
  })

  it('an abort before the answer rejects with the signal reason', async () => {
    const controller = new AbortController()
    answer = () => controller.abort(new Error('gave up'))
    await expect(http.fetch(`${base}/slow`, { signal: controller.signal })).rejects.toThrow(
      'gave up',
    )
    await expect(http.fetch(`${base}/x`, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    })
    expect(received.map((call) => call.url)).toEqual(['/slow'])
  })

  it('an answer cut short is a TypeError, as fetch has it', async () => {
    answer = (_request, response) => {
      response.write('{"part":')
      response.destroy()
    }
    await expect(http.fetch(`${base}/partial`)).rejects.toThrow(new TypeError('fetch failed'))
  })

  it('a call it does not take (a Request, another body) goes to the global fetch', async () => {
    answer = (_request, response) => response.end('ok')
    const res = await http.fetch(new Request(`${base}/as-request`, { method: 'PUT', body: 'a' }))
    expect(await res.text()).toBe('ok')
    const form = await http.fetch(`${base}/form`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'x' }),
    })
    expect(await form.text()).toBe('ok')
    expect(received.map((call) => [call.url, call.body])).toEqual([
      ['/as-request', 'a'],
      ['/form', 'grant_type=x'],
    ])
  })
})
