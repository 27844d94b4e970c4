import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson as json, startTestServer, type TestServer } from '../server/test-server'
import {
  accountMeta,
  curatedAssets,
  expectShape,
  kycByAccount,
  kycByToken,
  payloadRecord,
  ping,
  rail,
  rates,
  storageDelete,
  storageGet,
  storageSet,
  userTokens,
  xappContext,
  xappEvent,
  xappPush,
  xrplTx,
} from './wire-shapes'

// Shape tests of the docs/protocol.md §2 lookups and the §7.2 xApp routes: every key with its
// type, null only where the protocol allows it.

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

const aliceToken = async (): Promise<string> => {
  const { uuid } = await t.createPayload()
  const record = await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
  return record.application.issued_user_token
}

describe('lookups (docs/protocol.md §2)', () => {
  it('ping carries the application’s redirect URIs', async () => {
    const app = await json(
      await t.control('applications', {
        name: 'Redirecting',
        redirectUris: ['https://shop.example/cb', 'myapp://signin'],
      }),
    )
    const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    const pong = expectShape(ping, await json(await t.api('ping', { headers })))
    expect(pong.auth.application.redirecturis).toEqual([
      'https://shop.example/cb',
      'myapp://signin',
    ])
    expectShape(ping, await json(await t.api('ping')))
  })

  it('rails: every network has rpc and definitions, on {api} and {links}', async () => {
    const onApi = await json(await t.api('rails'))
    const onLinks = await json(
      await fetch(`${t.endpoints.links}/api/v1/platform/rails`, { headers: t.auth }),
    )
    expect(onLinks).toEqual(onApi)
    expect(Object.keys(onApi)).toEqual(['MAINNET', 'TESTNET', 'DEVNET', 'XAHAU', 'XAHAUTESTNET'])
    for (const [key, network] of Object.entries(onApi)) expectShape(rail, network, key)
    expect(onApi.MAINNET.definitions).toBe('default')
  })

  it('rates: {USD, XRP, __meta} for fiat and crypto codes, units of CODE per USD and per XRP', async () => {
    const inr = expectShape(rates, await json(await t.api('rates/inr')))
    // One USD buys more rupees than one XRP does (an XRP is worth less than a dollar here).
    expect(inr.USD).toBeGreaterThan(inr.XRP)
    expect(inr.__meta.currency).toMatchObject({ code: 'INR', isoDecimals: 2 })
    const usd = expectShape(rates, await json(await t.api('rates/USD')))
    expect(usd.USD).toBe(1)
    // The XRP price is the same in both answers, whichever code asks.
    expect(inr.XRP / inr.USD).toBeCloseTo(usd.XRP, 4)
    for (const code of ['BTC', 'eth']) {
      const crypto = expectShape(rates, await json(await t.api(`rates/${code}`)), code)
      expect(crypto.USD).toBeLessThan(1)
      expect(crypto.XRP).toBeLessThan(crypto.USD)
      expect(crypto.__meta.currency.code).toBe(code.toUpperCase())
    }
    expect((await json(await t.api('rates/BTC'))).__meta.currency.isoDecimals).toBe(4)
    expect(await errorOf(await t.api('rates/QQQ'))).toMatchObject({ status: 404, code: 404 })
  })

  it('account-meta: globalid.linked is a timestamp or null, profiles are {accountAlias, source}', async () => {
    // The demo fixtures link Alice's first account to GlobalID, and no other (docs/cli.md, "Demo fixtures").
    const alice = t.alice.accounts[0]?.address
    const known = expectShape(accountMeta, await json(await t.api(`account-meta/${alice}`)))
    expect(new Date(known.globalid.linked ?? '').toISOString()).toBe(known.globalid.linked)
    expect(new URL(known.globalid.profileUrl ?? '').protocol).toBe('https:')
    for (const other of [t.alice.accounts[1]?.address, t.bob.accounts[0]?.address]) {
      const meta = expectShape(accountMeta, await json(await t.api(`account-meta/${other}`)))
      expect(meta.globalid, other).toEqual({ linked: null, profileUrl: null })
    }
    expect(known.thirdPartyProfiles.length).toBeGreaterThan(0)
    const stranger = 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY'
    const unknown = expectShape(accountMeta, await json(await t.api(`account-meta/${stranger}`)))
    expect(unknown.xummProfile).toEqual({ accountAlias: null, ownerAlias: null })
  })

  it('curated-assets, kyc-status (by account and by token) and user-tokens', async () => {
    const assets = expectShape(curatedAssets, await json(await t.api('curated-assets')))
    expect(assets.issuers.length).toBeGreaterThan(0)
    const alice = t.alice.accounts[0]?.address
    expectShape(kycByAccount, await json(await t.api(`kyc-status/${alice}`)))
    const token = await aliceToken()
    const kyc = expectShape(
      kycByToken,
      await json(await t.api('kyc-status', { json: { user_token: token } })),
    )
    expect(kyc.kycStatus).toBe('SUCCESSFUL')
    const tokens = expectShape(
      userTokens,
      await json(await t.api('user-tokens', { json: { tokens: [token, crypto.randomUUID()] } })),
    )
    expect(tokens.tokens.map((x) => x.active)).toEqual([true, false])
    expectShape(userTokens, await json(await t.api(`user-token/${token}`)))
  })

  it('xrpl-tx of a signed payment', async () => {
    const { uuid } = await t.createPayload({
      txjson: {
        TransactionType: 'Payment',
        Destination: t.bob.accounts[0]?.address,
        Amount: '1000',
      },
      options: { force_network: 'TESTNET' },
    })
    const record = await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    const tx = expectShape(xrplTx, await json(await t.api(`xrpl-tx/${record.response.txid}`)))
    expect(tx.transaction.meta.delivered_amount).toBe('1000')
  })

  it('app storage: GET, POST, DELETE', async () => {
    expectShape(storageGet, await json(await t.api('app-storage')))
    const stored = expectShape(
      storageSet,
      await json(await t.api('app-storage', { json: { a: 1 } })),
    )
    expect(stored.data).toEqual({ a: 1 })
    expect(expectShape(storageGet, await json(await t.api('app-storage'))).data).toEqual({ a: 1 })
    expectShape(storageDelete, await json(await t.api('app-storage', { method: 'DELETE' })))
  })
})

