import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, pkcePair, REDIRECT, startOAuthServer } from '../identity/oauth-client'

let o: OAuthServer
beforeAll(async () => {
  o = await startOAuthServer()
}, 30_000)
afterAll(() => o.close())

const userinfo = (token: string) =>
  fetch(`${o.oauth}/userinfo`, { headers: { authorization: `Bearer ${token}` } })

describe('a sign-in result is delivered once (docs/protocol.md §7.3)', { timeout: 20_000 }, () => {
  for (const responseType of ['token', 'code'] as const) {
    it(`${responseType}: a second load of /signin is an error page with no token or code`, async () => {
      const { challenge } = pkcePair()
      const { back, location, returnUrl } = await o.signIn(
        o.codeParams(challenge, { response_type: responseType }),
      )
      expect(back.status).toBe(302)
      const first = new URL(location)
      const secret = first.searchParams.get(responseType === 'token' ? 'access_token' : 'code')
      expect(secret).toBeTruthy()
      const again = await fetch(returnUrl, { redirect: 'manual' })
      const page = await again.text()
      expect(again.status, page.slice(0, 300)).toBeGreaterThanOrEqual(400)
      expect(again.headers.get('location')).toBeNull()
      expect(again.headers.get('content-type')).toMatch(/text\/html/)
      expect(page).not.toContain(secret ?? '')
      expect(page).toContain('already')
    })
  }
})

describe('revocations end the access tokens (docs/protocol.md §7.3)', { timeout: 20_000 }, () => {
  it('a reused authorization code revokes the tokens issued from it (RFC 6749 §4.1.2)', async () => {
    const { verifier, challenge } = pkcePair()
    const { location } = await o.signIn(o.codeParams(challenge))
    const exchange = () =>
      o.token({
        grant_type: 'authorization_code',
        code: new URL(location).searchParams.get('code') ?? '',
        client_id: o.client.apiKey,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      })
    const issued = await exchange()
    const { access_token } = (await issued.json()) as { access_token: string }
    expect((await userinfo(access_token)).status).toBe(200)
    expect((await o.jwt('ping', access_token)).status).toBe(200)
    const reused = await exchange()
    expect(reused.status).toBe(400)
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' })
    const after = await userinfo(access_token)
    expect(after.status).toBe(401)
    expect(await after.json()).toMatchObject({ error: 'invalid_token' })
    expect((await o.jwt('ping', access_token)).status).toBe(401)
  })

  it('revoking a user token ends the access tokens that name it', async () => {
    const token = await o.accessToken(o.t.alice.uuid)
    expect((await userinfo(token)).status).toBe(200)
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    const revoked = await o.t.control(
      `users/${o.t.alice.uuid}/tokens/${claims.usertoken_uuidv4}/revoke`,
      {},
    )
    expect(revoked.status).toBe(200)
    expect((await userinfo(token)).status).toBe(401)
    expect((await o.jwt('ping', token)).status).toBe(401)
  })
})
