import { afterEach, describe, expect, it } from 'vitest'
import { createReferenceServer, type ReferenceServer } from '../../src/index'

const servers: ReferenceServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})
const start = (options: Parameters<typeof createReferenceServer>[0]) => {
  const server = createReferenceServer({ ledgerCloseMs: false, ...options })
  servers.push(server)
  return server
}

// A request whose Host is not the server's public name: nothing the server emits may follow it.
const viaOtherHost = (server: ReferenceServer, path: string, init: RequestInit = {}) =>
  server.handler(new Request(`http://evil.example${path}`, init))

/** The demo application's key and secret headers. */
const credentials = (server: ReferenceServer): Record<string, string> => {
  const [app] = server.platform.applications.list()
  return { 'x-api-key': app?.apiKey ?? '', 'x-api-secret': app?.apiSecret ?? '' }
}

describe('public base URLs (docs/protocol.md "Public base URLs")', { timeout: 20_000 }, () => {
  it('publicUrl sets next, refs, the websocket URL, issuer, endpoints and redirects', async () => {
    const server = start({ publicUrl: 'https://sign.example.test/' })
    expect(await server.listen(0)).toEqual({
      api: 'https://sign.example.test',
      oauth: 'https://sign.example.test/oauth',
      links: 'https://sign.example.test',
    })
    const keys = credentials(server)
    const created = await viaOtherHost(server, '/api/v1/platform/payload', {
      method: 'POST',
      body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
      headers: keys,
    })
    const body = await created.json()
    expect(body.next.always).toBe(`https://sign.example.test/sign/${body.uuid}`)
    expect(body.refs.qr_png).toBe(`https://sign.example.test/sign/${body.uuid}_q.png`)
    expect(body.refs.websocket_status).toBe(`wss://sign.example.test/sign/${body.uuid}`)

    const discovery = await (
      await viaOtherHost(server, '/oauth/.well-known/openid-configuration')
    ).json()
    expect(discovery).toMatchObject({
      issuer: 'https://sign.example.test/oauth',
      authorization_endpoint: 'https://sign.example.test/oauth/auth',
      jwks_uri: 'https://sign.example.test/oauth/certs',
    })
    const started = await viaOtherHost(
      server,
      `/oauth/auth?${new URLSearchParams({
        client_id: keys['x-api-key'] ?? '',
        redirect_uri: 'http://127.0.0.1:3000/callback',
        response_type: 'token',
      })}`,
    )
    const location = started.headers.get('location') ?? ''
    expect(location).toMatch(/^https:\/\/sign\.example\.test\/sign\/[0-9a-f-]{36}$/)
    const uuid = location.split('/sign/')[1] ?? ''
    expect(server.platform.payloads.request(uuid).options.return_url.web).toMatch(
      /^https:\/\/sign\.example\.test\/oauth\/signin\?session=/,
    )
  })

  it('oauthUrl on a host of its own serves the provider at the root, and only it gets CORS', async () => {
    const server = start({
      publicUrl: 'https://sign.example.test',
      oauthUrl: 'https://login.example.test',
    })
    await server.listen(0)
    expect(server.endpoints.oauth).toBe('https://login.example.test')
    const discovery = await viaOtherHost(server, '/.well-known/openid-configuration')
    expect(await discovery.json()).toMatchObject({
      issuer: 'https://login.example.test',
      token_endpoint: 'https://login.example.test/token',
    })
    expect(discovery.headers.get('access-control-allow-origin')).toBe('*')
    const ping = await viaOtherHost(server, '/api/v1/platform/ping', {
      headers: { ...credentials(server), origin: 'https://shop.example' },
    })
    expect(ping.status).toBe(200)
    expect(ping.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("the control API takes its own pages' calls from the public origin, behind a proxy", async () => {
    const server = start({ publicUrl: 'https://sign.example.test' })
    const users = server.platform.users.list().length
    // The proxy forwards to the server's own address; the browser says the page's origin.
    const call = (origin: string) =>
      server.handler(
        new Request('http://127.0.0.1:8787/__ref/users', {
          method: 'POST',
          headers: { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: JSON.stringify({ name: `From ${origin.length}` }),
        }),
      )
    expect((await call('https://sign.example.test')).status).toBe(200)
    expect((await call('https://evil.example')).status).toBe(403)
    expect(server.platform.users.list()).toHaveLength(users + 1)
  })

  it.each([
    [{ publicUrl: 'ftp://sign.example.test' }, /publicUrl/],
    [{ publicUrl: 'https://sign.example.test/?x=1' }, /publicUrl/],
    [{ oauthUrl: 'not a url' }, /oauthUrl/],
  ])('%j is refused, naming the option', (options, names) => {
    expect(() => createReferenceServer(options)).toThrow(names)
  })
})
