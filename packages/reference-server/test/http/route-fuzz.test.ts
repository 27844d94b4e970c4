import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

// Every route of §2 and §10 and the sign routes, with {p} for a path parameter.
const ROUTES: [string, string][] = [
  ['GET', '/api/v1/platform/ping'],
  ['GET', '/api/v1/platform/curated-assets'],
  ['GET', '/api/v1/platform/rails'],
  ['GET', '/api/v1/platform/hookhash'],
  ['GET', '/api/v1/platform/hookhash/{p}'],
  ['GET', '/api/v1/platform/rates/{p}'],
  ['GET', '/api/v1/platform/kyc-status/{p}'],
  ['POST', '/api/v1/platform/kyc-status'],
  ['GET', '/api/v1/platform/xrpl-tx/{p}'],
  ['POST', '/api/v1/platform/user-tokens'],
  ['GET', '/api/v1/platform/user-token/{p}'],
  ['GET', '/api/v1/platform/account-meta/{p}'],
  ['POST', '/api/v1/platform/payload'],
  ['GET', '/api/v1/platform/payload/{p}'],
  ['GET', '/api/v1/platform/payload/ci/{p}'],
  ['DELETE', '/api/v1/platform/payload/{p}'],
  ['GET', '/api/v1/platform/app-storage'],
  ['POST', '/api/v1/platform/app-storage'],
  ['DELETE', '/api/v1/platform/app-storage'],
  ['POST', '/api/v1/platform/xapp/event'],
  ['POST', '/api/v1/platform/xapp/push'],
  ['GET', '/api/v1/platform/xapp/ott/{p}'],
  ['GET', '/api/v1/platform/xapp/ott/{p}/{p}'],
  ['GET', '/__ref/state'],
  ['POST', '/__ref/applications'],
  ['POST', '/__ref/users'],
  ['POST', '/__ref/payloads/{p}/open'],
  ['POST', '/__ref/payloads/{p}/sign'],
  ['POST', '/__ref/payloads/{p}/reject'],
  ['POST', '/__ref/ledger/close'],
  ['POST', '/__ref/clock/advance'],
  ['GET', '/__ref/webhooks'],
  ['POST', '/__ref/xapps/launch'],
  ['POST', '/__ref/users/{p}/tokens/{p}/revoke'],
  ['GET', '/__ref/users/{p}/inbox'],
  ['GET', '/sign/{p}'],
  ['GET', '/sign/{p}/qr'],
  ['GET', '/sign/{p}_q.png'],
  ['GET', '/sign/{p}_h.json'],
]

const param = fc.oneof(
  fc.constantFrom('KNOWN0', 'KNOWN1', 'KNOWN2', 'KNOWN3', 'KNOWN4'),
  fc.string({ maxLength: 80 }),
  fc.uuid(),
)
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
  fc
    .record(
      {
        user: fc.oneof(fc.constant('KNOWN1'), fc.string()),
        seconds: fc.oneof(fc.double(), fc.integer({ min: 1, max: 3600 })),
        network: fc.string(),
        name: fc.string(),
        tokens: fc.array(fc.string()),
        user_token: fc.string(),
        body: fc.string(),
      },
      { requiredKeys: [] },
    )
    .map((value) => JSON.stringify(value)),
)
const headers = fc.constantFrom<Record<string, string>>(
  {},
  { authorization: 'Bearer x.y.z' },
  { 'x-api-key': 'nope' },
)

const fill = (template: string, params: string[]) => {
  let index = 0
  return template.replace(/\{p\}/g, () => {
    const raw = params[index++] ?? ''
    const value = raw.replace(/^KNOWN(\d)$/, (_, n: string) => known[Number(n)] ?? raw)
    return encodeURIComponent(value)
  })
}

describe('every route with generated input (issue 3: never a 500)', () => {
  it('answers a status below 500, and every JSON refusal is a §1 error body', async () => {
    const seen = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.array(param, { minLength: 2, maxLength: 2 }),
        body,
        fc.boolean(),
        headers,
        async ([method, template], params, text, withAuth, extra) => {
          const url = `${API}${fill(template, params)}`
          const init: RequestInit = { method, headers: { ...(withAuth ? auth : {}), ...extra } }
          if (text !== undefined && method !== 'GET') init.body = text
          const res = await server.handler(new Request(url, init))
          const answer = await res.text()
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1)
          expect(
            res.status,
            `${method} ${url} ${text ?? ''} → ${answer.slice(0, 300)}`,
          ).toBeLessThan(500)
          if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) {
            const { error } = JSON.parse(answer) as {
              error?: { code?: unknown; reference?: unknown; message?: unknown }
            }
            expect(typeof error?.code, answer).toBe('number')
            expect(typeof error?.reference, answer).toBe('string')
            expect(typeof error?.message, answer).toBe('string')
          }
        },
      ),
      { numRuns: 1500 },
    )
    // Not vacuous: the generated calls reach the routes' answers, not only refusals.
    const counts = JSON.stringify([...seen])
    expect(seen.get(200) ?? 0, counts).toBeGreaterThan(100)
    for (const status of [400, 403, 404]) expect(seen.get(status) ?? 0, counts).toBeGreaterThan(20)
  }, 120_000)
})
