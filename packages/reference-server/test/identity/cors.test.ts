import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, startOAuthServer } from './oauth-client'

let o: OAuthServer
let bearer: string
beforeAll(async () => {
  o = await startOAuthServer()
  bearer = await o.accessToken()
}, 30_000)
afterAll(() => o.close())

const ORIGIN = 'https://shop.example'

const preflight = (url: string, method: string, headers: string) =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': headers,
    },
  })

describe('CORS exactly as docs/protocol.md §1', { timeout: 20_000 }, () => {
  it.each([
    [
      'a JWT route',
      () => `${o.t.endpoints.api}/api/v1/jwt/payload`,
      'POST',
      'authorization,content-type',
    ],
    [
      'the OTT exchange',
      () => `${o.t.endpoints.api}/api/v1/jwt/authorize`,
      'GET',
      'x-api-key,x-api-ott',
    ],
    ['the token endpoint', () => `${o.oauth}/token`, 'POST', 'content-type'],
    ['userinfo', () => `${o.oauth}/userinfo`, 'GET', 'authorization'],
    [
      'a platform route that takes a Bearer',
      () => `${o.t.endpoints.api}/api/v1/platform/user-tokens`,
      'POST',
      'authorization,content-type',
    ],
  ])('%s answers preflight', async (_name, url, method, headers) => {
    const res = await preflight(url(), method, headers)
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain(method)
    const allowed = res.headers.get('access-control-allow-headers') ?? ''
    for (const header of headers.split(',')) expect(allowed).toContain(header)
    expect(allowed).not.toContain('x-api-secret')
  })

  it('JWT and OAuth answers carry access-control-allow-origin and expose the rate-limit headers', async () => {
    const ping = await o.jwt('ping', bearer, { headers: { origin: ORIGIN } })
    expect(ping.headers.get('access-control-allow-origin')).toBe('*')
    expect(ping.headers.get('access-control-expose-headers')).toContain('x-ratelimit-remaining')
    const refused = await fetch(`${o.t.endpoints.api}/api/v1/jwt/ping`, {
      headers: { origin: ORIGIN },
    })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe('*')
    const unknown = await o.jwt('nope', bearer, { headers: { origin: ORIGIN } })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('access-control-allow-origin')).toBe('*')
    for (const path of ['certs', '.well-known/openid-configuration', 'token']) {
      const res = await fetch(`${o.oauth}/${path}`, {
        method: path === 'token' ? 'POST' : 'GET',
        headers: { origin: ORIGIN },
      })
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*')
    }
  })

  it('key/secret routes send none, even on the routes that also take a Bearer', async () => {
    for (const path of ['ping', 'kyc-status/rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY']) {
      const res = await o.t.api(path, { headers: { origin: ORIGIN } })
      expect(res.status, path).toBe(200)
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull()
    }
    const tokens = await o.t.api('user-tokens', {
      json: { tokens: ['x'] },
      headers: { origin: ORIGIN },
    })
    expect(tokens.status).toBe(200)
    expect(tokens.headers.get('access-control-allow-origin')).toBeNull()
    for (const [path, method, headers] of [
      ['payload', 'POST', 'x-api-key,x-api-secret,content-type'],
      ['user-tokens', 'POST', 'authorization,x-api-secret'],
      ['kyc-status', 'POST', 'x-api-key,x-api-secret'],
    ] as const) {
      const res = await preflight(`${o.t.endpoints.api}/api/v1/platform/${path}`, method, headers)
      expect(res.headers.get('access-control-allow-origin'), path).toBeNull()
      expect(res.ok, path).toBe(false)
    }
  })
})
