import { verifyPayment, verifySignIn } from 'pullsign/verify'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { accountOf, paymentTo, type Reference, startReference } from './reference'

// The SDK's own helpers over the answers shaped like production's (docs/protocol.md §2, §3.3):
// empty destinations are "", `dispatched_to_node` is a boolean, rates are units of CODE.

let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

describe('pullsign over production-shaped answers', () => {
  test('a signed SignIn: destinations "", production’s request_json, verifySignIn passes', async () => {
    const created = await ref.pullsign.payload.create({ TransactionType: 'SignIn' })
    await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    const record = await ref.pullsign.payload.get(created)
    expect(record.meta.destination).toBe('')
    expect(record.payload.tx_destination).toBe('')
    expect(record.payload.request_json).toEqual({ TransactionType: 'SignIn', SignIn: true })
    expect(record.response.dispatched_to_node).toBe(false)
    expect(verifySignIn(record)).toBe(accountOf(ref, ref.alice.uuid))
  })

  test('a signed payment: dispatched_to_node is true and verifyPayment accepts it', async () => {
    const bob = accountOf(ref, ref.bob.uuid)
    const created = await ref.pullsign.payload.create(paymentTo(bob, '1500000'))
    await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
    ref.server.platform.ledger.close()
    const record = await ref.pullsign.payload.get(created)
    expect(record.response.dispatched_to_node).toBe(true)
    const verdict = await verifyPayment(
      record,
      { amount: '1500000', network: 'TESTNET', destination: bob },
      { lookup: ref.pullsign },
    )
    expect(verdict).toMatchObject({ ok: true, delivered: '1500000' })
  })

  test('getRates: what 25 XRP are worth in euros; ping and account meta in production’s form', async () => {
    const eur = await ref.pullsign.getRates('eur')
    const usd = await ref.pullsign.getRates('usd')
    expect(Object.keys(eur).sort()).toEqual(['USD', 'XRP', '__meta'])
    // Euros per XRP = euros per dollar × dollars per XRP.
    expect(25 * eur.XRP).toBeCloseTo(25 * eur.USD * usd.XRP, 4)
    const { auth } = await ref.pullsign.ping()
    expect(auth.application.redirecturis).toEqual(ref.app.redirectUris)
    // The demo fixtures link Alice's first account to GlobalID (an ISO 8601 time), not Bob's.
    const meta = await ref.pullsign.getAccountMeta(accountOf(ref, ref.alice.uuid))
    expect(new Date(String(meta.globalid.linked)).toISOString()).toBe(meta.globalid.linked)
    expect(meta.thirdPartyProfiles[0]?.source).toBe('xumm.app')
    const bobMeta = await ref.pullsign.getAccountMeta(accountOf(ref, ref.bob.uuid))
    expect(bobMeta.globalid).toMatchObject({ linked: null, profileUrl: null })
  })
})
