import type { PayloadRecord } from 'pullsign/wire'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { deriveUserAccount } from '../../src/platform/users/users'
import { okJson, startTestServer, type TestServer } from '../server/test-server'

// GET payload answers a remembered JSON text while the record stays the same (the payloads'
// record memo, src/platform/payloads/record-memo.ts, and the route's text of it,
// src/http/record-bodies.ts). These follow one payload through every change a record shows and
// compare each answer with the record in-process.
let t: TestServer
beforeEach(async () => {
  t = await startTestServer({ rateLimits: false })
})
afterEach(() => t.close())

// The test server's clock moves only when the test moves it: the answer and a fresh record agree.
const expectCurrent = async (path: string, uuid: string) => {
  const answered = (await okJson(await t.api(path))) as PayloadRecord
  expect(answered).toEqual(t.server.platform.payloads.record(uuid))
  return answered
}

describe('GET payload follows every change of the record', () => {
  it('through a destination that becomes known, the clock, opening and signing', async () => {
    const carol = deriveUserAccount('Carol', 0).address
    const { uuid } = await t.createPayload({
      txjson: { TransactionType: 'Payment', Destination: carol, Amount: '1000' },
      options: { expire: 5 },
      custom_meta: { identifier: 'order-7' },
    })
    const paths = [`payload/${uuid}`, 'payload/ci/order-7']
    for (const path of paths) {
      const first = await expectCurrent(path, uuid)
      expect(first.meta.resolved_destination).toBeNull()
      expect(await expectCurrent(path, uuid)).toEqual(first)
    }

    await okJson(await t.control('users', { name: 'Carol', accounts: 1 }))
    for (const path of paths) {
      expect((await expectCurrent(path, uuid)).meta.resolved_destination).toBe('Carol')
    }

    const before = (await expectCurrent(paths[0] as string, uuid)).payload.expires_in_seconds
    await okJson(await t.control('clock/advance', { seconds: 30 }))
    const later = (await expectCurrent(paths[0] as string, uuid)).payload.expires_in_seconds
    expect(before - later).toBe(30)

    await okJson(await t.control(`payloads/${uuid}/open`, { user: t.alice.uuid, via: 'QR' }))
    for (const path of paths) {
      const opened = await expectCurrent(path, uuid)
      expect(opened.meta).toMatchObject({ app_opened: true, opened_by_deeplink: false })
      expect(opened.payload.origintype).toBe('QR')
    }

    await okJson(await t.control(`payloads/${uuid}/sign`, { user: t.alice.uuid }))
    for (const path of paths) {
      const signed = await expectCurrent(path, uuid)
      expect(signed.meta).toMatchObject({ resolved: true, signed: true, expired: false })
      expect(signed.response.txid).toMatch(/^[0-9A-F]{64}$/)
      expect(signed.application.issued_user_token).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it('through expiry and through a cancel', async () => {
    const expiring = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      options: { expire: 1 },
    })
    expect((await expectCurrent(`payload/${expiring.uuid}`, expiring.uuid)).meta.expired).toBe(
      false,
    )
    await okJson(await t.control('clock/advance', { seconds: 61 }))
    const expired = await expectCurrent(`payload/${expiring.uuid}`, expiring.uuid)
    expect(expired.meta.expired).toBe(true)
    expect(expired.payload.expires_in_seconds).toBeLessThan(0)

    const { uuid } = await t.createPayload()
    expect((await expectCurrent(`payload/${uuid}`, uuid)).meta.cancelled).toBe(false)
    const cancel = await okJson(await t.api(`payload/${uuid}`, { method: 'DELETE' }))
    expect(cancel.result).toEqual({ cancelled: true, reason: 'OK' })
    const cancelled = await expectCurrent(`payload/${uuid}`, uuid)
    expect(cancelled.meta).toMatchObject({ cancelled: true, expired: true })
  })

  it('for more payloads than it remembers texts of', async () => {
    const created = []
    for (let i = 0; i < 1_100; i++) {
      created.push(
        t.server.platform.payloads.create(t.app, { txjson: { TransactionType: 'SignIn' } }),
      )
    }
    const [oldest] = created
    for (const { uuid } of created) await expectCurrent(`payload/${uuid}`, uuid)
    if (!oldest) throw new Error('created nothing')
    await okJson(await t.control(`payloads/${oldest.uuid}/open`, { user: t.alice.uuid }))
    expect((await expectCurrent(`payload/${oldest.uuid}`, oldest.uuid)).meta.app_opened).toBe(true)
  }, 60_000) // 1,100 creates and reads over HTTP: about 1.3 s alone, over 20 s at a load of 14
})
