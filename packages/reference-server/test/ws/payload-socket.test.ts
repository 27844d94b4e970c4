import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startTestServer, type TestServer } from '../server/test-server'
import { openProbe, type SocketProbe } from './socket-probe'

let t: TestServer
const probes: SocketProbe[] = []
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(async () => {
  for (const probe of probes.splice(0)) probe.close()
  await t.close()
})

const connect = async (url: string) => {
  const probe = await openProbe(url)
  probes.push(probe)
  return probe
}

/** Connects to a payload's socket and takes the welcome and the first expires_in_seconds. */
const subscribe = async (uuid: string) => {
  const probe = await connect(`${t.endpoints.api.replace('http', 'ws')}/sign/${uuid}`)
  expect(await probe.next()).toEqual({ message: `Welcome ${uuid}` })
  const first = await probe.next()
  expect(Object.keys(first)).toEqual(['expires_in_seconds'])
  return { probe, expiresIn: first.expires_in_seconds as number }
}

const payment = () => ({
  txjson: {
    TransactionType: 'Payment',
    Destination: t.bob.accounts[0]?.address,
    Amount: '2500000',
  },
  options: {
    force_network: 'TESTNET',
    expire: 5,
    return_url: { web: 'https://shop.example/done/{id}' },
  },
  custom_meta: { identifier: 'order-9', instruction: 'Pay for order 9' },
})

describe('payload websocket (docs/protocol.md §4)', () => {
  it('welcome, then expires_in_seconds at once and every 15 s of server time', async () => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 5 },
    })
    expect(created.refs.websocket_status).toBe(
      `${t.endpoints.api.replace('http', 'ws')}/sign/${created.uuid}`,
    )
    const { probe, expiresIn } = await subscribe(created.uuid)
    expect(expiresIn).toBe(300)
    t.server.clock.advance(15)
    const tick = await probe.next()
    expect(tick.expires_in_seconds).toBe(expiresIn - 15)
    // Moving a month at once sends one tick, not one per 15 s it skipped.
    t.server.clock.advance(30 * 24 * 3600)
    const after = await probe.drain()
    expect(after.filter((m) => 'expires_in_seconds' in m)).toHaveLength(1)
    expect(after.find((m) => 'expires_in_seconds' in m)?.expires_in_seconds).toBeLessThan(0)
  })

  it('opened, devapp_fetched, pre_signed, dispatched and the resolve message, in order', async () => {
    const created = await t.createPayload(payment())
    const { probe } = await subscribe(created.uuid)
    await t.api(`payload/${created.uuid}`)
    expect(await probe.next()).toEqual({ devapp_fetched: true })
    await t.control(`payloads/${created.uuid}/open`, { user: t.alice.uuid, via: 'QR' })
    expect(await probe.next()).toEqual({ opened: true })
    const signed = await (
      await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid })
    ).json()
    expect(await probe.next()).toEqual({ pre_signed: true })
    expect(await probe.next()).toEqual({ dispatched: true })
    const resolved = await probe.next()
    expect(resolved).toEqual({
      payload_uuidv4: created.uuid,
      reference_call_uuidv4: expect.stringMatching(/^[0-9a-f-]{36}$/),
      signed: true,
      user_token: true,
      return_url: { app: null, web: `https://shop.example/done/${created.uuid}` },
      opened_by_deeplink: false,
      custom_meta: { identifier: 'order-9', blob: null, instruction: 'Pay for order 9' },
      txid: signed.response.txid,
    })
    expect(await probe.drain()).toEqual([])
  })

  it('a rejection resolves with signed: false', async () => {
    const created = await t.createPayload()
    const { probe } = await subscribe(created.uuid)
    await t.control(`payloads/${created.uuid}/reject`, { user: t.bob.uuid })
    const messages = await probe.drain()
    expect(messages[0]).toEqual({ opened: true })
    expect(messages.at(-1)).toMatchObject({
      payload_uuidv4: created.uuid,
      signed: false,
      user_token: false,
      txid: null,
    })
  })

  it('a cancel sends expired and the socket stays open', async () => {
    const created = await t.createPayload()
    const { probe } = await subscribe(created.uuid)
    await t.api(`payload/${created.uuid}`, { method: 'DELETE' })
    expect(await probe.next()).toEqual({ expired: true })
    expect(await probe.drain()).toEqual([])
  })

  it('moving the clock past expiry sends expired', async () => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    const { probe } = await subscribe(created.uuid)
    t.server.clock.advance(61)
    const messages = await probe.drain()
    expect(messages).toContainEqual({ expired: true })
    const ticks = messages.filter((m) => 'expires_in_seconds' in m)
    expect(ticks.every((m) => typeof m.expires_in_seconds === 'number')).toBe(true)
  })

  it('a late subscriber gets the resolve message right after welcome and expires_in_seconds', async () => {
    const created = await t.createPayload()
    const signed = await (
      await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid })
    ).json()
    const { probe } = await subscribe(created.uuid)
    expect(await probe.next()).toMatchObject({
      payload_uuidv4: created.uuid,
      signed: true,
      txid: signed.response.txid,
    })
    expect(await probe.drain()).toEqual([])
  })

  it.each([
    ['cancelled', (uuid: string) => t.api(`payload/${uuid}`, { method: 'DELETE' })],
    ['expired before opening', () => t.control('clock/advance', { seconds: 61 })],
  ])('a late subscriber of a payload %s gets expired after the welcome', async (_name, act) => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    await act(created.uuid)
    const { probe } = await subscribe(created.uuid)
    expect(await probe.next()).toEqual({ expired: true })
    expect(await probe.drain()).toEqual([])
  })

  it('a late subscriber of a payload opened before expiry gets no expired: it can still be signed', async () => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    await t.control(`payloads/${created.uuid}/open`, { user: t.alice.uuid })
    await t.control('clock/advance', { seconds: 61 })
    const { probe, expiresIn } = await subscribe(created.uuid)
    expect(expiresIn).toBeLessThan(0)
    expect(await probe.drain()).toEqual([])
    await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid })
    const messages = await probe.drain()
    expect(messages.at(-1)).toMatchObject({ payload_uuidv4: created.uuid, signed: true })
  })

  it('every socket of a payload gets its messages; closing one leaves the others', async () => {
    const created = await t.createPayload()
    const a = (await subscribe(created.uuid)).probe
    const b = (await subscribe(created.uuid)).probe
    a.close()
    await a.closed
    await t.control(`payloads/${created.uuid}/open`, { user: t.alice.uuid })
    expect(await b.next()).toEqual({ opened: true })
    const c = (await subscribe(created.uuid)).probe
    await t.api(`payload/${created.uuid}`)
    expect(await b.next()).toEqual({ devapp_fetched: true })
    expect(await c.next()).toEqual({ devapp_fetched: true })
  })

  it.each([
    ['an unknown uuid', crypto.randomUUID()],
    ['not a uuid', 'nope'],
  ])('%s gets {message} and a close', async (_name, uuid) => {
    const probe = await connect(`${t.endpoints.api.replace('http', 'ws')}/sign/${uuid}`)
    const message = await probe.next()
    expect(Object.keys(message)).toEqual(['message'])
    expect(String(message.message)).toContain(uuid)
    expect(await probe.closed).toBe(1000)
  })

  it('keepalive: {"ping": true} is answered "Right back at you!"', async () => {
    const { uuid } = await t.createPayload()
    const { probe } = await subscribe(uuid)
    probe.send(JSON.stringify({ ping: true }))
    expect(await probe.next()).toEqual({ message: 'Right back at you!' })
  })

  it('invalid client frames are ignored; an oversized frame closes only that socket', async () => {
    const { uuid } = await t.createPayload()
    const { probe } = await subscribe(uuid)
    for (const frame of [
      'not json',
      '{"ping": false}',
      '[1,2]',
      'null',
      '{"ping": "true"}',
      '{"pong": true}',
    ]) {
      probe.send(frame)
    }
    probe.send(Buffer.from('{"ping": true}'), true)
    expect(await probe.drain(), 'nothing answers an invalid frame').toEqual([])
    const other = (await subscribe(uuid)).probe
    other.send('x'.repeat(64 * 1024))
    expect(await other.closed).toBe(1009)
    probe.send(JSON.stringify({ ping: true }))
    expect(await probe.next()).toEqual({ message: 'Right back at you!' })
    expect((await t.api('ping')).status).toBe(200)
  })

  it('an upgrade on another path is refused with 404', async () => {
    const socket = new WebSocket(`${t.endpoints.api.replace('http', 'ws')}/elsewhere`)
    const error = await new Promise<Error>((resolve) => socket.once('error', resolve))
    expect(error.message).toContain('404')
  })

  it('close() ends open sockets', async () => {
    const { uuid } = await t.createPayload()
    const { probe } = await subscribe(uuid)
    await t.server.close()
    expect(await probe.closed).toBeGreaterThan(0)
  })
})

