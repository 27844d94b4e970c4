import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { PullSign } from 'pullsign'
import { verifyWebhook } from 'pullsign/verify'
import type { Endpoints } from 'pullsign/wire'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createClock } from '../../src/platform/clock'

// Hosts that exist nowhere: a request that reached the network instead of msw would fail.
const endpoints: Endpoints = {
  api: 'https://pullsign.test',
  oauth: 'https://pullsign.test/oauth',
  links: 'https://pullsign.test',
}
const WEBHOOK_URL = 'https://shop.test/webhook'

const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
const server = createReferenceServer({ endpoints, clock, ledgerCloseMs: false })
const msw = setupServer(...createHandlers(server))

beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  msw.resetHandlers()
  server.platform.reset()
})
afterAll(async () => {
  msw.close()
  await server.close()
  clock.dispose()
})

const hookedApp = () =>
  server.platform.applications.create({ name: 'Hooked', webhookUrl: WEBHOOK_URL })

/** Signs one SignIn of `app` as Alice and waits for the webhook delivery to settle. */
const signWithWebhook = async (app: ReturnType<typeof hookedApp>) => {
  const [alice] = server.platform.users.list()
  if (!alice) throw new Error('the demo fixtures changed: no user')
  const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
  await server.wallet.sign(created.uuid, { user: alice.uuid })
  await server.platform.webhooks.settled()
  return created.uuid
}

// The shapes people write in msw handlers; every one of them carries a body but the 204.
const shapes = [
  { name: 'HttpResponse.json', answer: () => HttpResponse.json({ received: true }), status: 200 },
  { name: 'HttpResponse.text', answer: () => HttpResponse.text('thanks'), status: 200 },
  { name: "new Response('ok')", answer: () => new Response('ok'), status: 200 },
  { name: 'a null-body 204', answer: () => new HttpResponse(null, { status: 204 }), status: 204 },
  {
    name: 'HttpResponse.json with status 201',
    answer: () => HttpResponse.json({ id: 7 }, { status: 201 }),
    status: 201,
  },
]

describe('a webhook receiver mocked with msw (docs/protocol.md §5)', () => {
  test.each(shapes)('$name: the attempt is logged as a success', async ({ answer, status }) => {
    const app = hookedApp()
    const bodies: string[] = []
    msw.use(
      http.post(WEBHOOK_URL, async ({ request }) => {
        const raw = await request.text()
        await verifyWebhook(raw, request.headers, app.apiSecret, { now: clock.now() })
        bodies.push(raw)
        return answer()
      }),
    )
    const uuid = await signWithWebhook(app)
    expect(bodies).toHaveLength(1)
    expect(server.platform.webhooks.attempts()).toEqual([
      expect.objectContaining({ payload_uuidv4: uuid, attempt: 1, status, ok: true, error: null }),
    ])
  })

  test('a 500 with a JSON error body is logged as a failure and retried 10 s later', async () => {
    const app = hookedApp()
    const statuses = [500, 200]
    msw.use(
      http.post(WEBHOOK_URL, () => {
        const status = statuses.shift() ?? 200
        return HttpResponse.json({ error: status === 500 ? 'database down' : null }, { status })
      }),
    )
    const uuid = await signWithWebhook(app)
    expect(server.platform.webhooks.attempts()).toEqual([
      expect.objectContaining({ payload_uuidv4: uuid, attempt: 1, status: 500, ok: false }),
    ])
    clock.advance(10)
    await server.platform.webhooks.settled()
    expect(
      server.platform.webhooks
        .attempts()
        .map(({ attempt, status, ok }) => ({ attempt, status, ok })),
    ).toEqual([
      { attempt: 1, status: 500, ok: false },
      { attempt: 2, status: 200, ok: true },
    ])
  })

  test('a server whose clock was advanced: stale against real time, verified with now', async () => {
    const app = hookedApp()
    const received: { raw: string; headers: Headers }[] = []
    msw.use(
      http.post(WEBHOOK_URL, async ({ request }) => {
        received.push({ raw: await request.text(), headers: request.headers })
        return new HttpResponse(null, { status: 204 })
      }),
    )
    clock.advance(3600)
    await signWithWebhook(app)
    const [delivery] = received
    if (!delivery) throw new Error('no webhook arrived')
    const stale = await verifyWebhook(delivery.raw, delivery.headers, app.apiSecret).catch(
      (error: unknown) => error,
    )
    expect(stale).toMatchObject({ reason: 'stale', message: expect.stringMatching(/options\.now/) })
    const body = await verifyWebhook(delivery.raw, delivery.headers, app.apiSecret, {
      now: server.clock.now(),
    })
    expect(body.payloadResponse.signed).toBe(true)
  })
})
