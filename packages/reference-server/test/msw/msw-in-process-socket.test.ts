import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { setupServer } from 'msw/node'
import { type PayloadEvent, PullSign } from 'pullsign'
import type { Endpoints } from 'pullsign/wire'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { openInProcess } from '../ws/in-process-probe'

// Hosts that exist nowhere, and nothing listens: HTTP goes through msw, sockets through
// server.WebSocket, or the test fails.
const endpoints: Endpoints = {
  api: 'https://pullsign.test',
  oauth: 'https://pullsign.test/oauth',
  links: 'https://pullsign.test',
}
const server = createReferenceServer({ endpoints, ledgerCloseMs: false })
const msw = setupServer(...createHandlers(server))

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.platform.reset())
afterAll(async () => {
  msw.close()
  await server.close()
})

const demo = () => {
  const { applications, users } = server.platform.state()
  const [app, alice] = [applications[0], users[0]]
  if (!app || !alice) throw new Error('the demo fixtures changed: expected an app and a user')
  const { apiKey, apiSecret } = app
  return {
    pullsign: new PullSign({ apiKey, apiSecret, endpoints, WebSocket: server.WebSocket }),
    alice,
  }
}

const openRaw = (url: string) => openInProcess(server.WebSocket, url)

describe('server.WebSocket: payload subscriptions in-process, no port', () => {
  test('createAndSubscribe through msw + server.WebSocket sees the user open and sign', async () => {
    const { pullsign, alice } = demo()
    const subscription = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
    const signing = server.wallet.sign(subscription.uuid, { user: alice.uuid })
    const events: PayloadEvent['type'][] = []
    for await (const event of subscription) events.push(event.type)
    await signing
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ uuid: subscription.uuid, resolved: true, signed: true })
    expect(events).toEqual(expect.arrayContaining(['welcome', 'opened', 'resolved']))
    expect(events.indexOf('welcome')).toBeLessThan(events.indexOf('opened'))
    expect(events.at(-1)).toBe('resolved')
  })

  test('the frames of docs/protocol.md §4: welcome, expires_in, the events; ping gets pong', async () => {
    const { pullsign, alice } = demo()
    const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
    const raw = openRaw(created.refs.websocket_status)
    expect(raw.socket.readyState).toBe(server.WebSocket.CONNECTING)
    const [welcome, expires] = await raw.framesUntil(2)
    expect(raw.socket.readyState).toBe(server.WebSocket.OPEN)
    expect(welcome).toEqual({ message: `Welcome ${created.uuid}` })
    expect(expires).toEqual({ expires_in_seconds: expect.any(Number) })
    raw.socket.send(JSON.stringify({ ping: true }))
    await server.wallet.reject(created.uuid, { user: alice.uuid })
    const frames = await raw.framesUntil(5)
    expect(frames).toContainEqual({ message: 'Right back at you!' })
    expect(frames).toContainEqual({ opened: true })
    expect(frames).toContainEqual(expect.objectContaining({ signed: false }))
    raw.socket.close()
    expect(await raw.closed).toEqual({ code: 1000, reason: '' })
  })

  test('an unknown payload gets the message and a normal close', async () => {
    const raw = openRaw('wss://pullsign.test/sign/00000000-0000-4000-8000-000000000000')
    expect(await raw.framesUntil(1)).toEqual([
      { message: 'No such payload: 00000000-0000-4000-8000-000000000000' },
    ])
    expect(await raw.closed).toEqual({ code: 1000, reason: 'unknown payload' })
  })

  test.each([
    ['another host', 'wss://elsewhere.test/sign/00000000-0000-4000-8000-000000000000'],
    ['another path', 'wss://pullsign.test/api/v1/platform/ping'],
    ['not a URL', 'pullsign.test/sign/x'],
  ])('%s is refused at construction, saying what the server serves', (_, url) => {
    expect(() => new server.WebSocket(url)).toThrow(
      /wss:\/\/pullsign\.test\/sign\/\{uuid\} or wss:\/\/pullsign\.test\/ledger\/\{|not a URL/,
    )
  })

  test('closing the server drops its in-process sockets (code 1006)', async () => {
    const other = createReferenceServer({ endpoints, ledgerCloseMs: false })
    const [app] = other.platform.applications.list()
    if (!app) throw new Error('no demo application')
    const { uuid } = other.platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
    const socket = new other.WebSocket(`wss://pullsign.test/sign/${uuid}`)
    const closed = new Promise<number>((resolve) => {
      socket.onclose = ({ code }) => resolve(code)
    })
    await new Promise<void>((resolve) => {
      socket.onmessage = () => resolve()
    })
    await other.close()
    expect(await closed).toBe(1006)
    expect(socket.readyState).toBe(other.WebSocket.CLOSED)
  })
})
