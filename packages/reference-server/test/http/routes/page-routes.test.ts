import { afterEach, describe, expect, it } from 'vitest'
import { assemblePlatform, type Platform } from '../../../src/create-platform'
import { createHttpHandler } from '../../../src/http/handler'
import { PAGE_CONTENT_SECURITY_POLICY } from '../../../src/http/html-response'
import { DASHBOARD_PAYLOAD_LIMIT } from '../../../src/http/routes/page-routes'

const platforms: Platform[] = []
afterEach(() => {
  for (const platform of platforms.splice(0)) platform.dispose()
})

function setup() {
  const assembled = assemblePlatform({ ledgerCloseMs: false, rateLimits: false })
  const { platform } = assembled
  platforms.push(platform)
  const handler = createHttpHandler(assembled)
  const app = platform.applications.list()[0]
  if (!app) throw new Error('the demo fixtures should hold an application')
  const get = (path: string, headers: Record<string, string> = {}) =>
    handler(new Request(`${platform.endpoints.api}${path}`, { headers }))
  return { platform, app, get }
}

const PAYMENT = {
  TransactionType: 'Payment',
  Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  Amount: '1',
}

describe('page routes in the one handler', () => {
  it('GET / is the whole dashboard page with the pages’ headers', async () => {
    const { get } = setup()
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CONTENT_SECURITY_POLICY)
    const html = await res.text()
    expect(html.startsWith('<!doctype html>')).toBe(true)
    expect(html).toContain('<h3>Demo shop</h3>')
  })

  it('GET /?part=main is the live sections only, from the same origin or a tool', async () => {
    const { platform, app, get } = setup()
    const created = platform.payloads.create(app, { txjson: PAYMENT })
    const sameOrigin = { 'sec-fetch-site': 'same-origin', origin: platform.endpoints.api }
    for (const headers of [{}, sameOrigin] as Record<string, string>[]) {
      const res = await get('/?part=main', headers)
      expect(res.status).toBe(200)
      const html = await res.text()
      expect(html).not.toContain('<html')
      expect(html).toContain(`<tr data-payload="${created.uuid}" data-state="pending">`)
    }
  })

  it('refuses the live sections to another origin (812), as the control API does', async () => {
    const { get } = setup()
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ]
    for (const headers of foreign) {
      const res = await get('/?part=main', headers)
      expect(res.status).toBe(403)
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(812)
    }
  })

  it(`lists the newest ${DASHBOARD_PAYLOAD_LIMIT} payloads and says how many there are`, async () => {
    const { platform, app, get } = setup()
    const uuids = Array.from(
      { length: DASHBOARD_PAYLOAD_LIMIT + 5 },
      () => platform.payloads.create(app, { txjson: PAYMENT }).uuid,
    )
    const html = await (await get('/?part=main')).text()
    expect(html).toContain(`The newest ${DASHBOARD_PAYLOAD_LIMIT} of ${uuids.length}.`)
    expect(html.match(/<tr data-payload=/g)).toHaveLength(DASHBOARD_PAYLOAD_LIMIT)
    expect(html).toContain(`data-payload="${uuids.at(-1)}"`)
    expect(html).not.toContain(`data-payload="${uuids[0]}"`)
  })
})
