import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fuzzRequests } from '../../bench/fuzz-requests'
import { createReferenceServer, type ReferenceServer } from '../../src/index'

const API = 'http://fuzz.test'
let server: ReferenceServer
let known: string[]
let auth: Record<string, string>

beforeAll(() => {
  server = createReferenceServer({
    ledgerCloseMs: false,
    rateLimits: false,
    endpoints: { api: API, oauth: `${API}/oauth`, links: API },
  })
  const app = server.platform.applications.list()[0]
  const [alice] = server.platform.users.list()
  if (!app || !alice) throw new Error('demo fixtures expected')
  auth = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
  const payload = server.platform.payloads.create(app, {
    txjson: { TransactionType: 'SignIn' },
  }).uuid
  known = [payload, alice.uuid, app.uuid, alice.accounts[0]?.address ?? '', 'A'.repeat(64)]
})
afterAll(() => server.close())

describe('every route with generated input (docs/protocol.md §1: never a 500)', () => {
  it('answers a status below 500, and every JSON refusal is a §1 error body', async () => {
    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(fuzzRequests({ known, auth }), async (request) => {
        // In-process a URL holds only a host it can parse: a malformed one is another name here
        // (bench/fuzz.ts sends it as it is, over node:http).
        const base = request.host === 'own' ? API : 'http://evil.example'
        const url = `${base}${request.path}`
        const init: RequestInit = { method: request.method, headers: request.headers }
        if (request.body !== undefined) init.body = request.body
        const res = await server.handler(new Request(url, init))
        const answer = await res.text()
        seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
        const sent = `${request.method} ${url} ${request.body?.slice(0, 200) ?? ''}`
        expect(res.status, `${sent} → ${answer.slice(0, 300)}`).toBeLessThan(500)
        if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
          const { error } = JSON.parse(answer) as {
            error?: { code?: unknown; reference?: unknown; message?: unknown }
          }
          // The OAuth endpoints refuse in the OAuth 2.0 shape of docs/protocol.md §7.1, and the
          // ledger nodes' faucets as the test networks' faucet does (§8.6); no other route.
          if (typeof error === 'string') {
            expect(new URL(url).pathname, answer).toMatch(/^\/oauth\/|^\/ledger\/[A-Z]+\/accounts$/)
            return
          }
          expect(typeof error?.code, answer).toBe('number')
          expect(typeof error?.reference, answer).toBe('string')
          expect(typeof error?.message, answer).toBe('string')
        }
      }),
      // The routes include the refusal-heavy OAuth, link and xApp ones: enough runs to reach
      // every kind of answer.
      { numRuns: 2500 },
    )
    // Not vacuous: the generated calls reach the routes' answers, not only refusals.
    const counts = JSON.stringify([...seen])
    expect(seen.get(200) ?? 0, counts).toBeGreaterThan(100)
    for (const status of [400, 403, 404]) expect(seen.get(status) ?? 0, counts).toBeGreaterThan(20)
  }, 120_000)
})
