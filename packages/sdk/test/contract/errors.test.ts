import { randomUUID } from 'node:crypto'
import { ApiError, AuthError, PullSign, RateLimitError } from 'pullsign'
import { API_ERROR_CODES, type ApiErrorCode } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Reference, startReference } from './reference'

let ref: Reference
beforeAll(async () => {
  ref = await startReference()
})
afterAll(() => ref.server.close())

/** A client of the demo application whose fetch changes each request first. */
const clientWith = (rewrite: (init: RequestInit) => RequestInit) =>
  new PullSign({
    apiKey: ref.app.apiKey,
    apiSecret: ref.app.apiSecret,
    endpoints: ref.endpoints,
    fetch: (input, init = {}) => fetch(input, rewrite(init)),
  })

const withoutCredentials = (init: RequestInit): Headers => {
  const headers = new Headers(init.headers)
  headers.delete('x-api-key')
  headers.delete('x-api-secret')
  return headers
}

/** How to make the real server answer each §1 code through the SDK. */
const provoke: Partial<Record<ApiErrorCode, () => Promise<unknown>>> = {
  600: () =>
    clientWith((init) => ({ ...init, body: '{not json' })).payload.create({
      TransactionType: 'SignIn',
    }),
  602: () =>
    ref.pullsign.payload.create({
      TransactionType: 'Payment',
      Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      Amount: 'one coin',
    }),
  603: () => ref.pullsign.payload.create({ TransactionType: 'SetRegularKey' }),
  404: () => ref.pullsign.payload.get(randomUUID()),
  409: async () => {
    const body = { txjson: { TransactionType: 'SignIn' }, custom_meta: { identifier: 'dup' } }
    await ref.pullsign.payload.create(body)
    return ref.pullsign.payload.create(body)
  },
  812: () =>
    clientWith((init) => {
      const headers = withoutCredentials(init)
      headers.set('authorization', 'Bearer a.b.c')
      return { ...init, headers }
    }).payload.create({ TransactionType: 'SignIn' }),
  813: () =>
    new PullSign({
      apiKey: ref.app.apiKey,
      apiSecret: randomUUID(),
      endpoints: ref.endpoints,
    }).ping(),
  815: () => ref.pullsign.xapp.get(randomUUID()),
}

const expectedClass = (code: number) =>
  code === 429 ? RateLimitError : [812, 813, 814, 815].includes(code) ? AuthError : ApiError

describe('every §1 code the reference server can produce, as the SDK reports it', () => {
  test.each(Object.keys(provoke).map(Number) as ApiErrorCode[])('code %i', async (code) => {
    const run = provoke[code]
    if (!run) throw new Error(`no way to provoke ${code}`)
    const error = await run().then(
      (value) => new Error(`expected code ${code}, got ${JSON.stringify(value)}`),
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(expectedClass(code))
    const { status, meaning } = API_ERROR_CODES[code]
    expect(error).toMatchObject({ status, errorCode: code, meaning })
    const apiError = error as ApiError
    expect(apiError.reference).toMatch(/^[0-9a-f-]{36}$/)
    expect(apiError.serverMessage, 'the server says what is wrong').toBeTruthy()
    expect(apiError.message).toContain(`${status} code ${code}: ${apiError.serverMessage}`)
    expect(JSON.stringify(apiError)).not.toContain(ref.app.apiSecret)
  })

  test('602 names the offending field', async () => {
    const error = (await provoke[602]?.().catch((e) => e)) as ApiError
    expect(error.serverMessage).toContain('Amount')
  })

  test('429: over the limit is a RateLimitError with retry-after; the client shows the limit', async () => {
    const limited = await startReference({ rateLimits: { default: 2 } })
    try {
      await limited.pullsign.ping()
      expect(limited.pullsign.rateLimit).toMatchObject({ limit: 2, remaining: 1 })
      await limited.pullsign.ping()
      const error = await limited.pullsign.ping().catch((e) => e)
      expect(error).toBeInstanceOf(RateLimitError)
      expect(error).toMatchObject({ status: 429, errorCode: 429, code: 'ERR_RATE_LIMIT' })
      expect(error.retryAfter).toBeGreaterThan(0)
      expect(error.retryAfter).toBeLessThanOrEqual(60)
      expect(limited.pullsign.rateLimit).toMatchObject({ limit: 2, remaining: 0 })
    } finally {
      await limited.server.close()
    }
  })
})
