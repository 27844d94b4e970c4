import { randomUUID } from 'node:crypto'
import {
  AbortError,
  ApiError,
  NetworkError,
  type PayloadEvent,
  type PayloadSubscription,
  PullSign,
  type PullSignError,
} from 'pullsign'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { FakeClock } from './support/fake-clock'
import { payloadRecord } from './support/payload-record'
import { apiKey, apiSecret, startSocketClient } from './support/socket-client'
import type { SocketPlatform } from './support/socket-platform'

let platform: SocketPlatform
let pullsign: PullSign
let clock: FakeClock

beforeEach(async () => {
  ;({ platform, clock, pullsign } = await startSocketClient())
})
afterEach(() => platform.close())

const sign = (uuid: string) =>
  platform.records.set(
    uuid,
    payloadRecord(uuid, {
      meta: { resolved: true, signed: true, app_opened: true },
      response: { account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', txid: 'AB'.repeat(32) },
    }),
  )

const resolveMessage = (uuid: string, signed = true) => ({
  payload_uuidv4: uuid,
  reference_call_uuidv4: randomUUID(),
  signed,
  user_token: true,
  return_url: { app: null, web: null },
  opened_by_deeplink: false,
  custom_meta: { identifier: null, blob: null, instruction: null },
  txid: signed ? 'AB'.repeat(32) : null,
})

/** Resolves when `predicate` holds for an event seen by the subscription. */
const nextEvent = <T>(
  subscription: PayloadSubscription<T>,
  predicate: (event: PayloadEvent) => boolean,
) =>
  new Promise<PayloadEvent>((resolve) => {
    const off = subscription.on('event', (event) => {
      if (predicate(event)) {
        off()
        resolve(event)
      }
    })
  })

describe('subscribe', () => {
  test('hands every §4 message to the callback in order, then the fetched record on resolution', async () => {
    const uuid = platform.newPayload()
    const seen: PayloadEvent[] = []
    const subscription = await pullsign.payload.subscribe(uuid, (event) => {
      seen.push(event)
    })
    expect(subscription.payload.meta.uuid).toBe(uuid)
    await nextEvent(subscription, (e) => e.type === 'devapp_fetched')
    platform.send(uuid, { opened: true })
    platform.send(uuid, { pre_signed: true })
    platform.send(uuid, { dispatched: true })
    sign(uuid)
    platform.send(uuid, resolveMessage(uuid))
    const record = await subscription.resolved
    expect(record.meta.signed).toBe(true)
    expect(record.response.account).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
    const types = seen.map((e) => e.type)
    expect(types.filter((t) => t !== 'devapp_fetched')).toEqual([
      'welcome',
      'expires_in',
      'opened',
      'pre_signed',
      'dispatched',
      'resolved',
    ])
    const last = seen.at(-1)
    expect(last?.type === 'resolved' && last.data?.payload_uuidv4).toBe(uuid)
    expect(last?.type === 'resolved' && last.payload.meta.signed).toBe(true)
    expect(subscription.ended).toBe(true)
  })

  test('a value returned by the callback ends the subscription with that value', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, (event) =>
      event.type === 'opened' ? 'the user opened it' : undefined,
    )
    platform.send(uuid, { opened: true })
    await expect(subscription.resolved).resolves.toBe('the user opened it')
    expect(subscription.ended).toBe(true)
  })

  test('resolve(v) ends the subscription with v', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe<number>(uuid, (event, sub) => {
      if (event.type === 'pre_signed') sub.resolve(42)
    })
    platform.send(uuid, { pre_signed: true })
    await expect(subscription.resolved).resolves.toBe(42)
  })

  test('a resolve message whose record is not resolved is ignored (a hint, not proof)', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    const fetchesBefore = platform.fetches(uuid)
    platform.send(uuid, resolveMessage(uuid))
    platform.send(uuid, { opened: true })
    await nextEvent(subscription, (e) => e.type === 'opened')
    expect(platform.fetches(uuid)).toBe(fetchesBefore + 1)
    expect(subscription.ended).toBe(false)
    sign(uuid)
    platform.send(uuid, resolveMessage(uuid))
    expect((await subscription.resolved).meta.signed).toBe(true)
  })

  test('a late subscriber gets the outcome from the record at once', async () => {
    const uuid = platform.newPayload()
    sign(uuid)
    const events: PayloadEvent[] = []
    const subscription = await pullsign.payload.subscribe(uuid, (e) => {
      events.push(e)
    })
    expect(subscription.ended).toBe(true)
    expect((await subscription.resolved).meta.resolved).toBe(true)
    expect(events.map((e) => e.type)).toEqual(['resolved'])
    expect(events[0]?.type === 'resolved' && events[0].data).toBeNull()
  })

  test('expiry of an unopened payload ends the subscription with the expired record', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    platform.records.set(uuid, payloadRecord(uuid, { meta: { expired: true } }))
    platform.send(uuid, { expired: true })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ expired: true, resolved: false, signed: false })
  })

  test('expiry of an opened payload does not end it: it can still be signed (§3.3)', async () => {
    const uuid = platform.newPayload({ meta: { app_opened: true } })
    const subscription = await pullsign.payload.subscribe(uuid)
    platform.records.set(uuid, payloadRecord(uuid, { meta: { app_opened: true, expired: true } }))
    platform.send(uuid, { expired: true })
    const expired = await nextEvent(subscription, (e) => e.type === 'expired')
    expect(expired.type === 'expired' && expired.payload.meta.expired).toBe(true)
    expect(subscription.ended).toBe(false)
    sign(uuid)
    platform.send(uuid, resolveMessage(uuid))
    expect((await subscription.resolved).meta.signed).toBe(true)
  })

  test('the async iterator yields every event from the start until the end', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    platform.send(uuid, { opened: true })
    const types: string[] = []
    for await (const event of subscription) {
      types.push(event.type)
      if (event.type === 'opened') {
        sign(uuid)
        platform.send(uuid, resolveMessage(uuid))
      }
    }
    expect(types[0]).toBe('welcome')
    expect(types).toContain('opened')
    expect(types.at(-1)).toBe('resolved')
    expect((await subscription.resolved).meta.signed).toBe(true)
  })

  test('breaking out of the iterator closes the subscription', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    for await (const event of subscription) if (event.type === 'welcome') break
    expect(subscription.ended).toBe(true)
    await expect(subscription.resolved).rejects.toMatchObject({ code: 'ERR_ABORTED' })
  })

  test('an AbortSignal ends it: resolved rejects and the iterator throws AbortError', async () => {
    const uuid = platform.newPayload()
    const controller = new AbortController()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, {
      signal: controller.signal,
    })
    const iterating = (async () => {
      for await (const _ of subscription) {
        // drain
      }
    })()
    controller.abort()
    await expect(subscription.resolved).rejects.toBeInstanceOf(AbortError)
    await expect(iterating).rejects.toBeInstanceOf(AbortError)
  })

  test('an already aborted signal rejects subscribe itself', async () => {
    const uuid = platform.newPayload()
    await expect(
      pullsign.payload.subscribe(uuid, undefined, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'ERR_ABORTED' })
  })

  test('sends {"ping": true} every keepaliveMs of the clock (§4) and gets the answer', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, { keepaliveMs: 15_000 })
    clock.advance(14_999)
    expect(platform.received.get(uuid)).toBeUndefined()
    const pong = nextEvent(subscription, (e) => e.type === 'pong')
    clock.advance(1)
    await pong
    expect(platform.received.get(uuid)).toEqual([{ ping: true }])
    subscription.close()
  })

  test('a socket silent for more than two keepalive periods is replaced', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, { keepaliveMs: 1000 })
    platform.silent = true
    const closes: unknown[] = []
    subscription.on('close', (info) => closes.push(info))
    clock.advance(2000) // two pings unanswered: not yet dead
    expect(closes).toEqual([])
    const reopened = new Promise((resolve) => subscription.on('open', resolve))
    clock.advance(1000)
    expect(closes).toEqual([{ code: 4000, reason: 'keepalive timeout' }])
    platform.silent = false
    clock.advance(500) // the first reconnect delay
    await expect(reopened).resolves.toEqual({ reconnect: 1 })
    expect(platform.connections(uuid)).toBe(2)
    subscription.close()
  })

  test('after an unclean close it reconnects and fetches, so a resolution while offline is not missed', async () => {
    const uuid = platform.newPayload()
    const reconnects: unknown[] = []
    const subscription = await pullsign.payload.subscribe(uuid)
    subscription.on('reconnecting', (info) => reconnects.push(info))
    const reconnecting = new Promise((resolve) => subscription.on('reconnecting', resolve))
    platform.dropAll()
    await reconnecting
    sign(uuid) // resolved while nobody is connected: no message will ever say so
    clock.advance(499)
    expect(platform.connections(uuid)).toBe(1)
    clock.advance(1)
    const record = await subscription.resolved
    expect(record.meta.signed).toBe(true)
    expect(reconnects).toEqual([{ attempt: 1, delayMs: 500 }])
    expect(platform.connections(uuid)).toBe(2)
  })

  test('with reconnect: false an unclean close is a NetworkError', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, { reconnect: false })
    platform.dropAll()
    await expect(subscription.resolved).rejects.toBeInstanceOf(NetworkError)
  })

  test('backs off exponentially (with the jitter of the random seam) and gives up after maxAttempts', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, {
      reconnect: { initialDelayMs: 100, maxDelayMs: 300, maxAttempts: 4 },
    })
    const delays: number[] = []
    subscription.on('reconnecting', ({ delayMs }) => delays.push(delayMs))
    platform.refuse = true
    platform.dropAll()
    for (let attempt = 1; attempt <= 4; attempt++) {
      await expect.poll(() => delays.length).toBe(attempt)
      clock.advance(delays.at(-1) ?? 0)
    }
    const error = (await subscription.resolved.catch((e) => e)) as PullSignError
    expect(delays).toEqual([100, 200, 300, 300])
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toContain('4 reconnects failed')
  })

  test('a socket that never opened fails subscribe at once, saying what to do (no reconnects)', async () => {
    const uuid = platform.newPayload()
    platform.refuse = true
    // The clock never moves here: a reconnect (even one) would wait on it and time the test out.
    const error = await pullsign.payload.subscribe(uuid).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    const url = `${platform.api.replace('http', 'ws')}/sign/${uuid}`
    expect(error.message).toContain(`the websocket ${url} never opened`)
    expect(error.message).toContain('server.listen(0)')
    expect(error.message).toContain('WebSocket option')
    expect(platform.connections(uuid)).toBe(0)
  })

  test('a socket that does not open within two keepalive periods of the clock fails the same way', async () => {
    const uuid = platform.newPayload()
    class NeverOpens {
      readyState = 0
      onopen = null
      onmessage = null
      onclose = null
      onerror = null
      send() {}
      close() {}
    }
    const client = new PullSign({
      apiKey,
      apiSecret,
      endpoints: { api: platform.api },
      clock,
      WebSocket: NeverOpens,
    })
    const subscribing = client.payload.subscribe(uuid, undefined, { keepaliveMs: 1000 })
    subscribing.catch(() => {})
    await expect.poll(() => clock.pending()).toEqual([2000])
    clock.advance(2000)
    await expect(subscribing).rejects.toThrow(/never opened \(close code 4001\)/)
  })

  test('an unknown payload rejects subscribe with the API error', async () => {
    const uuid = randomUUID()
    const error = await pullsign.payload.subscribe(uuid).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, errorCode: 404 })
  })

  test('a throwing callback ends the subscription with its error', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, (event) => {
      if (event.type === 'opened') throw new Error('handler bug')
    })
    platform.send(uuid, { opened: true })
    await expect(subscription.resolved).rejects.toThrow('handler bug')
  })

  test('bad targets are refused before anything is sent', async () => {
    await expect(pullsign.payload.subscribe('nope')).rejects.toMatchObject({
      code: 'ERR_INPUT',
      message: expect.stringContaining('payload must be a UUID'),
    })
  })

  test.each([
    [{ keepaliveMs: 0 }, 'keepaliveMs must be a positive number, got number 0'],
    [{ reconnect: { maxAttempts: -1 } }, 'reconnect.maxAttempts must be a positive number'],
    [{ signal: 'stop' }, 'signal must be an AbortSignal'],
  ])('options %j are refused: %s', async (options, message) => {
    const uuid = platform.newPayload()
    await expect(
      pullsign.payload.subscribe(uuid, undefined, options as never),
    ).rejects.toMatchObject({
      code: 'ERR_INPUT',
      message: expect.stringContaining(message),
    })
    expect(platform.connections(uuid)).toBe(0)
  })
})
