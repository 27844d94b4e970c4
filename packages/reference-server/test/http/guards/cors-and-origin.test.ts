import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

describe('CORS on key/secret routes (docs/protocol.md §1)', () => {
  it('a browser origin gets no access-control-allow-origin, so a page cannot use a secret', async () => {
    const res = await t.api('ping', { headers: { origin: 'https://shop.example' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('a preflight is not answered with CORS headers', async () => {
    const res = await fetch(`${t.endpoints.api}/api/v1/platform/payload`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,x-api-secret,content-type',
      },
    })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('access-control-allow-headers')).toBeNull()
    expect(res.ok).toBe(false)
  })
})

describe('the control API is same-origin only (docs/protocol.md §10)', () => {
  it('refuses another Origin without changing anything', async () => {
    const before = t.server.platform.users.list().length
    const res = await t.control('users', { name: 'Mallory' }, { origin: 'https://evil.example' })
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 812 })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(t.server.platform.users.list()).toHaveLength(before)
  })

  it('refuses a browser call marked cross-site even without Origin', async () => {
    const res = await t.control('state', undefined, { 'sec-fetch-site': 'cross-site' })
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 812 })
  })

  it('takes Origin null only with sec-fetch-site same-origin (a no-referrer page posting a form)', async () => {
    const own = await t.control('state', undefined, {
      origin: 'null',
      'sec-fetch-site': 'same-origin',
    })
    expect(own.status).toBe(200)
    for (const site of ['cross-site', 'same-site', undefined]) {
      const headers: Record<string, string> = { origin: 'null' }
      if (site) headers['sec-fetch-site'] = site
      const res = await t.control('users', { name: `Mallory ${site}` }, headers)
      expect(await errorOf(res), String(site)).toMatchObject({ status: 403, code: 812 })
    }
  })

  it('accepts its own origin (the sign page and dashboard) and tools that send none', async () => {
    const own = await t.control('state', undefined, {
      origin: t.endpoints.api,
      'sec-fetch-site': 'same-origin',
    })
    expect(own.status).toBe(200)
    const tool = await t.control('state')
    expect(tool.status).toBe(200)
  })
})
