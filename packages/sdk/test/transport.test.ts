import { inspect } from 'node:util'
import {
  ApiError,
  AuthError,
  type BackendClient,
  NetworkError,
  PullSign,
  PullSignError,
  RateLimitError,
} from 'pullsign'
import { API_ERROR_CODES, type ApiErrorCode } from 'pullsign/wire'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { type JsonServer, startJsonServer } from './support/json-server'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const apiSecret = '5e3b2c1a-9f8e-4d7c-a6b5-4c3d2e1f0a9b'
const token = 'c0ffee00-1234-4abc-8def-0123456789ab'

let server: JsonServer
let pullsign: BackendClient

beforeEach(async () => {
  server = await startJsonServer()
  pullsign = new PullSign({ apiKey, apiSecret, endpoints: { api: server.api } })
})
afterEach(() => server.close())

const errorAnswer = (status: number, code: number, message: string, headers = {}) => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ error: { reference: 'a1b2c3d4-ref', code, message } }),
})

describe('requests', () => {
  test('sends key and secret headers (§1), parses JSON and keeps the last rate limit', async () => {
    server.answer = {
      status: 200,
      headers: {
        'content-type': 'application/json',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
      },
      body: JSON.stringify({ pong: true, auth: { application: { name: 'Shop' } } }),
    }
    expect(pullsign.rateLimit).toBeNull()
    const pong = await pullsign.ping()
    expect(pong.auth.application.name).toBe('Shop')
    const [request] = server.seen
    expect(request?.method).toBe('GET')
    expect(request?.url).toBe('/api/v1/platform/ping')
    expect(request?.headers['x-api-key']).toBe(apiKey)
    expect(request?.headers['x-api-secret']).toBe(apiSecret)
    expect(pullsign.rateLimit).toMatchObject({ limit: 60, remaining: 59 })
  })

  test('uses the injected fetch', async () => {
    const urls: string[] = []
    const client = new PullSign({
      apiKey,
      apiSecret,
      endpoints: { api: server.api },
      fetch: (input, init) => {
        urls.push(String(input))
        return fetch(input, init)
      },
    })
    await client.getRails()
    expect(urls).toEqual([`${server.api}/api/v1/platform/rails`])
  })

  test('wraps a bare transaction as {txjson} (§3.1)', async () => {
    server.answer = { status: 200, body: JSON.stringify({ uuid: 'x' }) }
    await pullsign.payload.create({ TransactionType: 'SignIn' })
    expect(JSON.parse(server.seen[0]?.body ?? '')).toEqual({
      txjson: { TransactionType: 'SignIn' },
    })
  })

  test.each([
    [null, 'payload must be an object'],
    [{}, 'exactly one of txjson'],
    [{ txjson: { TransactionType: 'SignIn' }, txblob: 'AA' }, 'exactly one of txjson'],
    [{ txjson: {} }, 'txjson.TransactionType must be'],
    [{ txblob: 'XYZ' }, 'txblob must be hex'],
    [{ txjson: { TransactionType: 'SignIn' }, options: 'x' }, 'options must be an object'],
    [{ txjson: { TransactionType: 'SignIn' }, user_token: 5 }, 'user_token must be a string'],
  ])('create refuses %j before sending anything: %s', async (input, message) => {
    const error = await pullsign.payload.create(input as never).catch((e) => e)
    expect(error).toMatchObject({ code: 'ERR_INPUT' })
    expect(error.message).toContain(message)
    expect(server.seen).toHaveLength(0)
  })

  test('lookups build the §2 paths', async () => {
    server.answer = { status: 200, body: JSON.stringify({ tokens: [{ user_token: token }] }) }
    await pullsign.getRates('eur')
    await pullsign.getKycStatus('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
    await pullsign.getKycStatus({ user_token: token })
    await pullsign.verifyUserToken(token)
    await pullsign.verifyUserTokens([token])
    await pullsign.getHookHash('AB'.repeat(32))
    await pullsign.payload.getByCustomIdentifier('order 42')
    await pullsign.backendstore.set({ theme: 'dark' })
    await pullsign.push.event({ user_token: token, body: 'hi' })
    expect(server.seen.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'GET /api/v1/platform/rates/EUR ',
      'GET /api/v1/platform/kyc-status/rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY ',
      `POST /api/v1/platform/kyc-status {"user_token":"${token}"}`,
      `GET /api/v1/platform/user-token/${token} `,
      `POST /api/v1/platform/user-tokens {"tokens":["${token}"]}`,
      `GET /api/v1/platform/hookhash/${'AB'.repeat(32)} `,
      'GET /api/v1/platform/payload/ci/order%2042 ',
      'POST /api/v1/platform/app-storage {"theme":"dark"}',
      `POST /api/v1/platform/xapp/event {"user_token":"${token}","body":"hi"}`,
    ])
  })

  test('app storage over 60 KB is refused before sending', async () => {
    const error = await pullsign.backendstore.set({ big: 'x'.repeat(61 * 1024) }).catch((e) => e)
    expect(error).toMatchObject({ code: 'ERR_INPUT' })
    expect(server.seen).toHaveLength(0)
  })
})

