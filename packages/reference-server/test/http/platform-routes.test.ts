import { createHash } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson as json, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

/** Signs a SignIn payload as Alice through the control API and returns her user token. */
const aliceToken = async (): Promise<string> => {
  const { uuid } = await t.createPayload()
  const record = await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
  const token = record.application.issued_user_token
  expect(token, JSON.stringify(record.application)).toMatch(/^[0-9a-f-]{36}$/)
  return token
}

describe('platform lookups (docs/protocol.md §2)', () => {
  it('GET ping names the application behind the key', async () => {
    const body = await json(await t.api('ping'))
    expect(body).toMatchObject({
      pong: true,
      auth: {
        quota: {},
        application: {
          uuidv4: t.app.uuid,
          name: t.app.name,
          webhookurl: t.app.webhookUrl,
          disabled: 0,
        },
      },
    })
    expect(body.auth.call.uuidv4).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('GET curated-assets lists issuers, currencies and details', async () => {
    const body = await json(await t.api('curated-assets'))
    expect(body.issuers.length).toBeGreaterThan(0)
    expect(body.currencies.length).toBeGreaterThan(0)
    const first = body.details[body.issuers[0]]
    expect(first).toMatchObject({ name: body.issuers[0] })
    expect(Object.keys(first.currencies).length).toBeGreaterThan(0)
  })

  it('GET rails describes the five networks of §8.1', async () => {
    const body = await json(await t.api('rails'))
    expect(Object.keys(body).sort()).toEqual([
      'DEVNET',
      'MAINNET',
      'TESTNET',
      'XAHAU',
      'XAHAUTESTNET',
    ])
    expect(body.XAHAU).toMatchObject({ chain_id: 21337, native_asset: 'XAH', is_livenet: true })
    expect(body.TESTNET.endpoints[0].url).toMatch(/^wss?:\/\/.+\/ledger\/TESTNET$/)
    expect(body.TESTNET.rpc).toMatch(/^https?:\/\/.+\/ledger\/TESTNET$/)
  })

  it('GET hookhash lists hooks; GET hookhash/{hash} returns one, 404 for an unknown one', async () => {
    const all = await json(await t.api('hookhash'))
    const [hash] = Object.keys(all)
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    const one = await json(await t.api(`hookhash/${hash?.toLowerCase()}`))
    expect(one).toEqual(all[hash as string])
    const missing = await errorOf(await t.api(`hookhash/${'A'.repeat(64)}`))
    expect(missing).toMatchObject({ status: 404, code: 404 })
  })

  it('GET rates/{code} upper-cases the code; an unknown code is 404', async () => {
    const body = await json(await t.api('rates/eur'))
    expect(body).not.toHaveProperty('EUR')
    expect(typeof body.USD).toBe('number')
    expect(typeof body.XRP).toBe('number')
    expect(body.__meta.currency.code).toBe('EUR')
    expect(await errorOf(await t.api('rates/QQQ'))).toMatchObject({ status: 404, code: 404 })
  })

  it('GET kyc-status/{account} reports the owner’s KYC', async () => {
    const alice = t.alice.accounts[0]?.address
    const bob = t.bob.accounts[0]?.address
    expect(await json(await t.api(`kyc-status/${alice}`))).toEqual({
      account: alice,
      kycApproved: true,
    })
    expect(await json(await t.api(`kyc-status/${bob}`))).toEqual({
      account: bob,
      kycApproved: false,
    })
  })

  it('POST kyc-status reads a user token; an unknown token is NONE', async () => {
    const token = await aliceToken()
    const known = await json(await t.api('kyc-status', { json: { user_token: token } }))
    expect(known.kycStatus).toBe('SUCCESSFUL')
    expect(Object.keys(known.possibleStatuses).sort()).toEqual([
      'IN_PROGRESS',
      'NONE',
      'REJECTED',
      'SUCCESSFUL',
    ])
    const unknown = await json(
      await t.api('kyc-status', { json: { user_token: crypto.randomUUID() } }),
    )
    expect(unknown.kycStatus).toBe('NONE')
  })

  it('GET account-meta/{account} describes the account', async () => {
    const address = t.alice.accounts[0]?.address
    const body = await json(await t.api(`account-meta/${address}`))
    expect(body).toMatchObject({
      account: address,
      kycApproved: true,
      thirdPartyProfiles: [{ accountAlias: 'Alice 1', source: 'xumm.app' }],
    })
    expect(body.xummProfile.ownerAlias).toBe('Alice')
  })

  it('GET xrpl-tx/{hash} finds a signed payment, validated once its ledger closes', async () => {
    const destination = t.bob.accounts[0]?.address
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1000000' },
      options: { force_network: 'TESTNET' },
    })
    const record = await json(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    const txid = record.response.txid as string
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    const open = await json(await t.api(`xrpl-tx/${txid}`))
    expect(open.txid).toBe(txid)
    expect(open.transaction.validated).toBe(false)
    expect(open.transaction.meta.TransactionResult).toBe('tesSUCCESS')
    await json(await t.control('ledger/close', { network: 'TESTNET' }))
    const closed = await json(await t.api(`xrpl-tx/${txid}`))
    expect(closed.transaction.validated).toBe(true)
    expect(await errorOf(await t.api(`xrpl-tx/${'0'.repeat(64)}`))).toMatchObject({ status: 404 })
  })
})

describe('payloads (docs/protocol.md §2, §3)', () => {
  it('POST payload, GET by uuid and by identifier, DELETE', async () => {
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { identifier: 'order-1', instruction: 'Sign in to the shop' },
    })
    expect(created.next.always).toBe(`${t.endpoints.api}/sign/${created.uuid}`)
    expect(created.refs.websocket_status).toBe(
      `${t.endpoints.api.replace('http', 'ws')}/sign/${created.uuid}`,
    )
    const record = await json(await t.api(`payload/${created.uuid}`))
    expect(record.meta).toMatchObject({ uuid: created.uuid, exists: true, resolved: false })
    expect(record.custom_meta.instruction).toBe('Sign in to the shop')
    const byId = await json(await t.api('payload/ci/order-1'))
    expect(byId.meta.uuid).toBe(created.uuid)
    const cancelled = await json(await t.api(`payload/${created.uuid}`, { method: 'DELETE' }))
    expect(cancelled.result).toEqual({ cancelled: true, reason: 'OK' })
    const again = await json(await t.api(`payload/${created.uuid}`, { method: 'DELETE' }))
    expect(again.result).toEqual({ cancelled: false, reason: 'ALREADY_CANCELLED' })
  })

  it('routes a path with a query string, and one with percent-escapes, as their decoded paths', async () => {
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { identifier: 'order 1/2' },
    })
    const byQuery = await json(await t.api(`payload/${uuid}?fields=all`))
    expect(byQuery.meta.uuid).toBe(uuid)
    const escaped = await json(await t.api('payload/ci/order%201%2F2'))
    expect(escaped.meta.uuid).toBe(uuid)
    const escapedRoute = await json(await t.api(`%70ayload/${uuid}`))
    expect(escapedRoute.meta.uuid).toBe(uuid)
  })

  it('answers a create with a user token as pushed, with the push fallback page', async () => {
    const userToken = await aliceToken()
    const created = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      user_token: userToken,
    })
    expect(created.pushed).toBe(true)
    expect(created.next).toEqual({
      always: `${t.endpoints.api}/sign/${created.uuid}`,
      no_push_msg_received: `${t.endpoints.api}/sign/${created.uuid}/qr`,
    })
    const plain = await t.createPayload()
    expect(plain.pushed).toBe(false)
    expect(plain.next).toEqual({ always: `${t.endpoints.api}/sign/${plain.uuid}` })
  })

  it('reads a UTF-8 body with a byte order mark and multi-byte text, over HTTP and in-process', async () => {
    const instruction = 'Zahlung für Bestellung 42 ✓ 🚀'
    const body = () =>
      new Uint8Array([
        0xef,
        0xbb,
        0xbf,
        ...new TextEncoder().encode(
          JSON.stringify({ txjson: { TransactionType: 'SignIn' }, custom_meta: { instruction } }),
        ),
      ])
    const overHttp = await json(await t.api('payload', { method: 'POST', body: body() }))
    const inProcess = await json(
      await t.server.handler(
        new Request(`${t.endpoints.api}/api/v1/platform/payload`, {
          method: 'POST',
          headers: { ...t.auth, 'content-type': 'application/json' },
          body: body(),
        }),
      ),
    )
    for (const { uuid } of [overHttp, inProcess]) {
      const record = await json(await t.api(`payload/${uuid}`))
      expect(record.custom_meta.instruction).toBe(instruction)
    }
  })
})

