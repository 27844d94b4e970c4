import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { okJson, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer | undefined
let stopReceiver: (() => Promise<unknown>) | undefined
afterEach(async () => {
  await stopReceiver?.()
  await t?.close()
})

/** A local receiver answering the statuses given, in order (then 200), and keeping every request. */
const startReceiver = async (statuses: number[]) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.writeHead(statuses.shift() ?? 200).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  stopReceiver = () => new Promise((resolve) => server.close(resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}/webhook`, received }
}

describe('webhooks over HTTP (§5)', () => {
  it('headers, body and an HMAC-SHA1 signature verified independently', async () => {
    t = await startTestServer()
    const receiver = await startReceiver([])
    const app = await okJson(
      await t.control('applications', { name: 'Hooked', webhookUrl: receiver.url }),
    )
    const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    const created = await okJson(
      await t.api('payload', {
        json: {
          txjson: { TransactionType: 'SignIn' },
          custom_meta: { identifier: 'hook-1', blob: { n: 1 } },
        },
        headers,
      }),
    )
    const signed = await okJson(
      await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid }),
    )
    await okJson(await t.control('webhooks?settled'))
    expect(receiver.received).toHaveLength(1)
    const [request] = receiver.received
    if (!request) throw new Error('no webhook arrived')
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'xumm-webhook',
      'x-xumm-attempt': '1',
      'x-xumm-payload': created.uuid,
    })
    const timestamp = String(request.headers['x-xumm-request-timestamp'])
    expect(Math.abs(Number(timestamp) - t.server.clock.now() / 1000)).toBeLessThan(5)
    // The key is the API secret with only its FIRST '-' removed (§5).
    const key = (app.apiSecret as string).replace('-', '')
    const expected = createHmac('sha1', key)
      .update(timestamp + request.body)
      .digest('hex')
    expect(request.headers['x-xumm-request-signature']).toBe(expected)
    const body = JSON.parse(request.body)
    expect(body).toEqual({
      meta: {
        url: receiver.url,
        application_uuidv4: app.uuid,
        payload_uuidv4: created.uuid,
        opened_by_deeplink: false,
      },
      custom_meta: { identifier: 'hook-1', blob: { n: 1 }, instruction: null },
      payloadResponse: {
        payload_uuidv4: created.uuid,
        reference_call_uuidv4: expect.stringMatching(/^[0-9a-f-]{36}$/),
        signed: true,
        user_token: true,
        return_url: { app: null, web: null },
        txid: signed.response.txid,
      },
      userToken: {
        user_token: signed.application.issued_user_token,
        token_issued: expect.any(Number),
        token_expiration: expect.any(Number),
      },
    })
    expect(body.userToken.token_expiration - body.userToken.token_issued).toBe(30 * 24 * 3600)
  })

  it('failures are retried after 10, 60, 600 and 600 s of server time, five attempts at most', async () => {
    t = await startTestServer()
    const receiver = await startReceiver([500, 503, 404, 500, 500, 500])
    const app = await okJson(
      await t.control('applications', { name: 'Flaky', webhookUrl: receiver.url }),
    )
    const headers = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    const created = await okJson(
      await t.api('payload', { json: { txjson: { TransactionType: 'SignIn' } }, headers }),
    )
    await okJson(await t.control(`payloads/${created.uuid}/reject`, { user: t.alice.uuid }))
    const server = t
    const attempts = async () => {
      const log = await okJson(await server.control('webhooks?settled'))
      return log as unknown as { attempt: number; status: number; ok: boolean }[]
    }
    expect((await attempts()).map((a) => a.attempt)).toEqual([1])
    for (const [wait, count] of [
      [9, 1],
      [1, 2],
      [59, 2],
      [1, 3],
      [600, 4],
      [600, 5],
      [3600, 5],
    ] as const) {
      await okJson(await t.control('clock/advance', { seconds: wait }))
      const log = await attempts()
      expect(log, `after another ${wait} s`).toHaveLength(count)
    }
    const log = await attempts()
    expect(log.map((a) => [a.attempt, a.status, a.ok])).toEqual([
      [1, 500, false],
      [2, 503, false],
      [3, 404, false],
      [4, 500, false],
      [5, 500, false],
    ])
    expect(receiver.received.map((r) => r.headers['x-xumm-attempt'])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ])
  })
})