describe('errors', () => {
  const codes = Object.entries(API_ERROR_CODES).map(
    ([code, { status, meaning }]) => [Number(code) as ApiErrorCode, status, meaning] as const,
  )

  test.each(codes)(
    'code %i (HTTP %i) becomes a typed error that says: %s',
    async (code, status, meaning) => {
      server.answer = errorAnswer(status, code, 'what went wrong', { 'retry-after': '17' })
      const error = await pullsign.ping().catch((e) => e)
      const expected =
        code === 429 ? RateLimitError : [812, 813, 814, 815].includes(code) ? AuthError : ApiError
      expect(error).toBeInstanceOf(expected)
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toBeInstanceOf(PullSignError)
      expect(error).toMatchObject({
        status,
        errorCode: code,
        reference: 'a1b2c3d4-ref',
        serverMessage: 'what went wrong',
        meaning,
        code: code === 429 ? 'ERR_RATE_LIMIT' : expected === AuthError ? 'ERR_AUTH' : 'ERR_API',
      })
      expect(error.message).toBe(
        `[GET /api/v1/platform/ping] ${status} code ${code}: what went wrong: ${meaning} (reference a1b2c3d4-ref)`,
      )
      if (code === 429) expect(error.retryAfter).toBe(17)
    },
  )

  test('a secret echoed by the server is redacted from message, toJSON and inspect', async () => {
    server.answer = errorAnswer(403, 813, `bad secret ${apiSecret} for key`)
    const error = await pullsign.ping().catch((e) => e)
    const views = [
      error.message,
      error.serverMessage,
      JSON.stringify(error),
      inspect(error),
      String(error.stack),
    ]
    for (const view of views) {
      expect(view).not.toContain(apiSecret)
      expect(view).toContain('[REDACTED]')
    }
  })

  test('a user token in the path is redacted from the error', async () => {
    server.answer = errorAnswer(404, 404, 'not found')
    const error = await pullsign.verifyUserToken(token).catch((e) => e)
    expect(error.message).toContain('[GET /api/v1/platform/user-token/[REDACTED]] 404')
    expect(JSON.stringify(error)).not.toContain(token)
  })

  test('an error page that is not a platform error still explains itself', async () => {
    server.answer = {
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<h1>Bad gateway</h1>',
    }
    const client = new PullSign({ apiKey, apiSecret, endpoints: { api: server.api }, retry: false })
    const error = await client.ping().catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 502, errorCode: null, reference: null })
    expect(error.message).toContain(
      '[GET /api/v1/platform/ping] 502: Bad Gateway (the body is not a platform error)',
    )
  })

  test('a 200 that is not JSON is ERR_RESPONSE', async () => {
    server.answer = { status: 200, headers: { 'content-type': 'text/plain' }, body: 'hello' }
    await expect(pullsign.ping()).rejects.toMatchObject({
      code: 'ERR_RESPONSE',
      message: expect.stringContaining('expected a JSON object, got "hello"'),
    })
  })

  test('a refused connection is a NetworkError that names the cause, without the secret', async () => {
    const api = server.api
    await server.close()
    const client = new PullSign({ apiKey, apiSecret, endpoints: { api } })
    const error = await client.ping().catch((e) => e)
    server = await startJsonServer()
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.code).toBe('ERR_NETWORK')
    expect(error.message).toContain('ECONNREFUSED')
    expect(inspect(error, { depth: 5 })).not.toContain(apiSecret)
  })
})
