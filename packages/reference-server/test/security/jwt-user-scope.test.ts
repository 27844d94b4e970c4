import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, pkcePair, startOAuthServer } from '../identity/oauth-client'

// docs/protocol.md §7.3 "A user JWT is scoped to its user" [ours].
let o: OAuthServer
let aliceJwt: string
let bobJwt: string
beforeAll(async () => {
  o = await startOAuthServer()
  aliceJwt = await o.accessToken(o.t.alice.uuid)
  bobJwt = await o.accessToken(o.t.bob.uuid)
}, 30_000)
afterAll(() => o.close())

/** A key+secret call as the OAuth client application. */
const asClient = (path: string, init: RequestInit = {}) =>
  fetch(`${o.t.endpoints.api}/api/v1/platform/${path}`, {
    ...init,
    headers: {
      'x-api-key': o.client.apiKey,
      'x-api-secret': o.client.apiSecret,
      'content-type': 'application/json',
    },
  })

const created = async (res: Response) => {
  const body = (await res.json()) as { uuid: string }
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body.uuid
}

describe('a user JWT sees and cancels only its user’s payloads (§7.3)', { timeout: 20_000 }, () => {
  it('Bob’s JWT gets 404 for Alice’s signed payload, by uuid and by identifier', async () => {
    const uuid = await created(
      await o.jwt('payload', aliceJwt, {
        json: { txjson: { TransactionType: 'SignIn' }, custom_meta: { identifier: 'alice-1' } },
      }),
    )
    const signed = await o.t.control(`payloads/${uuid}/sign`, { user: o.t.alice.uuid })
    expect(signed.status).toBe(200)
    const own = await o.jwt(`payload/${uuid}`, aliceJwt)
    const record = (await own.json()) as { application: { issued_user_token: string } }
    expect(own.status).toBe(200)
    expect(record.application.issued_user_token).toBeTruthy()
    for (const path of [`payload/${uuid}`, 'payload/ci/alice-1']) {
      const res = await o.jwt(path, bobJwt)
      const text = await res.text()
      expect(res.status, `${path}: ${text}`).toBe(404)
      expect(text).not.toContain(record.application.issued_user_token)
    }
    expect((await o.jwt('payload/ci/alice-1', aliceJwt)).status).toBe(200)
  })

  it('a JWT cannot cancel a payload created with the key and secret, nor another user’s', async () => {
    const keyMade = await created(
      await asClient('payload', {
        method: 'POST',
        body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
      }),
    )
    const aliceMade = await created(
      await o.jwt('payload', aliceJwt, { json: { txjson: { TransactionType: 'SignIn' } } }),
    )
    for (const uuid of [keyMade, aliceMade]) {
      const res = await o.jwt(`payload/${uuid}`, bobJwt, { method: 'DELETE' })
      expect(res.status, await res.text()).toBe(404)
      expect(o.t.server.platform.payloads.record(uuid).meta.cancelled).toBe(false)
    }
    expect((await o.jwt(`payload/${keyMade}`, aliceJwt)).status).toBe(404)
    const mine = await o.jwt(`payload/${aliceMade}`, aliceJwt, { method: 'DELETE' })
    expect(mine.status).toBe(200)
    expect(o.t.server.platform.payloads.record(aliceMade).meta.cancelled).toBe(true)
    // The application itself (key and secret) still sees every payload of its own.
    expect((await asClient(`payload/${aliceMade}`)).status).toBe(200)
  })

  it('a JWT cannot push to another user with their user token', async () => {
    // The demo application has the push permission and whitelists this redirect URI.
    const redirect = 'http://localhost:3000/callback'
    const demoJwt = async (user: string) => {
      const { verifier, challenge } = pkcePair()
      const params = {
        ...o.codeParams(challenge),
        client_id: o.t.app.apiKey,
        redirect_uri: redirect,
      }
      const { location } = await o.signIn(params, 'sign', user)
      const res = await o.token({
        grant_type: 'authorization_code',
        code: new URL(location).searchParams.get('code') ?? '',
        client_id: o.t.app.apiKey,
        redirect_uri: redirect,
        code_verifier: verifier,
      })
      return ((await res.json()) as { access_token: string }).access_token
    }
    const [aliceDemo, bobDemo] = [await demoJwt(o.t.alice.uuid), await demoJwt(o.t.bob.uuid)]
    const platform = o.t.server.platform
    const aliceToken = platform.tokens.issue(o.t.app, o.t.alice.uuid).token
    const event = (bearer: string, body: string) =>
      fetch(`${o.t.endpoints.api}/api/v1/platform/xapp/event`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({ user_token: aliceToken, body }),
      })
    const before = platform.push.received(o.t.alice.uuid).length
    const bobs = await event(bobDemo, 'from bob')
    expect(await bobs.json()).toMatchObject({ pushed: false })
    expect(platform.push.received(o.t.alice.uuid).length).toBe(before)
    expect(await (await event(aliceDemo, 'from alice')).json()).toMatchObject({ pushed: true })
  })
})
