import { randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../src/control-api-types'
import { okJson as json, startTestServer, type TestServer } from '../server/test-server'

// docs/protocol.md §7.3 "Guesses are counted per (address, key)".
let t: TestServer
afterEach(() => t.close())

/** A GET or POST from a chosen loopback address (127.0.0.2 is a stranger on the same host). */
const from = (
  localAddress: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; text: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { localAddress, method: body === undefined ? 'GET' : 'POST', headers },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      },
    )
    req.on('error', reject)
    req.end(body)
  })

describe('a stranger cannot lock out or use up an application (§7.3)', { timeout: 30_000 }, () => {
  it('31 wrong secrets for a key from one address leave the key usable from another', async () => {
    t = await startTestServer()
    const ping = `${t.endpoints.api}/api/v1/platform/ping`
    const wrong = { 'x-api-key': t.app.apiKey, 'x-api-secret': randomUUID() }
    for (let n = 0; n < 31; n++) await from('127.0.0.2', ping, wrong)
    expect((await from('127.0.0.2', ping, wrong)).status).toBe(429)
    expect((await from('127.0.0.1', ping, t.auth)).status).toBe(200)
  })

  it('wrong OTTs sent with an app’s public key use none of its quota', async () => {
    t = await startTestServer({ rateLimits: { default: 20 } })
    const app = (await json(
      await t.control('applications', { name: 'Game', xapp: { url: 'https://g.example/' } }),
    )) as RefApplication
    const authorize = `${t.endpoints.api}/api/v1/jwt/authorize`
    for (let n = 0; n < 40; n++) {
      await from('127.0.0.2', authorize, { 'x-api-key': app.apiKey, 'x-api-ott': randomUUID() })
    }
    const own = await fetch(`${t.endpoints.api}/api/v1/platform/ping`, {
      headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
    })
    expect(own.status).toBe(200)
    expect(own.headers.get('x-ratelimit-remaining')).toBe('19')
    // The stranger's own guesses are limited: past 30 a minute, 429.
    const refused = await from('127.0.0.2', authorize, {
      'x-api-key': app.apiKey,
      'x-api-ott': randomUUID(),
    })
    expect(refused.status).toBe(429)
    // The app's own launch still works from the app's address.
    const { ott } = await json(
      await t.control('xapps/launch', { application: app.uuid, user: t.alice.uuid }),
    )
    const ok = await fetch(authorize, { headers: { 'x-api-key': app.apiKey, 'x-api-ott': ott } })
    expect(ok.status).toBe(200)
  })

  it('/token counts wrong client secrets: 429 after 30 a minute, a right one too', async () => {
    t = await startTestServer()
    const token = `${t.endpoints.oauth}/token`
    const form = (secret: string) =>
      new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'nope',
        client_id: t.app.apiKey,
        client_secret: secret,
        redirect_uri: 'http://localhost:3000/callback',
      }).toString()
    const headers = { 'content-type': 'application/x-www-form-urlencoded' }
    for (let n = 0; n < 30; n++) {
      expect((await from('127.0.0.2', token, headers, form(randomUUID()))).status).toBe(401)
    }
    expect((await from('127.0.0.2', token, headers, form(randomUUID()))).status).toBe(429)
    // Right or wrong, the answer is the same now.
    expect((await from('127.0.0.2', token, headers, form(t.app.apiSecret))).status).toBe(429)
    // Another address is not locked out.
    expect((await from('127.0.0.1', token, headers, form(t.app.apiSecret))).status).toBe(400)
  })
})
