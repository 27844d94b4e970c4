import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../src/control-api-types'
import { type OAuthServer, startOAuthServer } from '../identity/oauth-client'
import { errorOf, okJson as json, startTestServer, type TestServer } from '../server/test-server'

// docs/protocol.md §7.3, the Low items of issue 22.
let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const DANGEROUS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  'data:text/html,x',
  'vbscript:x',
  'file:///etc/passwd',
]

describe('dangerous schemes are refused (§7.3)', () => {
  it('as redirect URIs: 400 naming redirectUris; custom app schemes stay allowed', async () => {
    for (const uri of DANGEROUS) {
      const res = await t.control('applications', { name: 'Shop', redirectUris: [uri] })
      const error = await errorOf(res)
      expect(error.status, uri).toBe(400)
      expect(error.message, uri).toContain('redirectUris')
    }
    expect(
      (await t.control('applications', { name: 'App', redirectUris: ['myapp://in'] })).status,
    ).toBe(200)
  })

  it('as return_url.web: 400 naming it, no payload stored', async () => {
    const before = t.server.platform.payloads.size
    for (const web of DANGEROUS) {
      const res = await t.api('payload', {
        json: { txjson: { TransactionType: 'SignIn' }, options: { return_url: { web } } },
      })
      const error = await errorOf(res)
      expect(error.status, web).toBe(400)
      expect(error.message, web).toContain('return_url.web')
    }
    expect(t.server.platform.payloads.size).toBe(before)
  })
})

describe('/force re-arms an OTT at most 3 times (§7.3)', () => {
  it('the fourth replay is refused with 815', async () => {
    const app = (await json(
      await t.control('applications', {
        name: 'Game',
        xapp: { url: 'https://game.example/', devices: ['debug-phone'] },
      }),
    )) as RefApplication
    const { ott } = await json(
      await t.control('xapps/launch', {
        application: app.uuid,
        user: t.alice.uuid,
        device: 'debug-phone',
      }),
    )
    const force = () =>
      fetch(`${t.endpoints.api}/detect/xapp:${app.uuid}/force?xAppToken=${ott}`, {
        headers: { 'user-agent': 'xumm/xapp:2.9.0' },
        redirect: 'manual',
      })
    for (let n = 0; n < 3; n++) expect((await force()).status).toBe(302)
    expect(await errorOf(await force())).toMatchObject({ status: 403, code: 815 })
  })
})

describe('a webhook URL at the server’s own control API is refused (§7.3)', () => {
  it('400 naming webhookUrl; nothing created', async () => {
    const before = t.server.platform.applications.list().length
    for (const webhookUrl of [
      `${t.endpoints.api}/__ref/reset`,
      `http://localhost:${new URL(t.endpoints.api).port}/__ref/reset`,
      `${t.endpoints.api}/a/../__ref/reset`,
    ]) {
      const error = await errorOf(await t.control('applications', { name: 'Hook', webhookUrl }))
      expect(error.status, webhookUrl).toBe(400)
      expect(error.message, webhookUrl).toContain('webhookUrl')
    }
    expect(t.server.platform.applications.list().length).toBe(before)
    expect(
      (await t.control('applications', { name: 'Hook', webhookUrl: 'http://127.0.0.1:3000/hook' }))
        .status,
    ).toBe(200)
  })

  it('a PATCH to one is refused the same way; the application keeps its webhook', async () => {
    const app = (await json(await t.control('applications', { name: 'Hooked' }))) as RefApplication
    const patch = (webhookUrl: string) =>
      fetch(`${t.endpoints.api}/__ref/applications/${app.uuid}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ webhookUrl }),
      })
    const error = await errorOf(await patch(`${t.endpoints.api}/__ref/reset`))
    expect(error.status).toBe(400)
    expect(error.message).toContain('webhookUrl')
    expect(t.server.platform.applications.get(app.uuid).webhookUrl).toBeNull()
    expect((await patch('http://127.0.0.1:3000/hook')).status).toBe(200)
  })
})

describe('headers (§7.3)', () => {
  it('JSON error answers carry nosniff', async () => {
    const res = await t.api('payload/nope')
    expect(res.status).toBe(404)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('www-authenticate escapes inner quotes; a JWT route with a Bearer and a key+secret is 812', async () => {
    const o: OAuthServer = await startOAuthServer()
    try {
      const res = await fetch(`${o.oauth}/userinfo`, { headers: { authorization: 'Bearer x"y' } })
      const header = res.headers.get('www-authenticate') ?? ''
      // Every quote inside a quoted-string is escaped (RFC 9110 §5.6.4).
      const inner = header.replace(/^Bearer /, '').replace(/[a-z_]+="((?:[^"\\]|\\.)*)"(, )?/g, '')
      expect(inner, header).toBe('')
      const token = await o.accessToken()
      const both = await o.jwt('ping', token, {
        headers: { 'x-api-key': o.client.apiKey, 'x-api-secret': o.client.apiSecret },
      })
      expect(await errorOf(both)).toMatchObject({ status: 403, code: 812 })
    } finally {
      await o.close()
    }
  })
})
