import { AbortError } from 'pullsign'
import { type ExpectedPayment, type PaymentVerdict, verifyPayment } from 'pullsign/verify'
import { afterEach, describe, expect, test } from 'vitest'
import { movingClock, sdkClock } from '../support/moving-clock'
import { accountOf as accountOfUser, paymentTo, type Reference, startReference } from './reference'

let ref: Reference
afterEach(() => ref.server.close())

const accountOf = (user: string) => accountOfUser(ref, user)

/** Alice pays Bob `drops` on TESTNET through the wallet simulator; returns the fetched record. */
async function alicePaysBob(drops: string) {
  const created = await ref.pullsign.payload.create(paymentTo(accountOf(ref.bob.uuid), drops))
  await ref.wallet.sign(created.uuid, { user: ref.alice.uuid, network: 'TESTNET' })
  return ref.pullsign.payload.get(created)
}

describe('verifyPayment against the reference server (§9.1)', () => {
  test('a native payment is accepted once its ledger closes: one lookup, one 4 s wait, one more', async () => {
    ref = await startReference({ ledgerCloseMs: 4000 })
    const record = await alicePaysBob('2500000')
    const clock = movingClock(ref.clock)
    const started = clock.now()
    const verdict = await verifyPayment(
      record,
      { amount: '2500000', network: 'TESTNET', destination: accountOf(ref.bob.uuid) },
      { lookup: ref.pullsign, clock },
    )
    expect(verdict).toMatchObject({
      ok: true,
      txid: record.response.txid,
      network: 'TESTNET',
      delivered: '2500000',
    })
    expect(clock.now() - started).toBeGreaterThanOrEqual(4000)
    expect(clock.now() - started).toBeLessThan(8000)
  })

  test.each<[string, Partial<ExpectedPayment>, Partial<PaymentVerdict>]>([
    [
      'asked for more than was paid',
      { amount: '2500001' },
      { rule: 5, reason: 'delivered-less', delivered: '2500000' },
    ],
    ['asked for less than was paid', { amount: '2499999' }, { rule: 5, reason: 'delivered-more' }],
    [
      'asked for another asset',
      { amount: { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '2.5' } },
      { rule: 6, reason: 'other-asset' },
    ],
    [
      'asked on MAINNET (the default)',
      { network: undefined },
      { rule: 3, reason: 'wrong-network', delivered: null },
    ],
    [
      'asked for another destination',
      { destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' },
      { rule: 5, reason: 'wrong-destination' },
    ],
    [
      'asked for a destination tag',
      { destinationTag: 7 },
      { rule: 5, reason: 'wrong-destination' },
    ],
  ])('%s: the verdict names the rule', async (_case, change, failure) => {
    ref = await startReference({ ledgerCloseMs: 'auto' })
    const record = await alicePaysBob('2500000')
    const expected = { amount: '2500000', network: 'TESTNET', ...change } as ExpectedPayment
    const verdict = await verifyPayment(record, expected, {
      lookup: ref.pullsign,
      clock: movingClock(ref.clock),
    })
    expect(verdict).toMatchObject({ ok: false, ...failure })
    expect(verdict.ok === false && verdict.message).toMatch(/\S/)
  })

  test('a rejected payload fails rule 2 and a websocket message fails rule 1, without a lookup', async () => {
    ref = await startReference()
    const created = await ref.pullsign.payload.create(paymentTo(accountOf(ref.bob.uuid)))
    ref.wallet.reject(created.uuid, { user: ref.alice.uuid })
    const record = await ref.pullsign.payload.get(created)
    const noLookup = { getTransaction: () => Promise.reject(new Error('must not look up')) }
    expect(await verifyPayment(record, { amount: '1000000' }, { lookup: noLookup })).toMatchObject({
      ok: false,
      rule: 2,
      reason: 'not-signed',
    })
    const hint = { payload_uuidv4: created.uuid, signed: true, txid: 'AB'.repeat(32) }
    expect(
      await verifyPayment(hint as never, { amount: '1000000' }, { lookup: noLookup }),
    ).toMatchObject({ ok: false, rule: 1, reason: 'not-a-record' })
  })

  test('a failed transaction (tec) fails rule 4: it was validated but delivered nothing', async () => {
    ref = await startReference({ ledgerCloseMs: 'auto' })
    const record = await alicePaysBob('999000000000')
    const verdict = await verifyPayment(
      record,
      { amount: '999000000000', network: 'TESTNET' },
      { lookup: ref.pullsign, clock: movingClock(ref.clock) },
    )
    expect(verdict).toMatchObject({ ok: false, rule: 4, reason: 'failed' })
    expect(verdict.ok === false && verdict.message).toMatch(/failed with tec/)
  })

  test('a ledger that never closes: not-validated after timeoutMs of clock time, looking up every 4 s', async () => {
    ref = await startReference()
    const record = await alicePaysBob('1000000')
    const clock = movingClock(ref.clock)
    const started = clock.now()
    const verdict = await verifyPayment(
      record,
      { amount: '1000000', network: 'TESTNET' },
      { lookup: ref.pullsign, clock, timeoutMs: 12_000 },
    )
    expect(verdict).toMatchObject({
      ok: false,
      rule: 4,
      reason: 'not-validated',
      txid: record.response.txid,
    })
    expect(clock.now() - started).toBeGreaterThanOrEqual(12_000)
    expect(clock.now() - started).toBeLessThan(13_000)
  })

  test('aborting while it waits for the ledger rejects with an AbortError', async () => {
    ref = await startReference()
    const record = await alicePaysBob('1000000')
    const controller = new AbortController()
    const seam = sdkClock(ref.clock)
    const clock = {
      ...seam,
      setTimeout: (fn: () => void, ms: number) => {
        queueMicrotask(() => controller.abort())
        return seam.setTimeout(fn, ms)
      },
    }
    const error = await verifyPayment(
      record,
      { amount: '1000000', network: 'TESTNET' },
      { lookup: ref.pullsign, clock, signal: controller.signal },
    ).catch((e) => e)
    expect(error).toBeInstanceOf(AbortError)
  })

  test.each([
    [{ amount: 5 }, /^expected.amount must be drops/],
    [{ amount: '1.5' }, /^expected.amount must be drops/],
    [{ amount: '1', network: 'testnet' }, /^expected.network must be a rails key/],
  ])('bad expectation %j is an ERR_INPUT naming the field', async (expected, message) => {
    ref = await startReference()
    await expect(
      verifyPayment({} as never, expected as never, { lookup: ref.pullsign }),
    ).rejects.toThrow(message)
  })

  test('a network given in the options (as canPay takes it) is an ERR_INPUT pointing at the second argument', async () => {
    ref = await startReference({ ledgerCloseMs: 4000 })
    const record = await alicePaysBob('1000000')
    // What a JavaScript caller wrote: TypeScript refuses the excess property.
    const options = { lookup: ref.pullsign, network: 'TESTNET' }
    const error = await verifyPayment(record, { amount: '1000000' }, options).catch((e) => e)
    expect(error).toMatchObject({ code: 'ERR_INPUT' })
    expect(error.message).toMatch(
      /^options\.network is not an option of verifyPayment: .*verifyPayment\(record, \{ amount, network: "TESTNET" \}, \{ lookup \}\)/,
    )
    // Where it belongs, the same payment is accepted.
    const verdict = await verifyPayment(
      record,
      { amount: '1000000', network: 'TESTNET' },
      { lookup: ref.pullsign, clock: movingClock(ref.clock) },
    )
    expect(verdict).toMatchObject({ ok: true, network: 'TESTNET' })
  })
})
