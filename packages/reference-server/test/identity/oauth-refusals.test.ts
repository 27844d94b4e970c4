import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, pkcePair, REDIRECT, startOAuthServer } from './oauth-client'

let o: OAuthServer
beforeAll(async () => {
  o = await startOAuthServer()
}, 30_000)
afterAll(() => o.close())

const stored = () => o.t.server.platform.payloads.size

describe('/auth refusals before any redirect (docs/protocol.md §7.1)', { timeout: 20_000 }, () => {
  const cases: Array<[string, string, RegExp, () => Record<string, string>]> = [
    [
      'client_id missing',
      'invalid_request',
      /client_id/,
      () => ({ redirect_uri: REDIRECT, response_type: 'code' }),
    ],
    [
      'client_id unknown',
      'invalid_client',
      /client_id/,
      () => ({ client_id: '00000000-0000-4000-8000-000000000000', redirect_uri: REDIRECT }),
    ],
    [
      'redirect_uri missing',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, response_type: 'code' }),
    ],
    [
      'redirect_uri of another host',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'https://evil.example/callback' }),
    ],
    [
      'redirect_uri that stretches the host',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'https://shop.example.evil/callback' }),
    ],
    [
      'redirect_uri that stretches the path',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'https://shop.example/callbackx' }),
    ],
    [
      'redirect_uri with another scheme',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'http://shop.example/callback' }),
    ],
    [
      'redirect_uri on the bare domain of a *. entry',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'https://apps.example/cb' }),
    ],
    [
      'redirect_uri that is not a URL',
      'invalid_request',
      /redirect_uri/,
      () => ({ client_id: o.client.apiKey, redirect_uri: 'not a url' }),
    ],
    [
      'client_id given twice',
      'invalid_request',
      /client_id/,
      () => ({ client_id: o.client.apiKey, redirect_uri: REDIRECT }),
    ],
  ]

  it.each(cases)(
    '%s → 400 %s, JSON for a program, no redirect, nothing stored',
    async (name, error, names, params) => {
      const before = stored()
      const query = new URLSearchParams(params())
      if (name === 'client_id given twice') query.append('client_id', o.client.apiKey)
      const res = await fetch(`${o.oauth}/auth?${query}`, {
        redirect: 'manual',
        headers: { accept: 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      const body = await res.json()
      expect(body.error).toBe(error)
      expect(body.error_description).toMatch(names)
      expect(stored()).toBe(before)
    },
  )

  it('answers a person (no JSON in accept) with a small HTML page saying the same, showing the URI sent as text', async () => {
    const res = await o.auth(
      { client_id: o.client.apiKey, redirect_uri: 'https://evil.example/' },
      { accept: 'text/html' },
    )
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await res.text()
    expect(page).toContain('invalid_request')
    expect(page).toContain('redirect_uri is not whitelisted')
    // issue 21: the page shows the redirect URI that was sent, as text: never a link to it
    expect(page).toContain('<code id="oauth-redirect-uri">https://evil.example/</code>')
    expect(page).not.toContain('href="https://evil.example')
  })
})

describe('/auth refusals sent back to the verified redirect_uri (docs/protocol.md §7.1)', {
  timeout: 20_000,
}, () => {
  const challenge = pkcePair().challenge
  const cases: Array<[string, string, RegExp, Record<string, string>]> = [
    ['response_type missing', 'unsupported_response_type', /response_type/, { response_type: '' }],
    [
      'response_type id_token',
      'unsupported_response_type',
      /response_type/,
      { response_type: 'id_token' },
    ],
    [
      'code_challenge_method plain',
      'invalid_request',
      /code_challenge_method/,
      { code_challenge_method: 'plain' },
    ],
    ['code_challenge too short', 'invalid_request', /code_challenge/, { code_challenge: 'abc' }],
    ['force_network unknown', 'invalid_request', /force_network/, { force_network: 'MOON' }],
    ['signers not addresses', 'invalid_request', /signers/, { signers: 'rNope,xyz' }],
    ['scope with a quote', 'invalid_request', /scope/, { scope: 'openid "x' }],
    ['nonce too long', 'invalid_request', /nonce/, { nonce: 'n'.repeat(513) }],
  ]

  it.each(cases)(
    '%s → redirect with error=%s, error_description naming it, state, nothing stored',
    async (_name, error, names, change) => {
      const before = stored()
      const params: Record<string, string> = { ...o.codeParams(challenge), ...change }
      if (params.response_type === '') delete params.response_type
      const res = await o.auth(params)
      expect(res.status).toBe(302)
      const back = new URL(res.headers.get('location') ?? '')
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
      expect(back.searchParams.get('error')).toBe(error)
      expect(back.searchParams.get('error_description')).toMatch(names)
      expect(back.searchParams.get('state')).toBe('st-1')
      expect(stored()).toBe(before)
    },
  )

  it('a malformed state is not echoed back', async () => {
    const res = await o.auth(o.codeParams(challenge, { state: 's\u0001x' }))
    const back = new URL(res.headers.get('location') ?? '')
    expect(back.searchParams.get('error_description')).toMatch(/state/)
    expect(back.searchParams.has('state')).toBe(false)
  })

  it.each([
    ['a custom scheme', 'myapp://signin/done'],
    ['a subdomain of a *. entry', 'https://eu.apps.example/cb/return'],
    ['the entry with a trailing slash, query and fragment', `${REDIRECT}/?from=menu#top`],
  ])('accepts %s', async (_name, redirectUri) => {
    const res = await o.auth(o.codeParams(challenge, { redirect_uri: redirectUri }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/\/sign\/[0-9a-f-]{36}$/)
  })
})

describe('/token refusals (docs/protocol.md §7.1 "Codes")', { timeout: 20_000 }, () => {
  const issue = async () => {
    const pair = pkcePair()
    const { location } = await o.signIn(o.codeParams(pair.challenge))
    const code = new URL(location).searchParams.get('code') ?? ''
    const good = {
      grant_type: 'authorization_code',
      code,
      client_id: o.client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: pair.verifier,
    }
    return { code, good }
  }
  const refused = async (
    params: Record<string, string>,
    status: number,
    error: string,
    names?: RegExp,
  ) => {
    const res = await o.token(params)
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(status)
    expect(body.error).toBe(error)
    if (names) expect(body.error_description).toMatch(names)
    if (params.code) expect(JSON.stringify(body)).not.toContain(params.code)
    return body
  }

  it.each([
    ['grant_type', 'invalid_request'],
    ['code', 'invalid_request'],
    ['client_id', 'invalid_request'],
    ['redirect_uri', 'invalid_request'],
  ])('without %s → 400 %s naming it', async (name, error) => {
    const { good } = await issue()
    const params: Record<string, string> = { ...good }
    delete params[name]
    await refused(params, 400, error, new RegExp(name))
  })

  it('another grant_type → 400 unsupported_grant_type', async () => {
    const { good } = await issue()
    await refused({ ...good, grant_type: 'password' }, 400, 'unsupported_grant_type')
  })

  it('neither code_verifier nor client_secret → 400 invalid_request', async () => {
    const { good } = await issue()
    const { code_verifier: _, ...rest } = good
    await refused(rest, 400, 'invalid_request', /code_verifier/)
  })

  it('an unknown client or a wrong client_secret → 401 invalid_client', async () => {
    const { good } = await issue()
    await refused(
      { ...good, client_id: '00000000-0000-4000-8000-000000000000' },
      401,
      'invalid_client',
    )
    const second = await issue()
    await refused(
      { ...second.good, client_secret: '00000000-0000-4000-8000-000000000000' },
      401,
      'invalid_client',
    )
  })

  it.each([
    [
      'another redirect_uri',
      (g: Record<string, string>) => ({ ...g, redirect_uri: `${REDIRECT}/other` }),
    ],
    [
      'a verifier that does not match',
      (g: Record<string, string>) => ({ ...g, code_verifier: pkcePair().verifier }),
    ],
    ['a malformed verifier', (g: Record<string, string>) => ({ ...g, code_verifier: 'short' })],
  ])('%s is refused, and the code is spent for the right request too', async (_name, change) => {
    const { good } = await issue()
    const res = await o.token(change(good))
    expect(res.status).toBe(400)
    await refused(good, 400, 'invalid_grant')
  })

  it('an unknown code → invalid_grant', async () => {
    const { good } = await issue()
    await refused({ ...good, code: 'x'.repeat(43) }, 400, 'invalid_grant')
  })

  it('a code of another client → invalid_grant', async () => {
    const other = o.t.server.platform.applications.create({
      name: 'Other',
      redirectUris: [REDIRECT],
    })
    const { good } = await issue()
    await refused({ ...good, client_id: other.apiKey }, 400, 'invalid_grant')
  })

  it('a code lives 10 minutes on the server clock', async () => {
    const { good } = await issue()
    o.t.server.clock.advance(601)
    await refused(good, 400, 'invalid_grant')
    const fresh = await issue()
    o.t.server.clock.advance(599)
    expect((await o.token(fresh.good)).status).toBe(200)
  })

  it('a body that is neither a form nor JSON → 400 invalid_request naming body', async () => {
    const res = await fetch(`${o.oauth}/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=authorization_code',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/body/),
    })
  })
})

describe('/userinfo refusals (docs/protocol.md §7.1 "Tokens")', { timeout: 20_000 }, () => {
  it.each([
    ['no authorization', undefined],
    ['a token that is not a JWT', 'Bearer nope'],
    ['a JWT of another issuer', 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ])('%s → 401 invalid_token with www-authenticate', async (_name, authorization) => {
    const res = await fetch(`${o.oauth}/userinfo`, {
      headers: authorization ? { authorization } : {},
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    expect(await res.json()).toMatchObject({ error: 'invalid_token' })
  })

  it('an access token past its 24 hours → 401 invalid_token', async () => {
    const pair = pkcePair()
    const { location } = await o.signIn(o.codeParams(pair.challenge))
    const res = await o.token({
      grant_type: 'authorization_code',
      code: new URL(location).searchParams.get('code') ?? '',
      client_id: o.client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: pair.verifier,
    })
    const { access_token } = await res.json()
    const ask = () =>
      fetch(`${o.oauth}/userinfo`, { headers: { authorization: `Bearer ${access_token}` } })
    expect((await ask()).status).toBe(200)
    o.t.server.clock.advance(86_401)
    const late = await ask()
    expect(late.status).toBe(401)
    expect((await late.json()).error_description).toMatch(/expired/)
  })
})

describe('/signin refusals (docs/protocol.md §7.1)', { timeout: 20_000 }, () => {
  it.each([
    ['no session', ''],
    ['an unknown session', '?session=00000000-0000-4000-8000-000000000000'],
  ])('%s → 400 invalid_request naming session, never a redirect', async (_name, query) => {
    const json = await fetch(`${o.oauth}/signin${query}`, {
      redirect: 'manual',
      headers: { accept: 'application/json' },
    })
    expect(json.status).toBe(400)
    expect(json.headers.get('location')).toBeNull()
    expect(await json.json()).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringMatching(/^session /),
    })
    const page = await fetch(`${o.oauth}/signin${query}`, { redirect: 'manual' })
    expect(page.status).toBe(400)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
  })
})
