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
import { payloadRecord } from './support/payload-record'
import { type SocketPlatform, startSocketPlatform } from './support/socket-platform'

const apiKey = '00000000-0000-4000-8000-000000000001'
const apiSecret = '00000000-0000-4000-8000-000000000002'
const fast = { reconnect: { initialDelayMs: 5, maxDelayMs: 20, maxAttempts: 5 } }

let platform: SocketPlatform
let pullsign: PullSign

beforeEach(async () => {
  platform = await startSocketPlatform()
  pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api: platform.api } })
})
afterEach(() => platform.close())

const newPayload = (overrides: Parameters<typeof payloadRecord>[1] = {}) => {
  const uuid = randomUUID()
  platform.records.set(uuid, payloadRecord(uuid, overrides))
  return uuid
}

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
    const uuid = newPayload()
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
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, (event) =>
      event.type === 'opened' ? 'the user opened it' : undefined,
    )
    platform.send(uuid, { opened: true })
    await expect(subscription.resolved).resolves.toBe('the user opened it')
    expect(subscription.ended).toBe(true)
  })

  test('resolve(v) ends the subscription with v', async () => {
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe<number>(uuid, (event, sub) => {
      if (event.type === 'pre_signed') sub.resolve(42)
    })
    platform.send(uuid, { pre_signed: true })
    await expect(subscription.resolved).resolves.toBe(42)
  })

  test('a resolve message whose record is not resolved is ignored (a hint, not proof)', async () => {
    const uuid = newPayload()
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
    const uuid = newPayload()
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
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    platform.records.set(uuid, payloadRecord(uuid, { meta: { expired: true } }))
    platform.send(uuid, { expired: true })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ expired: true, resolved: false, signed: false })
  })

  test('expiry of an opened payload does not end it: it can still be signed (§3.3)', async () => {
    const uuid = newPayload({ meta: { app_opened: true } })
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
    const uuid = newPayload()
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
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    for await (const event of subscription) if (event.type === 'welcome') break
    expect(subscription.ended).toBe(true)
    await expect(subscription.resolved).rejects.toMatchObject({ code: 'ERR_ABORTED' })
  })

  test('an AbortSignal ends it: resolved rejects and the iterator throws AbortError', async () => {
    const uuid = newPayload()
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
    const uuid = newPayload()
    await expect(
      pullsign.payload.subscribe(uuid, undefined, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ code: 'ERR_ABORTED' })
  })

  test('sends {"ping": true} keepalives (§4) and gets the answer', async () => {
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, { keepaliveMs: 20 })
    await nextEvent(subscription, (e) => e.type === 'pong')
    expect(platform.received.get(uuid)?.[0]).toEqual({ ping: true })
    subscription.close()
  })

  test('a silent socket is replaced after two keepalive periods', async () => {
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, {
      keepaliveMs: 20,
      ...fast,
    })
    platform.silent = true
    const closed = new Promise((resolve) => subscription.on('close', resolve))
    await expect(closed).resolves.toEqual({ code: 4000, reason: 'keepalive timeout' })
    platform.silent = false
    await new Promise((resolve) => subscription.on('open', resolve))
    expect(platform.connections(uuid)).toBeGreaterThanOrEqual(2)
    subscription.close()
  })

  test('after an unclean close it reconnects and fetches, so a resolution while offline is not missed', async () => {
    const uuid = newPayload()
    const reconnects: number[] = []
    const subscription = await pullsign.payload.subscribe(uuid, undefined, fast)
    subscription.on('reconnecting', ({ attempt }) => reconnects.push(attempt))
    platform.refuse = true
    platform.dropAll()
    await new Promise((resolve) => subscription.on('reconnecting', resolve))
    sign(uuid) // resolved while nobody is connected: no message will ever say so
    platform.refuse = false
    const record = await subscription.resolved
    expect(record.meta.signed).toBe(true)
    expect(reconnects[0]).toBe(1)
    expect(platform.connections(uuid)).toBe(2)
  })

  test('with reconnect: false an unclean close is a NetworkError', async () => {
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, { reconnect: false })
    platform.dropAll()
    await expect(subscription.resolved).rejects.toBeInstanceOf(NetworkError)
  })

  test('gives up with a NetworkError after maxAttempts failed reconnects', async () => {
    const uuid = newPayload()
    const subscription = await pullsign.payload.subscribe(uuid, undefined, {
      reconnect: { initialDelayMs: 1, maxDelayMs: 2, maxAttempts: 3 },
    })
    platform.refuse = true
    platform.dropAll()
    const error = (await subscription.resolved.catch((e) => e)) as PullSignError
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toContain('3 reconnects failed')
  })

  test('an unknown payload rejects subscribe with the API error', async () => {
    const uuid = randomUUID()
    const error = await pullsign.payload.subscribe(uuid).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, errorCode: 404 })
  })

  test('a throwing callback ends the subscription with its error', async () => {
    const uuid = newPayload()
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
    const uuid = newPayload()
    await expect(
      pullsign.payload.subscribe(uuid, undefined, options as never),
    ).rejects.toMatchObject({
      code: 'ERR_INPUT',
      message: expect.stringContaining(message),
    })
    expect(platform.connections(uuid)).toBe(0)
  })
})
