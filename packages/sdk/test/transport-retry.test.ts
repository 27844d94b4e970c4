import {
  ApiError,
  type BackendClient,
  type BackendOptions,
  createBackendClient,
  RateLimitError,
  type RequestEvent,
  type ResponseEvent,
  TimeoutError,
} from 'pullsign'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createFakeClock, type FakeClock } from './support/fake-clock'
import { type Answer, type JsonServer, startJsonServer } from './support/json-server'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'
const uuid = '3a6d0a3e-4d2b-4b8e-9c1f-2a3b4c5d6e7f'

let server: JsonServer
let clock: FakeClock

beforeEach(async () => {
  server = await startJsonServer()
  clock = createFakeClock()
})
afterEach(() => server.close())

const client = (options: Partial<BackendOptions> = {}) =>
  createBackendClient({ apiKey, apiSecret, endpoints: { api: server.api }, clock, ...options })

const failing = (status: number, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ error: { reference: 'r-1', code: status, message: 'try later' } }),
})
const ok: Answer = { status: 200, body: JSON.stringify({ pong: true }) }

/**
 * Waits (without the clock moving) until the server has seen `count` requests and the client
 * waits on `timers` timers of the clock (the call's timeout, plus a retry wait).
 */
const settle = async (count: number, timers = 2) => {
  await expect.poll(() => server.seen.length).toBe(count)
  await expect.poll(() => clock.pending().length).toBe(timers)
}

describe('retry of idempotent requests', () => {
  test('a GET answered 503 with retry-after: 2 is sent again after exactly 2 s of the clock', async () => {
    server.queue.push(failing(503, { 'retry-after': '2' }))
    server.answer = ok
    const pong = client().ping()
    await settle(1)
    clock.advance(1999)
    await Promise.resolve()
    expect(server.seen).toHaveLength(1)
    clock.advance(1)
    await expect(pong).resolves.toMatchObject({ pong: true })
    expect(server.seen).toHaveLength(2)
  })

  test('without retry-after the waits double from delayMs: 502, 504, then the answer', async () => {
    server.queue.push(failing(502), failing(504))
    server.answer = ok
    const pong = client({ retry: { delayMs: 100 } }).ping()
    await settle(1)
    expect(clock.pending()).toContain(100)
    clock.advance(100)
    await settle(2)
    expect(clock.pending()).toContain(200)
    clock.advance(200)
    await expect(pong).resolves.toMatchObject({ pong: true })
  })

  test('after the last retry the typed error of the last answer is thrown', async () => {
    server.answer = failing(503, { 'retry-after': '1' })
    const pong = client({ retry: { retries: 2 } })
      .ping()
      .catch((e) => e)
    await settle(1)
    clock.advance(1000)
    await settle(2)
    clock.advance(1000)
    const error = await pong
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 503, errorCode: 503 })
    expect(server.seen).toHaveLength(3)
  })

  test('a retry-after longer than maxDelayMs is not waited for: the RateLimitError comes at once', async () => {
    server.queue.push(failing(429, { 'retry-after': '30' }))
    server.answer = ok
    const error = await client()
      .ping()
      .catch((e) => e)
    expect(error).toBeInstanceOf(RateLimitError)
    expect(error.retryAfter).toBe(30)
    expect(server.seen).toHaveLength(1)
  })

  test.each([
    [
      'payload create (POST)',
      (c: BackendClient) => c.payload.create({ TransactionType: 'SignIn' }),
    ],
    ['payload cancel (DELETE)', (c: BackendClient) => c.payload.cancel(uuid)],
    ['kyc-status by user token (POST)', (c: BackendClient) => c.getKycStatus({ user_token: uuid })],
  ])('%s is never retried', async (_, call) => {
    server.answer = failing(503, { 'retry-after': '0' })
    await expect(call(client())).rejects.toMatchObject({ status: 503 })
    expect(server.seen).toHaveLength(1)
  })

  test.each([400, 401, 404, 500])('a GET answered %i is not retried', async (status) => {
    server.answer = failing(status, { 'retry-after': '0' })
    await expect(client().ping()).rejects.toMatchObject({ status })
    expect(server.seen).toHaveLength(1)
  })

  test('retry: false turns it off', async () => {
    server.answer = failing(503, { 'retry-after': '0' })
    await expect(client({ retry: false }).ping()).rejects.toMatchObject({ status: 503 })
    expect(server.seen).toHaveLength(1)
  })

  test.each([
    [{ retry: { retries: -1 } }, 'retry.retries must be a whole number >= 0'],
    [{ retry: { maxDelayMs: 1.5 } }, 'retry.maxDelayMs must be a whole number >= 0'],
    [{ retry: { retries: '2' } }, 'retry.retries must be a whole number >= 0'],
    [{ onRequest: 'log' }, 'onRequest must be a function'],
    [{ clock: { now: () => 0 } }, 'clock.setTimeout must be a function'],
    [{ storage: {} }, 'storage.getItem must be a function'],
    [{ WebSocket: 'ws' }, 'WebSocket must be a function'],
  ])('%j is refused at construction: %s', (options, message) => {
    expect(() => client(options as never)).toThrow(message)
  })
})

