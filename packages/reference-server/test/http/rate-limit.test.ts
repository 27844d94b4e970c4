import { afterEach, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer | undefined
afterEach(() => t?.close())

const limits = (res: Response) => ({
  limit: res.headers.get('x-ratelimit-limit'),
  remaining: res.headers.get('x-ratelimit-remaining'),
})

describe('rate limits (docs/protocol.md §1)', () => {
  it('every API response carries the headers, errors and unknown routes included', async () => {
    t = await startTestServer()
    const server = t
    const responses: [string, Response][] = [
      ['ping', await server.api('ping')],
      ['600', await server.api('payload', { method: 'POST', body: '{' })],
      ['404 payload', await server.api(`payload/${crypto.randomUUID()}`)],
      ['404 route', await server.api('nothing-here')],
      ['813', await fetch(`${server.endpoints.api}/api/v1/platform/ping`)],
      [
        '812',
        await fetch(`${server.endpoints.api}/api/v1/platform/rails`, {
          headers: { authorization: 'Bearer x' },
        }),
      ],
    ]
    for (const [name, res] of responses) {
      const { limit, remaining } = limits(res)
      expect(limit, `${name}: x-ratelimit-limit`).toMatch(/^\d+$/)
      expect(remaining, `${name}: x-ratelimit-remaining`).toMatch(/^\d+$/)
    }
  })

  it.each([
    ['ping', 'default', '200'],
    [`xrpl-tx/${'0'.repeat(64)}`, 'xrpl-tx', '60'],
    ['kyc-status/rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'kyc', '600'],
    ['account-meta/rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'account-meta', '120'],
  ])('GET %s counts in the %s class (%s per minute)', async (path, _routeClass, limit) => {
    t = await startTestServer()
    const first = limits(await t.api(path))
    const second = limits(await t.api(path))
    expect(first).toEqual({ limit, remaining: String(Number(limit) - 1) })
    expect(second.remaining).toBe(String(Number(limit) - 2))
  })

  it('over the limit: 429 with retry-after and no new payload; the sliding minute frees it', async () => {
    t = await startTestServer({ rateLimits: { 'payload-create': 2 } })
    const body = { txjson: { TransactionType: 'SignIn' } }
    expect(limits(await t.api('payload', { json: body }))).toEqual({ limit: '2', remaining: '1' })
    expect(limits(await t.api('payload', { json: body }))).toEqual({ limit: '2', remaining: '0' })
    const size = t.server.platform.payloads.size
    const refused = await t.api('payload', { json: body })
    expect(limits(refused)).toEqual({ limit: '2', remaining: '0' })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(Number.isInteger(retryAfter), `retry-after ${retryAfter} in whole seconds`).toBe(true)
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(await errorOf(refused)).toMatchObject({ status: 429, code: 429 })
    expect(t.server.platform.payloads.size).toBe(size)
    // Other route classes have their own minute.
    expect((await t.api('ping')).status).toBe(200)
    t.server.clock.advance(retryAfter)
    const again = await t.api('payload', { json: body })
    expect(again.status).toBe(200)
  })

  it('switched off: never 429, headers still there', async () => {
    t = await startTestServer({ rateLimits: false })
    let last: Response | undefined
    for (let i = 0; i < 35; i++)
      last = await t.api('payload', { json: { txjson: { TransactionType: 'SignIn' } } })
    expect(last?.status).toBe(200)
    expect(last?.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/)
  })
})
