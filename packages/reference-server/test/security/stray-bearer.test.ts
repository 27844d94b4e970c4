import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type OAuthServer, startOAuthServer } from '../identity/oauth-client'
import { errorOf, okJson as json } from '../server/test-server'

// docs/protocol.md §7.3: where a route takes a key and secret, they decide whatever else the
// request carries; a JWT-only route refuses a key+secret sent beside its Bearer.
let o: OAuthServer
// A valid user JWT of another application (the OAuth shop's), and one that is not a JWT at all.
let otherAppJwt: string
beforeAll(async () => {
  o = await startOAuthServer()
  otherAppJwt = await o.accessToken()
})
afterAll(() => o.close())

const STRAY = (): [string, string][] => [
  ['a garbage Bearer', 'Bearer not-a-jwt'],
  ['another application’s user JWT', `Bearer ${otherAppJwt}`],
]

/** Alice's user token of the demo application, issued by signing a SignIn payload. */
const aliceToken = async (): Promise<string> => {
  const { uuid } = await o.t.createPayload()
  const record = await json(await o.t.control(`payloads/${uuid}/sign`, { user: o.t.alice.uuid }))
  return record.application.issued_user_token
}

describe('a key and secret beside a stray Authorization: Bearer (§7.3)', () => {
  // Every backend route: production reads only x-api-key/x-api-secret there.
  const BACKEND: [string, string, unknown?][] = [
    ['GET', 'ping'],
    ['POST', 'payload', { txjson: { TransactionType: 'SignIn' } }],
    ['GET', 'rails'],
    ['GET', 'rates/USD'],
    ['GET', 'curated-assets'],
    ['GET', 'hookhash'],
    ['GET', 'app-storage'],
  ]

  it.each(BACKEND)('%s %s is served as the key’s application', async (method, path, body) => {
    for (const [what, authorization] of STRAY()) {
      const res = await o.t.api(path, {
        method,
        ...(body === undefined ? {} : { json: body }),
        headers: { authorization },
      })
      expect(res.status, `${what}: ${await res.clone().text()}`).toBe(200)
    }
  })

  it('account-meta and xrpl-tx answer past the guard (200 for an account, 404 for an unknown hash)', async () => {
    const address = o.t.alice.accounts[0]?.address
    for (const [what, authorization] of STRAY()) {
      const meta = await o.t.api(`account-meta/${address}`, { headers: { authorization } })
      expect(meta.status, what).toBe(200)
      const tx = await o.t.api(`xrpl-tx/${'0'.repeat(64)}`, { headers: { authorization } })
      expect(await errorOf(tx), what).toMatchObject({ status: 404, code: 404 })
    }
  })

  it('on the routes that take either kind, a valid key and secret decide', async () => {
    const token = await aliceToken()
    for (const [what, authorization] of STRAY()) {
      const headers = { authorization }
      // As the demo application its own user token is active; as the Bearer's it would be foreign.
      const tokens = await json(
        await o.t.api('user-tokens', { json: { tokens: [token] }, headers }),
      )
      expect(tokens.tokens[0], what).toMatchObject({ user_token: token, active: true })
      const kyc = await json(
        await o.t.api(`kyc-status/${o.t.alice.accounts[0]?.address}`, { headers }),
      )
      expect(kyc.account, what).toBe(o.t.alice.accounts[0]?.address)
      const event = await json(
        await o.t.api('xapp/event', { json: { user_token: token, body: 'Shipped' }, headers }),
      )
      expect(event.pushed, what).toBe(true)
      const push = await json(
        await o.t.api('xapp/push', { json: { user_token: token, body: 'Hi' }, headers }),
      )
      expect(push, what).toEqual({ pushed: true })
    }
  })

  it('a wrong secret stays refused (813), beside a valid Bearer too', async () => {
    const wrong = { 'x-api-secret': crypto.randomUUID() }
    for (const [what, authorization] of STRAY()) {
      for (const path of [
        'ping',
        'rails',
        `user-token/${crypto.randomUUID()}`,
        `kyc-status/${o.t.alice.accounts[0]?.address}`,
      ]) {
        const res = await o.t.api(path, { headers: { ...wrong, authorization } })
        expect(await errorOf(res), `${path}, ${what}`).toMatchObject({ status: 403, code: 813 })
      }
    }
  })

  it('a JWT-only route keeps its rule: a Bearer with a key and secret is 812', async () => {
    const res = await o.jwt('ping', otherAppJwt, {
      headers: { 'x-api-key': o.client.apiKey, 'x-api-secret': o.client.apiSecret },
    })
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 812 })
  })
})
