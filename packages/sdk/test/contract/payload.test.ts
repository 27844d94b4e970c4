import { ApiError, type PayloadEvent } from 'pullsign'
import { verifySignIn } from 'pullsign/verify'
import type { CancelReason } from 'pullsign/wire'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { paymentTo, type Reference, startReference } from './reference'

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

const bobAccount = () => {
  const address = ref.server.platform.state().users.find((u) => u.uuid === ref.bob.uuid)
    ?.accounts[0]?.address
  if (!address) throw new Error('Bob has no account')
  return address
}

describe('payload against the reference server', () => {
  test('create wraps a bare transaction; get accepts a uuid, the create response or a record', async () => {
    const created = await ref.pullsign.payload.create(paymentTo(bobAccount()))
    expect(created.next.always).toBe(`${ref.endpoints.api}/sign/${created.uuid}`)
    expect(created.refs.websocket_status).toBe(
      `${ref.endpoints.api.replace('http', 'ws')}/sign/${created.uuid}`,
    )
    const byUuid = await ref.pullsign.payload.get(created.uuid)
    const byCreated = await ref.pullsign.payload.get(created)
    const byRecord = await ref.pullsign.payload.get(byUuid)
    for (const record of [byUuid, byCreated, byRecord]) {
      expect(record.meta.uuid).toBe(created.uuid)
      expect(record.payload.request_json).toMatchObject(paymentTo(bobAccount()))
    }
  })

  test('getByCustomIdentifier finds the payload; a second use of the identifier is a 409', async () => {
    const body = {
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { identifier: 'order-42', instruction: 'Sign in to pay order 42' },
    }
    const created = await ref.pullsign.payload.create(body)
    const record = await ref.pullsign.payload.getByCustomIdentifier('order-42')
    expect(record.meta.uuid).toBe(created.uuid)
    expect(record.custom_meta).toEqual({
      identifier: 'order-42',
      blob: null,
      instruction: 'Sign in to pay order 42',
    })
    await expect(ref.pullsign.payload.create(body)).rejects.toMatchObject({
      status: 409,
      errorCode: 409,
    })
  })

  test.each<[string, CancelReason, boolean]>([
    ['open', 'OK', true],
    ['cancelled', 'ALREADY_CANCELLED', false],
    ['opened', 'ALREADY_OPENED', false],
    ['signed', 'ALREADY_RESOLVED', false],
    ['expired', 'ALREADY_EXPIRED', false],
  ])('cancel of a %s payload: %s', async (state, reason, cancelled) => {
    const created = await ref.pullsign.payload.create({ TransactionType: 'SignIn' })
    if (state === 'cancelled') await ref.pullsign.payload.cancel(created)
    if (state === 'opened') ref.wallet.open(created.uuid, { user: ref.alice.uuid })
    if (state === 'signed') await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    if (state === 'expired') ref.clock.advance(240 * 60 + 1)
    const response = await ref.pullsign.payload.cancel(created.uuid)
    expect(response.result).toEqual({ cancelled, reason })
    expect(response.meta.uuid).toBe(created.uuid)
  })

  test('createAndSubscribe: a payment signed by the wallet, every event as it happens, then the record', async () => {
    const events: PayloadEvent['type'][] = []
    const subscription = await ref.pullsign.payload.createAndSubscribe(
      paymentTo(bobAccount()),
      (event) => {
        events.push(event.type)
      },
    )
    expect(subscription.created.uuid).toBe(subscription.uuid)
    await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ resolved: true, signed: true })
    expect(record.response.dispatched_nodetype).toBe('TESTNET')
    expect(record.response.txid).toMatch(/^[0-9A-F]{64}$/)
    expect(events.filter((t) => t !== 'devapp_fetched')).toEqual([
      'welcome',
      'expires_in',
      'opened',
      'pre_signed',
      'dispatched',
      'resolved',
    ])
  })

  test('a rejection resolves the subscription with the unsigned record', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe({
      TransactionType: 'SignIn',
    })
    ref.wallet.reject(subscription.uuid, { user: ref.alice.uuid })
    const record = await subscription.resolved
    expect(record.meta).toMatchObject({ resolved: true, signed: false, cancelled: false })
  })

  test('a SignIn signed by the wallet verifies offline and names the account', async () => {
    const subscription = await ref.pullsign.payload.createAndSubscribe({
      TransactionType: 'SignIn',
    })
    await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
    const record = await subscription.resolved
    const account = verifySignIn(record)
    const alice = ref.server.platform.state().users.find((u) => u.uuid === ref.alice.uuid)
    expect(alice?.accounts.map((a) => a.address)).toContain(account)
    expect(account).toBe(record.response.account)
  })

  test('an unknown payload is an ApiError 404, never null', async () => {
    const error = await ref.pullsign.payload
      .get('00000000-0000-4000-8000-000000000000')
      .catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 404, errorCode: 404 })
    expect(error.reference).toMatch(/^[0-9a-f-]{36}$/)
  })
})
