import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../server/test-server'

// docs/protocol.md §7.3 "Unauthenticated creators are rate limited per address".
let t: TestServer
afterEach(() => t.close())

const from = (localAddress: string, url: string, method = 'GET'): Promise<number> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress, method }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })

const DEMO_REDIRECT = 'http://localhost:3000/callback'

describe('GET /oauth/auth and POST /detect/… (§7.3)', { timeout: 30_000 }, () => {
  it('60 a minute per address, then 429; another address is not held back', async () => {
    t = await startTestServer()
    const auth = `${t.endpoints.oauth}/auth?${new URLSearchParams({
      client_id: t.app.apiKey,
      redirect_uri: DEMO_REDIRECT,
      response_type: 'token',
    })}`
    const detect = `${t.endpoints.links}/detect/request:${t.alice.accounts[0]?.address}?amount=1`
    // One window per address for both: creations without credentials.
    for (const [url, method, stranger] of [
      [auth, 'GET', '127.0.0.2'],
      [detect, 'POST', '127.0.0.4'],
    ] as const) {
      const before = t.server.platform.payloads.size
      for (let n = 0; n < 60; n++) expect(await from(stranger, url, method)).toBeLessThan(400)
      expect(await from(stranger, url, method)).toBe(429)
      expect(t.server.platform.payloads.size).toBe(before + 60)
      expect(await from('127.0.0.3', url, method)).toBeLessThan(400)
    }
    t.server.clock.advance(61)
    expect(await from('127.0.0.2', auth)).toBe(302)
  })

  it('unfinished sign-in payloads expire and are forgotten', async () => {
    t = await startTestServer({ rateLimits: false })
    const auth = `${t.endpoints.oauth}/auth?${new URLSearchParams({
      client_id: t.app.apiKey,
      redirect_uri: DEMO_REDIRECT,
      response_type: 'token',
    })}`
    const before = t.server.platform.payloads.size
    for (let n = 0; n < 50; n++) expect(await from('127.0.0.1', auth)).toBe(302)
    expect(t.server.platform.payloads.size).toBe(before + 50)
    t.server.clock.advance(16 * 60)
    // The next creation forgets every unfinished one that expired.
    expect(await from('127.0.0.1', auth)).toBe(302)
    expect(t.server.platform.payloads.size).toBe(before + 1)
  })
})

describe('the public links’ application is the server’s own (§7.3)', { timeout: 20_000 }, () => {
  it('an app registered as "Public links" first receives no link payload', async () => {
    t = await startTestServer()
    const squatter = await t.control('applications', { name: 'Public links' })
    const { uuid: squatterUuid } = (await squatter.json()) as { uuid: string }
    const detect = `${t.endpoints.links}/detect/request:${t.alice.accounts[0]?.address}?amount=1`
    const res = await fetch(detect, { method: 'POST', redirect: 'manual' })
    expect(res.status).toBe(303)
    const uuid = (res.headers.get('location') ?? '').split('/sign/')[1] ?? ''
    const record = t.server.platform.payloads.record(uuid)
    expect(record.application.uuidv4).not.toBe(squatterUuid)
    const again = await fetch(detect, { method: 'POST', redirect: 'manual' })
    const second = (again.headers.get('location') ?? '').split('/sign/')[1] ?? ''
    expect(t.server.platform.payloads.record(second).application.uuidv4).toBe(
      record.application.uuidv4,
    )
  })
})