describe('expired over POST /__ref/clock/advance, with and without a payload bound (§4)', () => {
  const advance = async (server: TestServer, seconds: number) =>
    expect((await server.control('clock/advance', { seconds })).status).toBe(200)

  /** A payload that expires in a minute on `server`, with its socket past the first messages. */
  const expiring = async (server: TestServer) => {
    const created = await server.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    const probe = await connect(
      `${server.endpoints.api.replace('http', 'ws')}/sign/${created.uuid}`,
    )
    await probe.next()
    await probe.next()
    return { uuid: created.uuid, probe }
  }

  it('no bound: nothing before the expiry, expired as soon as the clock passes it', async () => {
    const { probe } = await expiring(t)
    await advance(t, 57)
    expect(await probe.drain()).not.toContainEqual({ expired: true })
    await advance(t, 3)
    expect(await probe.drain()).toContainEqual({ expired: true })
  })

  it('a payload bound of 1: expired comes when due; forgetting the payload then closes its socket', async () => {
    const bounded = await startTestServer({ retention: { maxPayloads: 1 } })
    try {
      const { uuid, probe } = await expiring(bounded)
      await advance(bounded, 57)
      await bounded.createPayload()
      expect(await probe.drain()).not.toContainEqual({ expired: true })
      await advance(bounded, 3)
      expect(await probe.drain()).toContainEqual({ expired: true })
      // Over and sent: the next payloads push it out of the store, and its socket closes.
      await bounded.createPayload()
      await bounded.createPayload()
      expect(await probe.closed).toBe(1000)
      expect((await bounded.api(`payload/${uuid}`)).status).toBe(404)
    } finally {
      await bounded.close()
    }
  })
})
