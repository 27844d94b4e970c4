import { PullSign } from 'pullsign'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { type Reference, startReference } from './reference'

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

const signIn = { TransactionType: 'SignIn' }

describe('subscriptions against the reference server', () => {
  test('a late subscriber (after the user signed) gets the signed record', async () => {
    const created = await ref.pullsign.payload.create(signIn)
    await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    const subscription = await ref.pullsign.payload.subscribe(created)
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ resolved: true, signed: true })
  })

  test('expiry (server clock moved past `expire`) ends an unopened subscription with the expired record', async () => {
    const types: string[] = []
    const subscription = await ref.pullsign.payload.createAndSubscribe(
      { txjson: signIn, options: { expire: 5 } },
      (event) => {
        types.push(event.type)
      },
    )
    ref.clock.advance(5 * 60 + 1)
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ expired: true, resolved: false, signed: false })
    expect(types.at(-1)).toBe('expired')
  })

  test('an opened payload survives its expiry and resolves when signed afterwards (§3.3)', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe({
      txjson: signIn,
      options: { expire: 5 },
    })
    ref.wallet.open(subscription.uuid, { user: ref.alice.uuid })
    ref.clock.advance(5 * 60 + 1)
    await ref.pullsign.payload.get(subscription.uuid) // a round trip: any expiry message is in
    expect(subscription.ended).toBe(false)
    await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ resolved: true, signed: true, expired: true })
  })

  test('cancel ends the subscription with the cancelled record', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe(signIn)
    const { result } = await ref.pullsign.payload.cancel(subscription)
    expect(result).toEqual({ cancelled: true, reason: 'OK' })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ cancelled: true, expired: true, resolved: false })
  })

  test('abort ends the subscription; the payload itself stays open', async () => {
    const controller = new AbortController()
    const subscription = await ref.pullsign.payload.createAndSubscribe(signIn, undefined, {
      signal: controller.signal,
    })
    controller.abort()
    await expect(subscription.resolved).rejects.toMatchObject({ code: 'ERR_ABORTED' })
    const record = await ref.pullsign.payload.get(subscription.uuid)
    expect(record.meta.resolved).toBe(false)
  })

  describe('server going away mid-subscription', () => {
    let proxy: TcpProxy
    let client: PullSign
    beforeEach(async () => {
      proxy = await startTcpProxy(Number(new URL(ref.endpoints.api).port))
      client = new PullSign({
        apiKey: ref.app.apiKey,
        apiSecret: ref.app.apiSecret,
        endpoints: { api: proxy.url },
      })
    })
    afterEach(() => proxy.stop())

    const fast = { reconnect: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 50 } }

    test('signed while the server was down: the subscription reconnects, fetches and resolves', async () => {
      const subscription = await client.payload.createAndSubscribe(signIn, undefined, fast)
      const reconnecting = new Promise((resolve) => subscription.on('reconnecting', resolve))
      await proxy.stop()
      await reconnecting
      await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
      await proxy.start()
      const record = await subscription.resolved
      expect(record.meta).toMatchObject({ resolved: true, signed: true })
    })

    test('signed after the server came back: the new socket delivers the resolution', async () => {
      const subscription = await client.payload.createAndSubscribe(signIn, undefined, fast)
      await proxy.stop()
      const reopened = new Promise((resolve) => subscription.on('open', resolve))
      await proxy.start()
      await expect(reopened).resolves.toEqual({ reconnect: expect.any(Number) })
      await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
      const record = await subscription.resolved
      expect(record.meta.signed).toBe(true)
    })
  })
})
