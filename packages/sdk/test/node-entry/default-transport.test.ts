import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { AbortError, PullSign } from 'pullsign'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'

// Runs in the `sdk-node` project only: the sources as the package's `node` entry is built, with
// node/default-fetch.ts as the default transport (vitest.config.ts).

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'

let server: Server
let api = ''
const sockets = new Set<Socket>()
const closedSockets: Promise<void>[] = []
// The headers of each request the server saw: undici's fetch adds `sec-fetch-mode`, node:http not.
const seen: IncomingHttpHeaders[] = []
beforeEach(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers)
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ pong: true, auth: { application: { name: 'Shop' } } }))
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    closedSockets.push(new Promise((resolve) => socket.on('close', () => resolve())))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  vi.unstubAllGlobals()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  sockets.clear()
  closedSockets.length = 0
  seen.length = 0
})

test('on Node the default transport is node:http, not the global fetch (undici)', async () => {
  const pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api } })
  const pong = await pullsign.ping()
  expect(pong.auth.application.name).toBe('Shop')
  expect(seen).toHaveLength(1)
  expect(seen[0]?.['sec-fetch-mode']).toBeUndefined()
  // The same request through the global fetch carries undici's header: the check above can fail.
  await fetch(`${api}/api/v1/platform/ping`)
  expect(seen[1]?.['sec-fetch-mode']).toBe('cors')
  await pullsign.close()
})

test('a global fetch a test put in place after the SDK loaded answers every call, until removed', async () => {
  const pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api } })
  await pullsign.ping() // the transport is loaded and has a kept-alive socket
  const stubbed: string[] = []
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    stubbed.push(String(input))
    return Response.json({ pong: true, auth: { application: { name: 'Stubbed' } } })
  })
  expect((await pullsign.ping()).auth.application.name).toBe('Stubbed')
  expect(stubbed).toEqual([`${api}/api/v1/platform/ping`])
  expect(seen).toHaveLength(1)
  vi.unstubAllGlobals()
  expect((await pullsign.ping()).auth.application.name).toBe('Shop')
  expect(seen).toHaveLength(2)
  await pullsign.close()
})

test('calls reuse one kept-alive connection, and close() ends it', async () => {
  const pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api } })
  for (let i = 0; i < 5; i++) await pullsign.ping()
  expect(sockets.size).toBe(1)
  await pullsign.close()
  // The server sees the client hang up: nothing is left to keep a Node process alive.
  await Promise.all(closedSockets)
  await expect(pullsign.ping()).rejects.toBeInstanceOf(AbortError)
})
