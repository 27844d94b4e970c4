import { createHmac } from 'node:crypto'
import type { WebhookBody } from 'pullsign/wire'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import type { Application } from '../../../src/platform/index'
import { payment, testPlatform } from '../test-platform'
import { type Answer, refusedUrl, startReceiver } from './webhook-receiver'

const cleanups: Array<() => unknown> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

async function setup(answers: Answer[], url?: string) {
  const receiver = await startReceiver(answers)
  cleanups.push(receiver.close)
  const t = testPlatform()
  cleanups.push(() => t.platform.dispose())
  const app = t.platform.applications.create({ name: 'Hooked', webhookUrl: url ?? receiver.url })
  return { ...t, app, receiver }
}

async function sign(
  platform: Platform,
  app: Application,
  user: string,
  body: Record<string, unknown> = payment(),
) {
  const { uuid } = platform.payloads.create(app, body)
  const record = await platform.wallet.sign(uuid, { user })
  await platform.webhooks.settled()
  return { uuid, record }
}

// Written here from docs/protocol.md §5, independently of webhook-signature.ts.
const expectedSignature = (secret: string, timestamp: string, raw: string) => {
  const dash = secret.indexOf('-')
  const key = secret.slice(0, dash) + secret.slice(dash + 1)
  return createHmac('sha1', key)
    .update(timestamp + raw)
    .digest('hex')
}

