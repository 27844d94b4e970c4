import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createClock } from '@pullsign/reference-server/testing'
import { PullSign } from 'pullsign'
import { SignatureError, verifyWebhook } from 'pullsign/verify'
import { WEBHOOK_USER_AGENT } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Reference, startReference } from './reference'

interface Delivery {
  raw: Buffer
  headers: IncomingHttpHeaders
}

let ref: Reference
let receiver: Server
let receiverUrl: string
const deliveries: Delivery[] = []
let pullsign: PullSign
let apiSecret: string

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      deliveries.push({ raw: Buffer.concat(chunks), headers: req.headers })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`
  // The server's time stands still: a delivery's timestamp is checked against it, not real time.
  ref = await startReference({ clock: createClock({ manual: true }) })
  const app = ref.server.platform.applications.create({
    name: 'Webhook shop',
    webhookUrl: receiverUrl,
  })
  apiSecret = app.apiSecret
  pullsign = new PullSign({ apiKey: app.apiKey, apiSecret, endpoints: ref.endpoints })
})
afterAll(async () => {
  await ref.server.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

const serverNow = () => ref.server.clock.now()

/** Creates a SignIn, lets the wallet sign or reject it, and returns the delivery it caused. */
async function resolveAndReceive(outcome: 'sign' | 'reject'): Promise<[string, Delivery]> {
  const subscription = await pullsign.payload.createAndSubscribe({ TransactionType: 'SignIn' })
  if (outcome === 'sign') await ref.wallet.sign(subscription.uuid, { user: ref.alice.uuid })
  else ref.wallet.reject(subscription.uuid, { user: ref.alice.uuid })
  await subscription.resolved
  await ref.server.platform.webhooks.settled()
  const delivery = deliveries.find((d) => d.headers['x-xumm-payload'] === subscription.uuid)
  if (!delivery) throw new Error(`no webhook arrived for ${subscription.uuid}`)
  return [subscription.uuid, delivery]
}

describe('webhooks the reference server really sent', () => {
  test('a signed payload: the delivery verifies and carries the user token', async () => {
    const [uuid, delivery] = await resolveAndReceive('sign')
    expect(delivery.headers['user-agent']).toBe(WEBHOOK_USER_AGENT)
    expect(delivery.headers['x-xumm-attempt']).toBe('1')
    const body = await verifyWebhook(delivery.raw, delivery.headers, apiSecret, {
      now: serverNow(),
    })
    expect(body.meta).toMatchObject({ url: receiverUrl, payload_uuidv4: uuid })
    expect(body.payloadResponse).toMatchObject({
      payload_uuidv4: uuid,
      signed: true,
      user_token: true,
    })
    const record = await pullsign.payload.get(uuid)
    expect(body.userToken?.user_token).toBe(record.application.issued_user_token)
    expect(body.payloadResponse.txid).toBe(record.response.txid)
  })

  test('a rejected payload: the delivery verifies, signed false, no user token', async () => {
    const [, delivery] = await resolveAndReceive('reject')
    const body = await verifyWebhook(delivery.raw.toString('utf8'), delivery.headers, apiSecret, {
      now: serverNow(),
    })
    expect(body.payloadResponse.signed).toBe(false)
    expect(body.userToken).toBeNull()
  })

  test('a changed body, another secret or a replay outside the tolerance are refused', async () => {
    const [, delivery] = await resolveAndReceive('sign')
    const changed = Buffer.from(
      delivery.raw.toString('utf8').replace('"signed":true', '"signed":false'),
    )
    const attempts: Array<[string, () => Promise<unknown>, string]> = [
      [
        'changed body',
        () => verifyWebhook(changed, delivery.headers, apiSecret, { now: serverNow() }),
        'mismatch',
      ],
      [
        'another application',
        () =>
          verifyWebhook(delivery.raw, delivery.headers, ref.app.apiSecret, { now: serverNow() }),
        'mismatch',
      ],
      [
        'a replay an hour later',
        () =>
          verifyWebhook(delivery.raw, delivery.headers, apiSecret, {
            now: serverNow() + 3_600_000,
          }),
        'stale',
      ],
    ]
    for (const [name, attempt, reason] of attempts) {
      const error = await attempt().catch((err: unknown) => err)
      expect(error, name).toBeInstanceOf(SignatureError)
      expect(error, name).toMatchObject({ reason })
    }
  })
})
