import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { XummSdk, type XummTypes } from 'xumm-sdk'
import { accountOf, paymentTo, type Reference, startReference } from './reference'

// The field's own backend SDK (`xumm-sdk` 1.11.2), unchanged, against a reference server on port 0:
// code written for production must work against ours. It is pointed at the server through its
// public `setEndpoint` (its credentials come from the constructor or XUMM_APIKEY/XUMM_APISECRET).

let ref: Reference
let sdk: XummSdk
beforeEach(async () => {
  ref = await startReference()
  sdk = new XummSdk(ref.app.apiKey, ref.app.apiSecret)
  expect(sdk.setEndpoint(ref.endpoints.api)).toBe(true)
})
afterEach(() => ref.server.close())

describe('xumm-sdk 1.11.2 against the reference server', () => {
  test('ping names the application, with its redirect URIs', async () => {
    const auth = await sdk.ping()
    expect(auth.application).toMatchObject({ uuidv4: ref.app.uuid, name: ref.app.name })
    expect(Array.isArray((auth.application as { redirecturis?: unknown }).redirecturis)).toBe(true)
  })

  test('a SignIn: create, get (tx_destination is a string), cancel', async () => {
    const created = await sdk.payload.create({ TransactionType: 'SignIn' }, true)
    expect(created?.next.always).toBe(`${ref.endpoints.api}/sign/${created?.uuid}`)
    const got = await sdk.payload.get(created?.uuid ?? '', true)
    // Production code reads these without a null check.
    expect(got?.payload.tx_destination.length).toBe(0)
    expect(got?.meta.destination).toBe('')
    expect(got?.payload.request_json).toEqual({ TransactionType: 'SignIn', SignIn: true })
    expect(got?.application.icon_url).toMatch(/^https:\/\//)
    const cancelled = await sdk.payload.cancel(created?.uuid ?? '', true)
    expect(cancelled?.result).toEqual({ cancelled: true, reason: 'OK' })
    expect(cancelled?.meta.destination).toBe('')
  })

  test('a payment: createAndSubscribe resolves when the wallet signs; the record is production’s', async () => {
    const bob = accountOf(ref, ref.bob.uuid)
    const body: XummTypes.XummPostPayloadBodyJson = {
      txjson: { ...paymentTo(bob), TransactionType: 'Payment' },
      options: { force_network: 'TESTNET' },
    }
    const subscription = await sdk.payload.createAndSubscribe(body, (event) => {
      if ('signed' in event.data) return event.data.signed
    })
    await ref.wallet.sign(subscription.created.uuid, { user: ref.alice.uuid })
    expect(await subscription.resolved).toBe(true)
    const record = await sdk.payload.get(subscription.created.uuid, true)
    expect(record?.meta).toMatchObject({ resolved: true, signed: true, destination: bob })
    expect(record?.response.dispatched_to_node).toBe(true)
    expect(record?.response.dispatched_result).toBe('tesSUCCESS')
    const tx = await sdk.getTransaction(record?.response.txid ?? '')
    expect(tx.transaction.TransactionType).toBe('Payment')
    // Its user token: verify, then KYC by token and by account.
    const token = record?.application.issued_user_token ?? ''
    expect(await sdk.verifyUserToken(token)).toMatchObject({ user_token: token, active: true })
    expect((await sdk.verifyUserTokens([token, crypto.randomUUID()])).map((t) => t.active)).toEqual(
      [true, false],
    )
    expect(await sdk.getKycStatus(token)).toBe('SUCCESSFUL')
    expect(await sdk.getKycStatus(accountOf(ref, ref.alice.uuid))).toBe('SUCCESSFUL')
    // Push and event to that user (the demo application is permissioned).
    expect(await sdk.Push.notification({ user_token: token, body: 'Hi' })).toMatchObject({
      pushed: true,
    })
    expect(await sdk.Push.event({ user_token: token, body: 'Shipped' })).toMatchObject({
      pushed: true,
    })
  })

  test('rails have rpc and definitions; rates are units of CODE per USD and per XRP', async () => {
    const rails = await sdk.getRails()
    expect(rails.MAINNET).toMatchObject({ chain_id: 0, definitions: 'default' })
    // Each network's JSON-RPC is the reference server's own node (docs/protocol.md §8.6).
    for (const [key, network] of Object.entries(rails)) {
      expect(network.rpc).toBe(`${ref.endpoints.api}/ledger/${key}`)
    }
    const inr = await sdk.getRates('inr')
    expect(Object.keys(inr).sort()).toEqual(['USD', 'XRP', '__meta'])
    expect(inr.USD).toBeGreaterThan(inr.XRP)
    expect(inr.__meta.currency.code).toBe('INR')
    const btc = await sdk.getRates('BTC')
    expect(btc.USD).toBeLessThan(1)
  })

  test('curated assets and app storage', async () => {
    const assets = await sdk.getCuratedAssets()
    expect(assets.issuers.length).toBeGreaterThan(0)
    expect(await sdk.storage.get()).toBeNull()
    expect(await sdk.storage.set({ theme: 'dark' })).toBe(true)
    expect(await sdk.storage.get()).toEqual({ theme: 'dark' })
    expect(await sdk.storage.delete()).toBe(true)
    expect(await sdk.storage.get()).toBeNull()
  })
})