describe('user tokens (docs/protocol.md §2, §6)', () => {
  it('POST user-tokens and GET user-token/{token} report active and foreign tokens', async () => {
    const token = await aliceToken()
    const stranger = crypto.randomUUID()
    const body = await json(await t.api('user-tokens', { json: { tokens: [token, stranger] } }))
    expect(body.tokens).toHaveLength(2)
    expect(body.tokens[0]).toMatchObject({ user_token: token, active: true })
    expect(body.tokens[0].expires - body.tokens[0].issued).toBe(30 * 24 * 3600)
    expect(body.tokens[1]).toMatchObject({ user_token: stranger, active: false })
    const one = await json(await t.api(`user-token/${token}`))
    expect(one.tokens).toEqual([body.tokens[0]])
  })
})

describe('app storage (docs/protocol.md §2)', () => {
  it('GET, POST and DELETE app-storage', async () => {
    const application = { name: t.app.name, uuidv4: t.app.uuid }
    expect(await json(await t.api('app-storage'))).toEqual({ application, data: null })
    const data = { theme: 'dark', nested: { n: 1 } }
    expect(await json(await t.api('app-storage', { json: data }))).toEqual({
      application,
      stored: true,
      data,
    })
    expect(await json(await t.api('app-storage'))).toEqual({ application, data })
    expect(await json(await t.api('app-storage', { method: 'DELETE' }))).toEqual({
      application,
      stored: true,
      data: null,
    })
    expect(await json(await t.api('app-storage'))).toEqual({ application, data: null })
  })
})

