import { PullSign } from 'pullsign'
import { KYC_STATUSES, NETWORK_KEYS } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { paymentTo, type Reference, startReference } from './reference'

let ref: Reference
let userToken: string
let aliceAccount: string
let bobAccount: string

beforeAll(async () => {
  ref = await startReference()
  const users = ref.server.platform.state().users
  aliceAccount = users.find((u) => u.uuid === ref.alice.uuid)?.accounts[0]?.address ?? ''
  bobAccount = users.find((u) => u.uuid === ref.bob.uuid)?.accounts[0]?.address ?? ''
  const subscription = await ref.pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
  await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
  userToken = (await subscription.resolved).application.issued_user_token ?? ''
})
afterAll(() => ref.server.close())

describe('lookups against the reference server', () => {
  test('ping names the application', async () => {
    const pong = await ref.pullsign.ping()
    expect(pong.pong).toBe(true)
    expect(pong.auth.application).toMatchObject({ uuidv4: ref.app.uuid, name: ref.app.name })
  })

  test('getRates upper-cases the code and gives the rate with its metadata', async () => {
    const rates = await ref.pullsign.getRates('usd')
    expect(rates.USD).toBe(1)
    expect(rates.XRP).toBeGreaterThan(0)
    expect(rates.__meta.currency.code).toBe('USD')
    await expect(ref.pullsign.getRates('ZZZ')).rejects.toMatchObject({ status: 404 })
  })

  test('getRails lists every network of §8.1', async () => {
    const rails = await ref.pullsign.getRails()
    expect(Object.keys(rails).sort()).toEqual([...NETWORK_KEYS].sort())
    expect(rails.XAHAU?.chain_id).toBe(21337)
  })

  test('getHookHashes and getHookHash agree', async () => {
    const hooks = await ref.pullsign.getHookHashes()
    const [hash, meta] = Object.entries(hooks)[0] ?? []
    if (!hash) throw new Error('the reference server knows no hooks')
    expect(await ref.pullsign.getHookHash(hash)).toEqual(meta)
    await expect(ref.pullsign.getHookHash('00'.repeat(32))).rejects.toMatchObject({ status: 404 })
  })

  test('getCuratedAssets lists issuers with details', async () => {
    const assets = await ref.pullsign.getCuratedAssets()
    expect(assets.issuers.length).toBeGreaterThan(0)
    for (const issuer of assets.issuers) expect(assets.details[issuer]?.name).toBe(issuer)
  })

  test('getKycStatus by account and by user token', async () => {
    expect(await ref.pullsign.getKycStatus({ account: aliceAccount })).toEqual({
      account: aliceAccount,
      kycApproved: true,
    })
    expect(await ref.pullsign.getKycStatus(bobAccount)).toEqual({
      account: bobAccount,
      kycApproved: false,
    })
    const byToken = await ref.pullsign.getKycStatus({ user_token: userToken })
    expect(byToken.kycStatus).toBe('SUCCESSFUL')
    expect(Object.keys(byToken.possibleStatuses).sort()).toEqual([...KYC_STATUSES].sort())
  })

  test('verifyUserToken(s): the issued token is active; a revoked one is not', async () => {
    const info = await ref.pullsign.verifyUserToken(userToken)
    expect(info).toMatchObject({ user_token: userToken, active: true })
    expect(info.expires - info.issued).toBe(30 * 24 * 3600)
    ref.server.platform.tokens.revoke(ref.alice.uuid, userToken)
    const [again] = await ref.pullsign.verifyUserTokens([userToken])
    expect(again).toMatchObject({ user_token: userToken, active: false })
  })

  test('getTransaction finds a signed payment, validated once its ledger closed', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe({
      txjson: paymentTo(bobAccount, '2000000'),
      options: { force_network: 'TESTNET' },
    })
    await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
    const txid = (await subscription.resolved).response.txid ?? ''
    expect((await ref.pullsign.getTransaction(txid)).transaction.validated).toBe(false)
    ref.server.platform.ledger.close('TESTNET')
    const tx = await ref.pullsign.getTransaction(txid)
    expect(tx.transaction).toMatchObject({
      Destination: bobAccount,
      Amount: '2000000',
      validated: true,
    })
    expect(tx.transaction.meta.TransactionResult).toBe('tesSUCCESS')
    expect(tx.transaction.meta.delivered_amount).toBe('2000000')
  })

  test('getAccountMeta', async () => {
    const meta = await ref.pullsign.getAccountMeta(aliceAccount)
    expect(meta).toMatchObject({ account: aliceAccount, kycApproved: true })
  })

  test('backendstore: set, get, delete', async () => {
    expect((await ref.pullsign.backendstore.get()).data).toBeNull()
    const stored = await ref.pullsign.backendstore.set({ theme: 'dark', n: 1 })
    expect(stored).toMatchObject({ stored: true, data: { theme: 'dark', n: 1 } })
    expect((await ref.pullsign.backendstore.get()).data).toEqual({ theme: 'dark', n: 1 })
    expect(await ref.pullsign.backendstore.delete()).toMatchObject({ stored: true, data: null })
    expect((await ref.pullsign.backendstore.get()).data).toBeNull()
  })

  test('push.event and push.notification reach the user of a valid token', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe({
      TransactionType: 'SignIn',
    })
    await ref.wallet.sign(subscription.uuid, { user: ref.bob.uuid })
    const token = (await subscription.resolved).application.issued_user_token ?? ''
    const event = await ref.pullsign.push.event({ user_token: token, body: 'Your order shipped' })
    expect(event.pushed).toBe(true)
    expect(event.uuid).toMatch(/^[0-9a-f-]{36}$/)
    expect(await ref.pullsign.push.notification({ user_token: token, body: 'Hi' })).toEqual({
      pushed: true,
    })
  })

  test('xapp.get resolves a one-time token once', async () => {
    const { ott } = ref.server.platform.xapps.launch({
      application: ref.app.uuid,
      user: ref.alice.uuid,
      style: 'DARK',
    })
    const context = await ref.pullsign.xapp.get(ott)
    expect(context).toMatchObject({ user: ref.alice.uuid, style: 'DARK' })
    expect(context.account).toMatch(/^r/)
    await expect(ref.pullsign.xapp.get(ott)).rejects.toMatchObject({ errorCode: 815 })
  })

  test('xapp.get with a deviceId re-fetches a used one-time token for a whitelisted debug device', async () => {
    const platform = ref.server.platform
    const app = platform.applications.create({
      name: 'Debug xApp',
      xapp: { url: 'http://127.0.0.1:3000/xapp', sandbox: false, devices: ['dev-phone-1'] },
    })
    const client = new PullSign({
      apiKey: app.apiKey,
      apiSecret: app.apiSecret,
      endpoints: ref.endpoints,
    })
    const { ott } = platform.xapps.launch({ application: app.uuid, user: ref.alice.uuid })
    const first = await client.xapp.get(ott)
    const again = await client.xapp.get(ott, { deviceId: 'dev-phone-1' })
    expect(again).toEqual(first)
    const error = await client.xapp.get(ott, { deviceId: 'someone-else' }).catch((e) => e)
    expect(error).toMatchObject({ errorCode: 815 })
    expect(error.message).not.toContain(ott)
  })
})