describe('webhook delivery (docs/protocol.md §5)', () => {
  it('sends the exact headers, the body and an HMAC-SHA1 keyed with the first "-" removed', async () => {
    const { platform, app, alice, receiver, clock } = await setup([200])
    const { uuid, record } = await sign(platform, app, alice.uuid, {
      ...payment(),
      custom_meta: { identifier: 'order-9', blob: { sku: 7 } },
    })
    expect(receiver.received).toHaveLength(1)
    const [hit] = receiver.received
    if (!hit) throw new Error('no webhook received')
    const timestamp = String(hit.headers['x-xumm-request-timestamp'])
    expect(hit.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'xumm-webhook',
      'x-xumm-attempt': '1',
      'x-xumm-payload': uuid,
    })
    expect(Math.abs(Number(timestamp) - clock.now() / 1000)).toBeLessThan(2)
    expect(hit.headers['x-xumm-request-signature']).toBe(
      expectedSignature(app.apiSecret, timestamp, hit.raw),
    )
    // Only the first '-' goes: a key without any '-' gives another signature.
    const allDashesRemoved = createHmac('sha1', app.apiSecret.replaceAll('-', ''))
      .update(timestamp + hit.raw)
      .digest('hex')
    expect(hit.headers['x-xumm-request-signature']).not.toBe(allDashesRemoved)

    const body = JSON.parse(hit.raw) as WebhookBody
    const token = platform.tokens.find(record.application.issued_user_token ?? '')
    expect(body).toEqual({
      meta: {
        url: receiver.url,
        application_uuidv4: app.uuid,
        payload_uuidv4: uuid,
        opened_by_deeplink: false,
      },
      custom_meta: { identifier: 'order-9', blob: { sku: 7 }, instruction: null },
      payloadResponse: {
        payload_uuidv4: uuid,
        reference_call_uuidv4: platform.payloads.resolvedMessage(uuid)?.reference_call_uuidv4,
        signed: true,
        user_token: true,
        return_url: { app: null, web: null },
        txid: record.response.txid,
      },
      userToken: {
        user_token: token?.token,
        token_issued: Math.floor((token?.issued ?? 0) / 1000),
        token_expiration: Math.floor((token?.expires ?? 0) / 1000),
      },
    })
    expect(platform.webhooks.attempts()).toEqual([
      {
        payload_uuidv4: uuid,
        attempt: 1,
        at: expect.any(String),
        status: 200,
        ok: true,
        error: null,
      },
    ])
  })

  it('a rejection is delivered too, with userToken null', async () => {
    const { platform, app, alice, receiver } = await setup([204])
    const { uuid } = platform.payloads.create(app, payment())
    platform.wallet.reject(uuid, { user: alice.uuid })
    await platform.webhooks.settled()
    const body = JSON.parse(receiver.received[0]?.raw ?? '{}') as WebhookBody
    expect(body.payloadResponse).toMatchObject({ signed: false, user_token: false, txid: null })
    expect(body.userToken).toBeNull()
  })

  const statuses: Array<{ status: number; ok: boolean }> = [
    { status: 200, ok: true },
    { status: 201, ok: true },
    { status: 204, ok: true },
    { status: 202, ok: false },
    { status: 301, ok: false },
    { status: 404, ok: false },
    { status: 500, ok: false },
  ]
  for (const row of statuses) {
    it(`HTTP ${row.status} is ${row.ok ? 'a success' : 'a failure, retried after 10 s'}`, async () => {
      const { platform, app, alice, receiver, clock } = await setup([row.status, 200])
      await sign(platform, app, alice.uuid)
      expect(platform.webhooks.attempts()[0]).toMatchObject({
        attempt: 1,
        status: row.status,
        ok: row.ok,
      })
      clock.advance(10)
      await platform.webhooks.settled()
      expect(receiver.received).toHaveLength(row.ok ? 1 : 2)
    })
  }

  it('five attempts at most: at once, then 10, 60, 600 and 600 s after each failure', async () => {
    const { platform, app, alice, receiver, clock } = await setup([500])
    const { uuid } = await sign(platform, app, alice.uuid)
    const count = () => receiver.received.length
    expect(count()).toBe(1)
    for (const [delay, attempt] of [
      [10, 2],
      [60, 3],
      [600, 4],
      [600, 5],
    ] as const) {
      clock.advance(delay - 1)
      await platform.webhooks.settled()
      expect(count(), `attempt ${attempt} not before ${delay} s`).toBe(attempt - 1)
      clock.advance(1)
      await platform.webhooks.settled()
      expect(count(), `attempt ${attempt} after ${delay} s`).toBe(attempt)
    }
    clock.advance(86_400)
    await platform.webhooks.settled()
    expect(count()).toBe(5)
    expect(receiver.received.map((r) => r.headers['x-xumm-attempt'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ])
    const log = platform.webhooks.attempts()
    expect(log.map((a) => [a.payload_uuidv4, a.attempt, a.status, a.ok])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [uuid, n, 500, false]),
    )
    const gaps = log
      .slice(1)
      .map((a, i) => Math.round((Date.parse(a.at) - Date.parse(log[i]?.at ?? '')) / 1000))
    expect(gaps).toEqual([10, 60, 600, 600])
    // Each attempt is signed with its own timestamp.
    for (const hit of receiver.received) {
      const timestamp = String(hit.headers['x-xumm-request-timestamp'])
      expect(hit.headers['x-xumm-request-signature']).toBe(
        expectedSignature(app.apiSecret, timestamp, hit.raw),
      )
    }
  })

  it('no answer within 15 s is a failure, and the next attempt follows 10 s later', async () => {
    const { platform, app, alice, receiver, clock } = await setup(['hang', 200])
    const { uuid } = platform.payloads.create(app, payment())
    await platform.wallet.sign(uuid, { user: alice.uuid })
    await expect.poll(() => receiver.received.length).toBe(1)
    clock.advance(14)
    expect(platform.webhooks.attempts()).toEqual([])
    clock.advance(1)
    await platform.webhooks.settled()
    expect(platform.webhooks.attempts()).toEqual([
      {
        payload_uuidv4: uuid,
        attempt: 1,
        at: expect.any(String),
        status: null,
        ok: false,
        error: 'no answer within 15 s',
      },
    ])
    clock.advance(10)
    await platform.webhooks.settled()
    expect(platform.webhooks.attempts()[1]).toMatchObject({ attempt: 2, status: 200, ok: true })
  })

  it('a refused connection is logged as a failure and retried', async () => {
    const url = await refusedUrl()
    const { platform, app, alice, clock } = await setup([200], url)
    await sign(platform, app, alice.uuid)
    expect(platform.webhooks.attempts()[0]).toMatchObject({
      attempt: 1,
      status: null,
      ok: false,
      error: 'ECONNREFUSED',
    })
    clock.advance(10)
    await platform.webhooks.settled()
    expect(platform.webhooks.attempts()).toHaveLength(2)
  })

  it('an application without a webhook URL gets no delivery; reset drops pending retries', async () => {
    const { platform, app, alice, receiver, clock } = await setup([500])
    const quiet = platform.applications.create({ name: 'Quiet' })
    await sign(platform, quiet, alice.uuid)
    expect(platform.webhooks.attempts()).toEqual([])
    await sign(platform, app, alice.uuid)
    expect(receiver.received).toHaveLength(1)
    platform.reset()
    clock.advance(3600)
    await platform.webhooks.settled()
    expect(receiver.received).toHaveLength(1)
    expect(platform.webhooks.attempts()).toEqual([])
  })
})
