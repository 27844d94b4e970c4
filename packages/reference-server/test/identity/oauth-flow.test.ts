import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, pkcePair, REDIRECT, startOAuthServer } from './oauth-client'

let o: OAuthServer
beforeAll(async () => {
  o = await startOAuthServer()
}, 30_000)
afterAll(() => o.close())

describe('code + PKCE (docs/protocol.md §7.1)', { timeout: 20_000 }, () => {
  it('signs in, exchanges the code once, and the tokens verify against /certs', async () => {
    const { verifier, challenge } = pkcePair()
    const { location, uuid } = await o.signIn(o.codeParams(challenge, { nonce: 'n-1' }))
    const back = new URL(location)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    const code = back.searchParams.get('code') ?? ''
    expect(back.searchParams.get('authorization_code')).toBe(code)
    expect(back.searchParams.get('state')).toBe('st-1')

    const res = await o.token({
      grant_type: 'authorization_code',
      code,
      client_id: o.client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 86400,
      refresh_token: '',
      scope: 'openid',
    })
    expect(res.headers.get('cache-control')).toBe('no-store')

    const jwks = createRemoteJWKSet(new URL(`${o.oauth}/certs`))
    const now = new Date(o.t.server.clock.now())
    const access = await jwtVerify(body.access_token, jwks, {
      issuer: o.oauth,
      audience: o.client.apiKey,
      currentDate: now,
    })
    const account = o.t.alice.accounts[0]?.address
    expect(access.payload).toMatchObject({
      client_id: o.client.apiKey,
      sub: account,
      app_uuidv4: o.client.uuid,
      app_name: 'OAuth shop',
      payload_uuidv4: uuid,
      network_type: 'MAINNET',
      network_id: 0,
      // The node of the network on this server, where the app's xrpl.js finds the account (§8.6).
      network_endpoint: `${o.t.endpoints.api.replace(/^http/, 'ws')}/ledger/MAINNET`,
      scope: 'openid',
      state: 'st-1',
      nonce: 'n-1',
    })
    expect(Number(access.payload.exp) - Number(access.payload.iat)).toBe(86400)
    const record = o.t.server.platform.payloads.record(uuid)
    expect(access.payload.usertoken_uuidv4).toBe(record.application.issued_user_token)
    const id = await jwtVerify(body.id_token, jwks, {
      issuer: o.oauth,
      audience: o.client.apiKey,
      currentDate: now,
    })
    expect(id.payload).toMatchObject({ sub: account, nonce: 'n-1' })
    expect(id.protectedHeader.kid).toBe(access.protectedHeader.kid)

    const again = await o.token({
      grant_type: 'authorization_code',
      code,
      client_id: o.client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    expect(again.status).toBe(400)
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' })
  })
})

describe('code + client_secret, implicit and rejection (docs/protocol.md §7.1)', {
  timeout: 20_000,
}, () => {
  it('a code issued without code_challenge is exchanged with the client secret (JSON body)', async () => {
    const params = o.codeParams('', { scope: 'profile' })
    delete (params as Record<string, string>).code_challenge
    delete (params as Record<string, string>).code_challenge_method
    const { location } = await o.signIn(params)
    const code = new URL(location).searchParams.get('code') ?? ''
    const withoutSecret = await o.token({
      grant_type: 'authorization_code',
      code,
      client_id: o.client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: pkcePair().verifier,
    })
    // a verifier cannot stand in for the secret, and the failed try spent the code
    expect(withoutSecret.status).toBe(401)
    expect(await withoutSecret.json()).toMatchObject({ error: 'invalid_client' })

    const second = await o.signIn(params)
    const res = await fetch(`${o.oauth}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'authorization_code',
        code: new URL(second.location).searchParams.get('code'),
        client_id: o.client.apiKey,
        redirect_uri: REDIRECT,
        client_secret: o.client.apiSecret,
      }),
    })
    const body = await res.json()
    expect(res.status, JSON.stringify(body)).toBe(200)
    expect(body.id_token).toBeUndefined()
    expect(body.scope).toBe('profile')
  })

  it('implicit: the token comes back in the redirect with state and expires_in', async () => {
    const { location } = await o.signIn({
      client_id: o.client.apiKey,
      redirect_uri: `${REDIRECT}?keep=1`,
      response_type: 'token',
      state: 'imp',
    })
    const back = new URL(location)
    expect(back.searchParams.get('keep')).toBe('1')
    expect(back.searchParams.get('token_type')).toBe('bearer')
    expect(back.searchParams.get('expires_in')).toBe('86400')
    expect(back.searchParams.get('state')).toBe('imp')
    const me = await fetch(`${o.oauth}/userinfo`, {
      headers: { authorization: `Bearer ${back.searchParams.get('access_token')}` },
    })
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({
      sub: o.t.alice.accounts[0]?.address,
      account: o.t.alice.accounts[0]?.address,
      name: 'Alice',
      kycApproved: true,
      blocked: false,
      networkType: 'MAINNET',
      networkId: 0,
      networkEndpoint: `${o.t.endpoints.api.replace(/^http/, 'ws')}/ledger/MAINNET`,
    })
  })

  it('a rejected sign-in comes back as access_denied with state, and issues nothing', async () => {
    const { location, back } = await o.signIn(o.codeParams(pkcePair().challenge), 'reject')
    expect(back.status).toBe(302)
    const url = new URL(location)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'the user rejected the sign-in',
      state: 'st-1',
    })
  })

  it('the return page delivers its result once (§7.3), and waits while the request is open', async () => {
    const started = await o.auth(o.codeParams(pkcePair().challenge))
    const uuid = (started.headers.get('location') ?? '').split('/sign/')[1] ?? ''
    const returnUrl = o.t.server.platform.payloads.request(uuid).options.return_url.web ?? ''
    expect(returnUrl.startsWith(`${o.oauth}/signin?session=`)).toBe(true)
    const early = await fetch(returnUrl, { redirect: 'manual' })
    expect(early.status).toBe(409)
    expect(await early.text()).toContain(`/sign/${uuid}`)
    await o.t.control(`payloads/${uuid}/sign`, { user: o.t.bob.uuid })
    const first = await fetch(returnUrl, { redirect: 'manual' })
    const second = await fetch(returnUrl, { redirect: 'manual' })
    expect(first.status).toBe(302)
    expect(second.status).toBe(400)
    expect(second.headers.get('location')).toBeNull()
  })
})

describe('the SignIn payload /auth creates (docs/protocol.md §7.1 details)', {
  timeout: 20_000,
}, () => {
  it('belongs to the client, passes force_network and signers on, and fires its webhook app', async () => {
    const signer = o.t.bob.accounts[1]?.address ?? ''
    const started = await o.auth(
      o.codeParams(pkcePair().challenge, { force_network: 'TESTNET', signers: signer }),
    )
    const uuid = (started.headers.get('location') ?? '').split('/sign/')[1] ?? ''
    expect(started.headers.get('location')).toBe(`${o.t.endpoints.api}/sign/${uuid}`)
    const record = o.t.server.platform.payloads.record(uuid)
    expect(record.application.uuidv4).toBe(o.client.uuid)
    expect(record.payload.request_json).toEqual({ TransactionType: 'SignIn', SignIn: true })
    expect(record.meta).toMatchObject({ force_network: 'TESTNET', signers: [signer] })
    const signed = await o.t.control(`payloads/${uuid}/sign`, { user: o.t.bob.uuid })
    expect((await signed.json()).response).toMatchObject({
      account: signer,
      environment_nodetype: 'TESTNET',
    })
  })
})

describe('discovery and keys (docs/protocol.md §7.1)', { timeout: 20_000 }, () => {
  it('publishes the issuer, endpoints and one RS256 key whose kid stays the same', async () => {
    const res = await fetch(`${o.oauth}/.well-known/openid-configuration`)
    expect(await res.json()).toMatchObject({
      issuer: o.oauth,
      authorization_endpoint: `${o.oauth}/auth`,
      token_endpoint: `${o.oauth}/token`,
      userinfo_endpoint: `${o.oauth}/userinfo`,
      jwks_uri: `${o.oauth}/certs`,
      response_types_supported: ['code', 'token'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['RS256'],
      grant_types_supported: ['authorization_code', 'implicit'],
      subject_types_supported: ['public'],
      scopes_supported: expect.arrayContaining(['openid']),
    })
    const first = await (await fetch(`${o.oauth}/certs`)).json()
    o.t.server.platform.reset()
    const second = await (await fetch(`${o.oauth}/certs`)).json()
    expect(first.keys).toHaveLength(1)
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' })
    expect(first.keys[0].d).toBeUndefined()
    expect(second).toEqual(first)
  })
})
