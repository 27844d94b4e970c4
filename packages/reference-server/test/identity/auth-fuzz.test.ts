import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isWhitelisted } from '../../src/identity/redirect-uris'
import { createReferenceServer, type ReferenceServer } from '../../src/index'

let server: ReferenceServer
let apiKey: string
let whitelist: string[]
beforeAll(() => {
  server = createReferenceServer({ ledgerCloseMs: false })
  const [app] = server.platform.applications.list()
  if (!app) throw new Error('demo fixtures have an application')
  apiKey = app.apiKey
  whitelist = app.redirectUris
})
afterAll(() => server.close())

const NAMES = [
  'client_id',
  'redirect_uri',
  'response_type',
  'state',
  'scope',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'force_network',
  'signers',
] as const

describe('/auth with any query (docs/protocol.md §7.1, bad input)', { timeout: 20_000 }, () => {
  it('never a 500, never a redirect to an unverified URI, a payload only when it goes to the sign page', async () => {
    const value = fc.oneof(
      fc.constantFrom(
        'code',
        'token',
        'S256',
        'plain',
        'TESTNET',
        'openid XummPkce',
        'x'.repeat(43),
      ),
      fc.constantFrom(
        'http://127.0.0.1:3000/callback',
        'http://127.0.0.1:3000/callback/x?y#z',
        'http://127.0.0.1:3000/callbackx',
        'http://127.0.0.1:3001/callback',
        'https://evil.example/',
        'javascript:alert(1)',
      ),
      fc.constant(apiKey),
      fc.string({ maxLength: 40 }),
    )
    const query = fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 12 })
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        const before = server.platform.payloads.size
        const params = new URLSearchParams(pairs)
        const res = await server.handler(
          new Request(`${server.endpoints.oauth}/auth?${params}`, {
            headers: { accept: 'application/json' },
          }),
        )
        expect([302, 400]).toContain(res.status)
        const location = res.headers.get('location')
        const created = server.platform.payloads.size - before
        if (location === null) {
          expect(created).toBe(0)
          return
        }
        if (location.startsWith(`${server.endpoints.api}/sign/`)) {
          expect(created).toBe(1)
          return
        }
        expect(created).toBe(0)
        expect(isWhitelisted(whitelist, location), location).toBe(true)
        expect(new URL(location).searchParams.get('error')).toMatch(
          /^(invalid_request|unsupported_response_type)$/,
        )
      }),
      { numRuns: 300 },
    )
  })
})
