import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, okJson } from '../server/test-server'
import { type OAuthServer, startOAuthServer } from './oauth-client'

let o: OAuthServer
let alice: string
let bob: string
beforeAll(async () => {
  o = await startOAuthServer()
  alice = await o.accessToken(o.t.alice.uuid)
  bob = await o.accessToken(o.t.bob.uuid)
}, 30_000)
afterAll(() => o.close())

describe('Bearer auth on the JWT routes (docs/protocol.md §1, §2)', { timeout: 20_000 }, () => {
  it('ping answers the access token claims plus pong', async () => {
    const body = await okJson(await o.jwt('ping', alice))
    expect(body).toMatchObject({
      pong: true,
      client_id: o.client.apiKey,
      sub: o.t.alice.accounts[0]?.address,
      app_name: 'OAuth shop',
    })
  })

  it.each([
    ['no authorization', {}, 401, 814],
    ['a Bearer that is not a JWT', { authorization: 'Bearer nope' }, 401, 814],
    [
      'a JWT this server did not sign',
      { authorization: 'Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
      401,
      814,
    ],
    [
      'a JWT of an alg no token kind uses',
      { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln' },
      401,
      814,
    ],
  ])('%s → %s code %s', async (_name, headers, status, code) => {
    const res = await fetch(`${o.t.endpoints.api}/api/v1/jwt/ping`, { headers })
    expect(await errorOf(res)).toMatchObject({ status, code })
  })

  it('a key and secret on a JWT route → 403 code 812', async () => {
    const res = await fetch(`${o.t.endpoints.api}/api/v1/jwt/ping`, { headers: o.t.auth })
    expect(await errorOf(res)).toMatchObject({ status: 403, code: 812 })
  })

  it('an access token past its 24 hours → 401 code 814, saying it expired', async () => {
    const late = await o.accessToken()
    o.t.server.clock.advance(86_401)
    const error = await errorOf(await o.jwt('ping', late))
    expect(error).toMatchObject({ status: 401, code: 814 })
    expect(error.message).toMatch(/expired/)
    expect(error.message).not.toContain(late)
    // the other tests' tokens were issued before: sign them in again on the moved clock
    alice = await o.accessToken(o.t.alice.uuid)
    bob = await o.accessToken(o.t.bob.uuid)
  })
})

describe('payloads through a JWT are bound to its user (docs/protocol.md §2, §7.1)', {
  timeout: 20_000,
}, () => {
  it('are pushed to the user, signable only by them; another user gets 403 naming user', async () => {
    const created = await okJson(
      await o.jwt('payload', alice, { json: { txjson: { TransactionType: 'SignIn' } } }),
    )
    expect(created.pushed).toBe(true)
    expect(o.t.server.platform.inbox(o.t.alice.uuid).map((r) => r.meta.uuid)).toContain(
      created.uuid,
    )
    const before = await okJson(await o.jwt(`payload/${created.uuid}`, alice))
    expect(before.meta).toMatchObject({ pushed: true, resolved: false })

    const foreign = await o.t.control(`payloads/${created.uuid}/sign`, { user: o.t.bob.uuid })
    const error = await errorOf(foreign)
    expect(error.status).toBe(403)
    expect(error.message).toMatch(/^user /)
    const unchanged = o.t.server.platform.payloads.record(created.uuid)
    expect(unchanged.meta).toMatchObject({ resolved: false, signed: false, app_opened: false })

    const signed = await okJson(
      await o.t.control(`payloads/${created.uuid}/sign`, { user: o.t.alice.uuid }),
    )
    expect(signed.meta.signed).toBe(true)
    expect(signed.payload.origintype).toBe('PUSH_NOTIFICATION')
  })

  it('cancels through the JWT, and a payload of the app is found by the JWT of the app', async () => {
    const created = await okJson(
      await o.jwt('payload', bob, {
        json: { txjson: { TransactionType: 'SignIn' }, custom_meta: { identifier: 'jwt-ci' } },
      }),
    )
    const byIdentifier = await okJson(await o.jwt('payload/ci/jwt-ci', bob))
    expect(byIdentifier.meta.uuid).toBe(created.uuid)
    const cancelled = await okJson(
      await o.jwt(`payload/${created.uuid}`, bob, { method: 'DELETE' }),
    )
    expect(cancelled.result).toEqual({ cancelled: true, reason: 'OK' })
  })

  it('a bad sign request through the JWT is refused like on the platform route, nothing stored', async () => {
    const before = o.t.server.platform.payloads.size
    const res = await o.jwt('payload', alice, {
      json: { txjson: { TransactionType: 'Payment', Amount: 'x' } },
    })
    expect(await errorOf(res)).toMatchObject({ status: 400, code: 602 })
    expect(o.t.server.platform.payloads.size).toBe(before)
  })
})

describe('the user store (docs/protocol.md §2 userdata)', { timeout: 20_000 }, () => {
  it('persists, lists, retrieves and removes, per user', async () => {
    expect(
      await okJson(await o.jwt('userdata/profile', alice, { json: { theme: 'dark' } })),
    ).toEqual({
      operation: 'PERSIST',
      persisted: true,
    })
    await okJson(await o.jwt('userdata/cart1', alice, { json: { items: [1, 2] } }))
    expect(await okJson(await o.jwt('userdata', alice))).toEqual({
      operation: 'LIST',
      keys: ['profile', 'cart1'],
      count: 2,
    })
    expect(await okJson(await o.jwt('userdata/profile,cart1,none', alice))).toEqual({
      operation: 'RETRIEVE',
      data: { profile: { theme: 'dark' }, cart1: { items: [1, 2] } },
      keys: ['profile', 'cart1'],
      count: 2,
    })
    expect(await okJson(await o.jwt('userdata', bob))).toEqual({
      operation: 'LIST',
      keys: [],
      count: 0,
    })
    expect(await okJson(await o.jwt('userdata/profile', alice, { method: 'DELETE' }))).toEqual({
      operation: 'REMOVE',
      persisted: true,
    })
    expect((await okJson(await o.jwt('userdata', alice))).keys).toEqual(['cart1'])
  })

  it.each([
    ['a key with capitals', 'userdata/Profile', { a: 1 }, /^key /],
    ['a key too short', 'userdata/ab', { a: 1 }, /^key /],
    ['a value that is not an object', 'userdata/profile', [1, 2], /^body /],
  ])('%s → 400 code 600 naming it, nothing stored', async (_name, path, json, names) => {
    const before = (await okJson(await o.jwt('userdata', bob))).count
    const error = await errorOf(await o.jwt(path, bob, { json }))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message).toMatch(names)
    expect((await okJson(await o.jwt('userdata', bob))).count).toBe(before)
  })
})

describe('lookups a JWT may use (docs/protocol.md §2)', { timeout: 20_000 }, () => {
  it('answers rates, curated assets, rails and hook hashes as the platform routes do', async () => {
    for (const path of ['rates/usd', 'curated-assets', 'rails', 'hookhash']) {
      const viaJwt = await okJson(await o.jwt(path, alice))
      const viaKey = await okJson(await o.t.api(path))
      expect(viaJwt, path).toEqual(viaKey)
    }
    expect(await errorOf(await o.jwt(`xrpl-tx/${'A'.repeat(64)}`, alice))).toMatchObject({
      status: 404,
    })
  })

  it('nftoken-detail reads the issuer from the token id; a bad id → 600 naming tokenId', async () => {
    const issuer = o.t.alice.accounts[0]?.address ?? ''
    const { decodeAccountID } = await import('ripple-address-codec')
    const id = `00080000${Buffer.from(decodeAccountID(issuer)).toString('hex').toUpperCase()}${'0'.repeat(16)}`
    expect(await okJson(await o.jwt(`nftoken-detail/${id}`, alice))).toEqual({
      issuer,
      token: id,
      owner: null,
      name: null,
      image: null,
    })
    const error = await errorOf(await o.jwt('nftoken-detail/xyz', alice))
    expect(error).toMatchObject({ status: 400, code: 600 })
    expect(error.message).toMatch(/^tokenId /)
  })

  it('nftoken-detail of a token minted on the simulated ledger names its owner, URI, flags and taxon', async () => {
    const uri = Buffer.from(
      'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf4dfuylqabf3oclgtqy55fbzdi',
    ).toString('hex')
    const { uuid } = await o.t.createPayload({
      txjson: {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 42,
        Flags: 8,
        TransferFee: 500,
        URI: uri,
      },
    })
    const signed = await okJson(
      await o.t.control(`payloads/${uuid}/sign`, { user: o.t.alice.uuid, network: 'TESTNET' }),
    )
    const txid = String((signed as { response: { txid: string } }).response.txid)
    const meta = o.t.server.platform.ledger.transaction(txid)?.transaction.meta as {
      nftoken_id?: string
    }
    const id = String(meta.nftoken_id)
    const owner = o.t.alice.accounts[0]?.address
    expect(await okJson(await o.jwt(`nftoken-detail/${id.toLowerCase()}`, alice))).toEqual({
      issuer: owner,
      token: id,
      owner,
      name: null,
      image: null,
      uri: uri.toUpperCase(),
      flags: 8,
      taxon: 42,
      transferFee: 500,
    })
  })
})

describe('platform routes that also take a Bearer (docs/protocol.md §1)', {
  timeout: 20_000,
}, () => {
  it('kyc-status and user-tokens answer for the JWT application', async () => {
    const account = o.t.alice.accounts[0]?.address
    const kyc = await okJson(
      await fetch(`${o.t.endpoints.api}/api/v1/platform/kyc-status/${account}`, {
        headers: { authorization: `Bearer ${alice}` },
      }),
    )
    expect(kyc).toEqual({ account, kycApproved: true })
    const claims = await okJson(await o.jwt('ping', alice))
    const tokens = await okJson(
      await fetch(`${o.t.endpoints.api}/api/v1/platform/user-tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice}`, 'content-type': 'application/json' },
        body: JSON.stringify({ tokens: [claims.usertoken_uuidv4] }),
      }),
    )
    expect(tokens.tokens[0]).toMatchObject({ user_token: claims.usertoken_uuidv4, active: true })
  })
})
