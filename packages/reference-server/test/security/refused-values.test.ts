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
  // Each form as `[what, url of {op}, served]`: `served` forms reach the control API when fetched
  // (shown with {op} = state), the others are forms a proxy in front may fold into it.
  const FORMS: [string, (op: string) => string, boolean][] = [
    ['plain', (op) => `${t.endpoints.api}/__ref/${op}`, true],
    ['localhost', (op) => `http://localhost:${port()}/__ref/${op}`, true],
    ['a dot-dot segment', (op) => `${t.endpoints.api}/a/../__ref/${op}`, true],
    ['an escaped dot-dot', (op) => `${t.endpoints.api}/a/%2e%2E/__ref/${op}`, true],
    ['a dot segment', (op) => `${t.endpoints.api}/./__ref/./${op}`, true],
    ['an escaped underscore', (op) => `${t.endpoints.api}/%5f_ref/${op}`, true],
    ['escaped underscores, upper case', (op) => `${t.endpoints.api}/%5F%5Fref/${op}`, true],
    ['an escaped letter', (op) => `${t.endpoints.api}/__%72ef/${op}`, true],
    [
      'an escaped operation',
      (op) => `${t.endpoints.api}/__ref/%${op.charCodeAt(0).toString(16)}${op.slice(1)}`,
      true,
    ],
    ['backslashes', (op) => `${t.endpoints.api}\\__ref\\${op}`, true],
    ['a query and a fragment', (op) => `${t.endpoints.api}/__ref/${op}?x=1#y`, true],
    ['a tab inside', (op) => `${t.endpoints.api}/__r\tef/${op}`, true],
    ['127.1', (op) => `http://127.1:${port()}/__ref/${op}`, true],
    ['the host as a number', (op) => `http://2130706433:${port()}/__ref/${op}`, true],
    ['upper-case host', (op) => `http://LOCALHOST:${port()}/__ref/${op}`, true],
    ['[::1]', (op) => `http://[::1]:${port()}/__ref/${op}`, false],
    ['a trailing dot on the host', (op) => `http://localhost.:${port()}/__ref/${op}`, false],
    ['upper case', (op) => `${t.endpoints.api}/__REF/${op.toUpperCase()}`, false],
    ['double slashes', (op) => `${t.endpoints.api}//__ref//${op}`, false],
    ['escaped slashes', (op) => `${t.endpoints.api}/%2F__ref%2F${op}`, false],
    ['an escaped slash after a dot-dot', (op) => `${t.endpoints.api}/a/..%2F__ref/${op}`, false],
    ['a twice-escaped underscore', (op) => `${t.endpoints.api}/%255f_ref/${op}`, false],
    ['a trailing slash', (op) => `${t.endpoints.api}/__ref/${op}/`, false],
  ]
  const port = () => new URL(t.endpoints.api).port
  const ALLOWED = () => [
    'http://127.0.0.1:3000/hook',
    `${t.endpoints.api}/hooks/__ref/reset`,
    `${t.endpoints.api}/__refs/reset`,
    'https://hooks.example/__ref/reset',
  ]

  it.each(FORMS.filter(([, , served]) => served))(
    'the router serves the control API at %s (why it is refused)',
    async (_, form) => {
      const res = await fetch(form('state'))
      expect(res.status, form('state')).toBe(200)
    },
  )

  it.each(FORMS)('%s: 400 naming webhookUrl on create; nothing created', async (_, form) => {
    const before = t.server.platform.applications.list().length
    const webhookUrl = form('reset')
    const error = await errorOf(await t.control('applications', { name: 'Hook', webhookUrl }))
    expect(error, webhookUrl).toMatchObject({ status: 400 })
    expect(error.message, webhookUrl).toContain('webhookUrl')
    expect(t.server.platform.applications.list().length).toBe(before)
  })

  it.each(FORMS)('%s: a PATCH is refused the same way; the webhook stays', async (_, form) => {
    const app = (await json(await t.control('applications', { name: 'Hooked' }))) as RefApplication
    const webhookUrl = form('reset')
    const error = await errorOf(await patchWebhook(app.uuid, webhookUrl))
    expect(error, webhookUrl).toMatchObject({ status: 400 })
    expect(error.message, webhookUrl).toContain('webhookUrl')
    expect(t.server.platform.applications.get(app.uuid).webhookUrl).toBeNull()
  })

  it('other paths of the server, and other hosts’ /__ref, are accepted on create and PATCH', async () => {
    const app = (await json(await t.control('applications', { name: 'Hooked' }))) as RefApplication
    for (const webhookUrl of ALLOWED()) {
      const created = await t.control('applications', { name: 'Hook', webhookUrl })
      expect(created.status, webhookUrl).toBe(200)
      expect((await patchWebhook(app.uuid, webhookUrl)).status, webhookUrl).toBe(200)
      expect(t.server.platform.applications.get(app.uuid).webhookUrl).toBe(webhookUrl)
    }
  })
})

const patchWebhook = (uuid: string, webhookUrl: string) =>
  fetch(`${t.endpoints.api}/__ref/applications/${uuid}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ webhookUrl }),
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