describe('xApp routes (docs/protocol.md §2, §7.2)', () => {
  it('POST xapp/event pushes to the token’s user and fills the event list; xapp/push only pushes', async () => {
    const token = await aliceToken()
    const event = await json(
      await t.api('xapp/event', { json: { user_token: token, body: 'Order shipped' } }),
    )
    expect(event.pushed).toBe(true)
    expect(event.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const push = await json(
      await t.api('xapp/push', { json: { user_token: token, body: 'Hello' } }),
    )
    expect(push).toEqual({ pushed: true })
    const nobody = await json(
      await t.api('xapp/push', { json: { user_token: crypto.randomUUID(), body: 'Hi' } }),
    )
    expect(nobody).toEqual({ pushed: false })
  })

  it('GET xapp/ott/{ott} resolves a launch once; the debug-device hash re-fetches it', async () => {
    const created = await json(
      await t.control('applications', {
        name: 'Debug xApp',
        xapp: { url: 'http://127.0.0.1:3000/xapp', sandbox: false, devices: ['device-1'] },
      }),
    )
    const auth = { 'x-api-key': created.apiKey, 'x-api-secret': created.apiSecret }
    const launch = await json(
      await t.control('xapps/launch', { application: created.uuid, user: t.alice.uuid }),
    )
    expect(launch.url).toContain(`xAppToken=${launch.ott}`)
    const context = await json(await t.api(`xapp/ott/${launch.ott}`, { headers: auth }))
    expect(context).toMatchObject({
      user: t.alice.uuid,
      account: t.alice.accounts[0]?.address,
      style: 'LIGHT',
    })
    const reused = await errorOf(await t.api(`xapp/ott/${launch.ott}`, { headers: auth }))
    expect(reused).toMatchObject({ status: 403, code: 815 })
    const hash = createHash('sha1')
      .update(`${launch.ott}.${created.apiSecret}.device-1`.toUpperCase())
      .digest('hex')
    const replay = await json(await t.api(`xapp/ott/${launch.ott}/${hash}`, { headers: auth }))
    expect(replay).toEqual(context)
    const wrong = await errorOf(
      await t.api(`xapp/ott/${launch.ott}/${'0'.repeat(40)}`, { headers: auth }),
    )
    expect(wrong).toMatchObject({ status: 403, code: 815 })
  })
})