describe('timeout on the clock', () => {
  test('no answer within timeoutMs of the clock is a TimeoutError, and the request is abandoned', async () => {
    server.answer = { status: 200, body: '', hang: true }
    const pong = client({ timeoutMs: 5000 })
      .ping()
      .catch((e) => e)
    await settle(1, 1)
    clock.advance(4999)
    await Promise.resolve()
    expect(server.abandoned).toBe(0)
    clock.advance(1)
    const error = await pong
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.message).toBe('[GET /api/v1/platform/ping] got no answer within 5000 ms')
    await expect.poll(() => server.abandoned).toBe(1)
  })

  test('the timeout covers the retry waits: it fires during a wait and nothing more is sent', async () => {
    server.answer = failing(503, { 'retry-after': '5' })
    const pong = client({ timeoutMs: 3000 })
      .ping()
      .catch((e) => e)
    await settle(1)
    clock.advance(3000)
    expect(await pong).toBeInstanceOf(TimeoutError)
    clock.advance(5000)
    expect(server.seen).toHaveLength(1)
  })

  test('a call after a retried call and after a timed-out one is neither aborted nor timed out by them', async () => {
    const pullsign = client({ timeoutMs: 3000 })
    server.queue.push(failing(503, { 'retry-after': '1' }))
    server.answer = ok
    const retried = pullsign.ping()
    await settle(1)
    clock.advance(1000)
    await expect(retried).resolves.toMatchObject({ pong: true })
    server.answer = { status: 200, body: '', hang: true }
    const hung = pullsign.ping().catch((e) => e)
    await settle(3, 1)
    clock.advance(3000)
    expect(await hung).toBeInstanceOf(TimeoutError)
    server.answer = ok
    await expect(pullsign.ping()).resolves.toMatchObject({ pong: true })
    expect(server.seen).toHaveLength(4)
    expect(clock.pending()).toEqual([])
  })
})

describe('onRequest / onResponse hooks', () => {
  test('see every attempt with method, path, status, duration and rate limit, never a secret or token', async () => {
    const requests: RequestEvent[] = []
    const responses: ResponseEvent[] = []
    server.queue.push(failing(503, { 'retry-after': '1' }))
    server.answer = {
      status: 200,
      headers: { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '58' },
      body: JSON.stringify({ tokens: [{ user_token: uuid }] }),
    }
    const pullsign = client({
      onRequest: (event) => requests.push(event),
      onResponse: (event) => responses.push(event),
    })
    const info = pullsign.verifyUserToken(uuid)
    await settle(1)
    clock.advance(1000)
    await info
    const path = '/api/v1/platform/user-token/[REDACTED]'
    expect(requests).toEqual([
      { method: 'GET', path, attempt: 1 },
      { method: 'GET', path, attempt: 2 },
    ])
    expect(responses).toEqual([
      { method: 'GET', path, attempt: 1, status: 503, durationMs: 0, rateLimit: null },
      {
        method: 'GET',
        path,
        attempt: 2,
        status: 200,
        durationMs: 0,
        rateLimit: { limit: 60, remaining: 58, at: clock.now() },
      },
    ])
    expect(JSON.stringify([requests, responses])).not.toMatch(new RegExp(`${uuid}|${apiSecret}`))
  })
})
