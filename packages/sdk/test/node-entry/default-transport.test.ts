import { createServer, type Server } from 'node:http'
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
beforeEach(async () => {
  server = createServer((_req, res) => {
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
})

test('on Node the default transport is node:http: the global fetch is never called', async () => {
  const globalFetch = vi.fn(() => Promise.reject(new Error('the global fetch was called')))
  vi.stubGlobal('fetch', globalFetch)
  const pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api } })
  const pong = await pullsign.ping()
  expect(pong.auth.application.name).toBe('Shop')
  expect(globalFetch).not.toHaveBeenCalled()
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