describe('xApp routes (docs/protocol.md §2, §7.2)', () => {
  it('xapp/ott/{ott} and jwt/authorize answer the context; xapp/event and xapp/push', async () => {
    const app = await json(
      await t.control('applications', {
        name: 'Shaped xApp',
        xapp: { url: 'https://x.example/app' },
      }),
    )
    const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    const launch = async () =>
      (await json(await t.control('xapps/launch', { application: app.uuid, user: t.alice.uuid })))
        .ott
    expectShape(xappContext, await json(await t.api(`xapp/ott/${await launch()}`, { headers })))
    const authorized = await json(
      await fetch(`${t.endpoints.api}/api/v1/jwt/authorize`, {
        headers: { 'x-api-key': app.apiKey, 'x-api-ott': await launch() },
      }),
    )
    expect(Object.keys(authorized).sort()).toEqual(['app', 'jwt', 'ott'])
    expectShape(xappContext, authorized.ott)
    expect(authorized.app).toEqual({ name: 'Shaped xApp', uuidv4: app.uuid })

    const token = await aliceToken()
    const event = expectShape(
      xappEvent,
      await json(await t.api('xapp/event', { json: { user_token: token, body: 'Shipped' } })),
    )
    expect(event.pushed).toBe(true)
    expectShape(
      xappPush,
      await json(await t.api('xapp/push', { json: { user_token: token, body: 'Hi' } })),
    )
  })
})

describe('trailing slashes (docs/protocol.md §2)', () => {
  it('every platform and JWT route answers the same with a trailing slash', async () => {
    const token = await aliceToken()
    const created = await json(
      await t.api('payload/', { json: { txjson: { TransactionType: 'SignIn' } } }),
    )
    expectShape(payloadRecord, await json(await t.api(`payload/${created.uuid}/`)))
    const pong = await json(await t.api('ping/'))
    expect(pong.pong).toBe(true)
    expect(await json(await t.api('rates/EUR/'))).toEqual(await json(await t.api('rates/EUR')))
    expect(
      (await json(await t.api('user-tokens/', { json: { tokens: [token] } }))).tokens[0].active,
    ).toBe(true)
    expect(
      (await json(await t.api('xapp/push/', { json: { user_token: token, body: 'Hi' } }))).pushed,
    ).toBe(true)
    expect(
      (await json(await t.api('xapp/event/', { json: { user_token: token, body: 'Hi' } }))).pushed,
    ).toBe(true)
    const cancelled = await json(await t.api(`payload/${created.uuid}/`, { method: 'DELETE' }))
    expect(cancelled.result.reason).toBe('OK')
    // JWT routes too: the ping of an xApp JWT.
    const app = await json(
      await t.control('applications', { name: 'Slashed', xapp: { url: 'https://x.example/app' } }),
    )
    const { ott } = await json(
      await t.control('xapps/launch', { application: app.uuid, user: t.alice.uuid }),
    )
    const { jwt } = await json(
      await fetch(`${t.endpoints.api}/api/v1/jwt/authorize/`, {
        headers: { 'x-api-key': app.apiKey, 'x-api-ott': ott },
      }),
    )
    const jwtPing = await json(
      await fetch(`${t.endpoints.api}/api/v1/jwt/ping/`, {
        headers: { authorization: `Bearer ${jwt}` },
      }),
    )
    expect(jwtPing.pong).toBe(true)
    // Other paths keep their meaning: the control API and pages are not rewritten.
    expect((await t.control('state/')).status).toBe(404)
  })
})
