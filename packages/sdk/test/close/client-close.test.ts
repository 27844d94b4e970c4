import { randomUUID } from 'node:crypto'
import {
  AbortError,
  createBackendClient,
  createNativeClient,
  PayloadExpiredError,
  type PullSign,
  type PullSignError,
} from 'pullsign'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { FakeClock } from '../support/fake-clock'
import { apiKey, apiSecret, startSocketClient } from '../support/socket-client'
import type { SocketPlatform } from '../support/socket-platform'

let platform: SocketPlatform
let clock: FakeClock
let pullsign: PullSign

beforeEach(async () => {
  ;({ platform, clock, pullsign } = await startSocketClient())
})
afterEach(() => platform.close())

const reconnecting = (subscription: { on(e: 'reconnecting', l: () => void): () => void }) =>
  new Promise<void>((resolve) => subscription.on('reconnecting', resolve))

describe('close()', () => {
  test('ends an open subscription and its socket; no timer is left on the clock', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    expect(clock.pending().length).toBeGreaterThan(0) // the keepalive
    await pullsign.close()
    const error = (await subscription.resolved.catch((e) => e)) as PullSignError
    expect(error).toBeInstanceOf(AbortError)
    expect(error.message).toBe(`the subscription to payload ${uuid} was closed`)
    expect(subscription.ended).toBe(true)
    expect(clock.pending()).toEqual([])
  })

  test('ends a pending reconnect: no new connection, however far the clock moves', async () => {
    const uuid = platform.newPayload()
    const subscription = await pullsign.payload.subscribe(uuid)
    const waiting = reconnecting(subscription)
    platform.dropAll()
    await waiting
    expect(clock.pending()).toEqual([500])
    await pullsign.close()
    clock.advance(60_000)
    expect(clock.pending()).toEqual([])
    expect(platform.connections(uuid)).toBe(1)
    await expect(subscription.resolved).rejects.toBeInstanceOf(AbortError)
  })

  test('ends a retry wait: the request rejects with AbortError at once', async () => {
    const client = createBackendClient({
      apiKey,
      apiSecret,
      clock,
      fetch: async () => new Response('{}', { status: 503, headers: { 'retry-after': '5' } }),
    })
    const call = client.payload.get(randomUUID()).catch((e) => e)
    await expect.poll(() => clock.pending()).toContain(5000)
    await client.close()
    expect(await call).toBeInstanceOf(AbortError)
    expect(clock.pending()).toEqual([])
  })

  test('calls after close reject with AbortError before anything is sent', async () => {
    const uuid = platform.newPayload()
    await pullsign.close()
    for (const call of [
      () => pullsign.payload.get(uuid),
      () => pullsign.payload.subscribe(uuid),
      () => pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' }),
      () => pullsign.ping(),
    ]) {
      const error = (await call().catch((e) => e)) as PullSignError
      expect(error).toBeInstanceOf(AbortError)
      expect(error.message).toBe('this client is closed')
    }
    expect(platform.fetches(uuid)).toBe(0)
    expect(platform.connections(uuid)).toBe(0)
  })

  test('closing twice is harmless: every call resolves once the subscription is gone', async () => {
    const subscription = await pullsign.payload.subscribe(platform.newPayload())
    const closes = [pullsign.close(), pullsign.close(), pullsign.close()]
    expect(await Promise.all(closes)).toEqual([undefined, undefined, undefined])
    expect(subscription.ended).toBe(true)
    expect(clock.pending()).toEqual([])
    await expect(pullsign.ping()).rejects.toBeInstanceOf(AbortError)
  })

  test('a sign-in client has close() too, and calls after it reject with AbortError', async () => {
    const native = createNativeClient({
      apiKey,
      redirectUrl: 'myapp://signin',
      openUrl: () => {},
      endpoints: { api: platform.api },
      clock,
    })
    await native.close()
    await expect(native.payload.get(platform.newPayload())).rejects.toBeInstanceOf(AbortError)
    expect(clock.pending()).toEqual([])
  })
})

describe('a payload that expired unopened', () => {
  test('stops reconnecting once its socket drops past expires_at: PayloadExpiredError', async () => {
    const uuid = platform.newPayload({ payload: { expires_at: '2026-01-01T00:05:00.000Z' } })
    const subscription = await pullsign.payload.subscribe(uuid)
    clock.advance(5 * 60_000)
    platform.refuse = true
    platform.dropAll()
    const error = (await subscription.resolved.catch((e) => e)) as PullSignError
    expect(error).toBeInstanceOf(PayloadExpiredError)
    expect(error.code).toBe('ERR_NETWORK')
    expect(error.message).toContain(`payload ${uuid} expired unopened at 2026-01-01T00:05:00.000Z`)
    expect(clock.pending()).toEqual([])
    expect(platform.connections(uuid)).toBe(1)
  })

  test('before expires_at it reconnects as usual', async () => {
    const uuid = platform.newPayload({ payload: { expires_at: '2026-01-01T00:05:00.000Z' } })
    const subscription = await pullsign.payload.subscribe(uuid)
    const waiting = reconnecting(subscription)
    platform.dropAll()
    await waiting
    expect(subscription.ended).toBe(false)
    expect(clock.pending()).toContain(500)
  })

  test('an opened payload (it can still be signed) keeps reconnecting past its expiry', async () => {
    const uuid = platform.newPayload({ payload: { expires_at: '2026-01-01T00:05:00.000Z' } })
    const subscription = await pullsign.payload.subscribe(uuid)
    const opened = new Promise((resolve) => subscription.on('event', resolve))
    platform.send(uuid, { opened: true })
    await opened
    const waiting = reconnecting(subscription)
    clock.advance(5 * 60_000) // the socket also goes silent on this clock: it is replaced
    platform.dropAll()
    await waiting
    expect(subscription.ended).toBe(false)
  })
})
