import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceServer, type ReferenceServer } from '../../../src/index'
import { errorOf, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer | undefined
let local: ReferenceServer | undefined
afterEach(async () => {
  await t?.close()
  await local?.close()
  t = local = undefined
})

const LIMIT = 30

describe('wrong credentials are rate limited (docs/protocol.md §1: 429 past 30 a minute)', () => {
  it('per key: the 31st guess of a secret gets 429, even a right one, until the minute passes', async () => {
    t = await startTestServer()
    const server = t
    const guess = () => server.api('ping', { headers: { 'x-api-secret': randomUUID() } })
    for (let call = 1; call <= LIMIT; call++) {
      expect((await errorOf(await guess())).code, `guess ${call}`).toBe(813)
    }
    const refused = await guess()
    // Real time runs on the server clock too: the oldest guess leaves the minute within 60 s.
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const error = await errorOf(refused)
    expect(error).toMatchObject({ status: 429, code: 429 })
    expect(error.message).not.toContain(t.app.apiSecret)
    // A right guess looks like a wrong one: nothing tells the guesser it was right.
    expect((await t.api('ping')).status).toBe(429)
    t.server.clock.advance(61)
    expect((await t.api('ping')).status).toBe(200)
  })

  it('per client address: keys that name no application count too', async () => {
    t = await startTestServer()
    const server = t
    const wrongKey = () =>
      server.api('ping', { headers: { 'x-api-key': randomUUID(), 'x-api-secret': randomUUID() } })
    for (let call = 1; call <= LIMIT; call++) expect((await wrongKey()).status).toBe(403)
    expect((await wrongKey()).status).toBe(429)
    // Another application's right credentials from the same address wait as well.
    const other = t.server.platform.applications.create({ name: 'Other' })
    const res = await t.api('ping', {
      headers: { 'x-api-key': other.apiKey, 'x-api-secret': other.apiSecret },
    })
    expect(res.status).toBe(429)
  })

  it('in-process (no address), guesses count against the key alone', async () => {
    local = createReferenceServer({ ledgerCloseMs: false })
    const [app] = local.platform.applications.list()
    if (!app) throw new Error('demo application expected')
    const other = local.platform.applications.create({ name: 'Other' })
    const call = (apiKey: string, apiSecret: string) =>
      (local as ReferenceServer).handler(
        new Request(`${local?.endpoints.api}/api/v1/platform/ping`, {
          headers: { 'x-api-key': apiKey, 'x-api-secret': apiSecret },
        }),
      )
    for (let n = 0; n < LIMIT; n++) expect((await call(app.apiKey, randomUUID())).status).toBe(403)
    expect((await call(app.apiKey, app.apiSecret)).status).toBe(429)
    expect((await call(other.apiKey, other.apiSecret)).status).toBe(200)
  })

  it('rateLimits: false never refuses a guess with 429', async () => {
    t = await startTestServer({ rateLimits: false })
    const server = t
    for (let call = 0; call < LIMIT + 5; call++) {
      const res = await server.api('ping', { headers: { 'x-api-secret': randomUUID() } })
      expect(res.status).toBe(403)
    }
    expect((await t.api('ping')).status).toBe(200)
  })
})
