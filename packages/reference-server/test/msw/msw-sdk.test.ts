import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReferenceServer, type ReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { ApiError, AuthError, type PayloadEvent, PullSign, RateLimitError } from 'pullsign'
import { verifyWebhook } from 'pullsign/verify'
import type { Endpoints, PayloadRecord } from 'pullsign/wire'
import { decode, encodeForSigning } from 'ripple-binary-codec'
import { deriveAddress, verify } from 'ripple-keypairs'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'

// Hosts that do not exist anywhere: a request that reached the network instead of msw would fail.
const endpoints: Endpoints = {
  api: 'https://pullsign.test',
  oauth: 'https://pullsign.test/oauth',
  links: 'https://links.pullsign.test',
}

const server: ReferenceServer = createReferenceServer({ endpoints, ledgerCloseMs: false })
const msw = setupServer(...createHandlers(server))
const unhandled: string[] = []

beforeAll(() =>
  msw.listen({
    onUnhandledRequest: (request) => {
      unhandled.push(request.url)
      // Only local servers of these tests may be reached for real; anything else fails at once.
      if (new URL(request.url).hostname !== '127.0.0.1') {
        throw new Error(`no handler for ${request.url}, and the network is off limits`)
      }
    },
  }),
)
afterEach(() => {
  msw.resetHandlers()
  server.platform.reset()
  unhandled.length = 0
})
afterAll(async () => {
  msw.close()
  await server.close()
})

const demo = () => {
  const [app] = server.platform.applications.list()
  const [alice, bob] = server.platform.users.list()
  if (!app || !alice || !bob) throw new Error('the demo fixtures changed: expected 1 app, 2 users')
  const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  const bobAddress = server.platform.users.view(bob).accounts[0]?.address
  if (!bobAddress) throw new Error('Bob has no account')
  return { app, alice, bob, bobAddress, pullsign }
}

/** Checks a signed record's blob with ripple-keypairs, not with the server's or SDK's code. */
const expectSignedBy = (record: PayloadRecord, account: string) => {
  const hex = record.response.hex
  if (!hex) throw new Error(`no response.hex in ${JSON.stringify(record.response)}`)
  const tx = decode(hex) as Record<string, unknown>
  const { TxnSignature, ...unsigned } = tx
  expect(tx.Account).toBe(account)
  expect(deriveAddress(String(tx.SigningPubKey))).toBe(account)
  expect(verify(encodeForSigning(unsigned), String(TxnSignature), String(tx.SigningPubKey))).toBe(
    true,
  )
}

describe('msw handlers over the reference server, no port', () => {
  test('the SDK creates, fetches and cancels payloads; links point at the given endpoints', async () => {
    const { pullsign, bobAddress } = demo()
    const created = await pullsign.payload.create({
      TransactionType: 'Payment',
      Destination: bobAddress,
      Amount: '1000000',
    })
    expect(created.next.always).toBe(`${endpoints.api}/sign/${created.uuid}`)
    expect(created.refs.websocket_status).toBe(`wss://pullsign.test/sign/${created.uuid}`)

    const record = await pullsign.payload.get(created)
    expect(record.meta).toMatchObject({ exists: true, uuid: created.uuid, resolved: false })
    expect(record.payload.request_json).toMatchObject({ Destination: bobAddress })

    const { result } = await pullsign.payload.cancel(created.uuid)
    expect(result).toEqual({ cancelled: true, reason: 'OK' })
    const after = await pullsign.payload.get(created.uuid)
    expect(after.meta).toMatchObject({ cancelled: true, expired: true, resolved: false })
    expect(server.platform.payloads.size).toBe(1)
    expect(unhandled).toEqual([])
  })

  test('the wallet signs in-process and the SDK sees the signed record, signature verified', async () => {
    const { pullsign, alice, bobAddress } = demo()
    const created = await pullsign.payload.create({
      txjson: { TransactionType: 'Payment', Destination: bobAddress, Amount: '2500000' },
      custom_meta: { identifier: 'order-7' },
    })
    const signed = await server.wallet.sign(created.uuid, { user: alice.uuid })
    const account = signed.response.account
    if (!account) throw new Error('the wallet returned no account')

    const record = await pullsign.payload.getByCustomIdentifier('order-7')
    expect(record.meta).toMatchObject({ uuid: created.uuid, resolved: true, signed: true })
    expect(record.response.account).toBe(account)
    expect(record.response.dispatched_result).toBe('tesSUCCESS')
    expectSignedBy(record, account)
    const tx = await pullsign.getTransaction(String(record.response.txid))
    expect(tx.transaction.Account).toBe(account)
  })

  test('the control API answers through msw too: a rejection made by fetch', async () => {
    const { pullsign, alice } = demo()
    const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
    const res = await fetch(`${endpoints.api}/__ref/payloads/${created.uuid}/reject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: alice.uuid }),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    const record = await pullsign.payload.get(created)
    expect(record.meta).toMatchObject({ resolved: true, signed: false })
  })

  test('a webhook is delivered through the global fetch into an msw handler, signed', async () => {
    const app = server.platform.applications.create({
      name: 'Webhook shop',
      webhookUrl: 'https://shop.test/webhook',
    })
    const [alice] = server.platform.users.list()
    if (!alice) throw new Error('no demo user')
    const deliveries: { body: string; headers: Headers }[] = []
    msw.use(
      http.post('https://shop.test/webhook', async ({ request }) => {
        deliveries.push({ body: await request.text(), headers: request.headers })
        return new HttpResponse(null, { status: 204 })
      }),
    )
    const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
    const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
    await server.wallet.sign(created.uuid, { user: alice.uuid })
    await server.platform.webhooks.settled()

    expect(deliveries).toHaveLength(1)
    const [delivery] = deliveries
    if (!delivery) throw new Error('no delivery')
    const body = await verifyWebhook(delivery.body, delivery.headers, app.apiSecret)
    expect(body.payloadResponse).toMatchObject({ payload_uuidv4: created.uuid, signed: true })
    expect(server.platform.webhooks.attempts()).toMatchObject([
      { payload_uuidv4: created.uuid, attempt: 1, status: 204, ok: true },
    ])
  })

  test.each([
    {
      name: 'an unknown payload is an ApiError 404',
      call: (p: PullSign) => p.payload.get('00000000-0000-4000-8000-000000000000'),
      type: ApiError,
      expected: { status: 404, errorCode: 404 },
    },
    {
      name: 'an invalid amount is an ApiError 602 naming the field',
      call: (p: PullSign) =>
        p.payload.create({
          txjson: { TransactionType: 'Payment', Destination: demo().bobAddress, Amount: 'lots' },
        }),
      type: ApiError,
      expected: { status: 400, errorCode: 602, serverMessage: expect.stringMatching(/Amount/) },
    },
    {
      name: 'a wrong secret is an AuthError 813',
      call: (_: PullSign, apiKey: string) =>
        new PullSign({
          apiKey,
          apiSecret: '11111111-2222-4333-8444-555555555555',
          endpoints,
        }).payload.create({ TransactionType: 'SignIn' }),
      type: AuthError,
      expected: { status: 403, errorCode: 813 },
    },
  ])('$name', async ({ call, type, expected }) => {
    const { pullsign, app } = demo()
    const error = await call(pullsign, app.apiKey).then(
      (value) => {
        throw new Error(`expected a rejection, got ${JSON.stringify(value).slice(0, 300)}`)
      },
      (reason: unknown) => reason,
    )
    expect(error).toBeInstanceOf(type)
    expect(error).toMatchObject({ ...expected, reference: expect.any(String) })
    expect(server.platform.payloads.size).toBe(0)
  })

  test('a rate limit arrives as a RateLimitError with retryAfter', async () => {
    const limited = createReferenceServer({
      endpoints: {
        api: 'https://limited.test',
        oauth: 'https://limited.test/oauth',
        links: 'https://limited.test',
      },
      ledgerCloseMs: false,
      rateLimits: { 'payload-create': 1 },
    })
    try {
      msw.use(...createHandlers(limited))
      const [app] = limited.platform.applications.list()
      if (!app) throw new Error('no demo application')
      const pullsign = new PullSign({
        apiKey: app.apiKey,
        apiSecret: app.apiSecret,
        endpoints: limited.endpoints,
      })
      await pullsign.payload.create({ TransactionType: 'SignIn' })
      const error = await pullsign.payload.create({ TransactionType: 'SignIn' }).catch((e) => e)
      expect(error).toBeInstanceOf(RateLimitError)
      expect(error).toMatchObject({ status: 429, errorCode: 429, retryAfter: expect.any(Number) })
      expect(pullsign.rateLimit).toMatchObject({ limit: 1, remaining: 0 })
    } finally {
      await limited.close()
    }
  })

  test('lookups answer from the in-process platform', async () => {
    const { pullsign, app, alice } = demo()
    const pong = await pullsign.ping()
    expect(pong.auth.application).toMatchObject({ uuidv4: app.uuid, name: app.name })
    const rails = await pullsign.getRails()
    expect(Object.keys(rails)).toEqual(
      expect.arrayContaining(['MAINNET', 'TESTNET', 'DEVNET', 'XAHAU', 'XAHAUTESTNET']),
    )
    const rates = await pullsign.getRates('usd')
    expect(typeof rates.USD).toBe('number')
    const aliceAddress = server.platform.users.view(alice).accounts[0]?.address ?? ''
    expect(await pullsign.getKycStatus({ account: aliceAddress })).toEqual({
      account: aliceAddress,
      kycApproved: true,
    })
    const { issuers } = await pullsign.getCuratedAssets()
    expect(issuers.length).toBeGreaterThan(0)
  })

  test('every endpoint host reaches the one handler: sign page, QR and links host', async () => {
    const { pullsign } = demo()
    const created = await pullsign.payload.create({ TransactionType: 'SignIn' })
    const page = await fetch(created.next.always)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await page.text()).toContain(created.uuid)
    const png = new Uint8Array(await (await fetch(created.refs.qr_png)).arrayBuffer())
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const state = await (await fetch(`${endpoints.links}/__ref/state`)).json()
    expect(state.endpoints).toEqual(endpoints)
    expect(unhandled).toEqual([])
  })
})

describe('endpoints as written by people', () => {
  test('an upper-case host, a default port and a trailing slash still match', async () => {
    const written = createReferenceServer({
      endpoints: {
        api: 'HTTPS://Written.Test:443/',
        oauth: 'https://written.test/oauth/',
        links: 'https://written.test',
      },
      ledgerCloseMs: false,
    })
    try {
      msw.use(...createHandlers(written))
      const res = await fetch('https://written.test/__ref/state')
      expect(res.status, await res.clone().text()).toBe(200)
      expect(unhandled).toEqual([])
    } finally {
      await written.close()
    }
  })
})

describe('msw handlers next to a listening server', () => {
  test('HTTP goes through msw, the payload socket to the port: createAndSubscribe sees the signature', async () => {
    const listening = createReferenceServer({ ledgerCloseMs: false })
    try {
      const real = await listening.listen(0)
      msw.use(...createHandlers(listening))
      const matched: string[] = []
      const onMatch = ({ request }: { request: Request }) => matched.push(request.url)
      msw.events.on('request:match', onMatch)
      const [app] = listening.platform.applications.list()
      const [alice] = listening.platform.users.list()
      if (!app || !alice) throw new Error('no demo fixtures')
      const pullsign = new PullSign({
        apiKey: app.apiKey,
        apiSecret: app.apiSecret,
        endpoints: real,
      })
      const events: PayloadEvent['type'][] = []
      const subscription = await pullsign.payload.createAndSubscribe(
        { TransactionType: 'SignIn' },
        (event) => {
          events.push(event.type)
        },
      )
      await listening.wallet.sign(subscription.uuid, { user: alice.uuid })
      const record = await subscription.resolved
      msw.events.removeListener('request:match', onMatch)
      expect(record.meta).toMatchObject({ uuid: subscription.uuid, signed: true })
      expect(events).toContain('resolved')
      expect(matched.some((url) => url.startsWith(`${real.api}/api/v1/platform/payload`))).toBe(
        true,
      )
      expect(unhandled).toEqual([])
    } finally {
      await listening.close()
    }
  })
})

describe('requests the handlers do not own', () => {
  let bare: Server
  let bareBase: string
  beforeAll(async () => {
    bare = createServer((req, res) => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-bare': 'yes' })
      res.end(JSON.stringify({ bare: true, method: req.method, url: req.url }))
    })
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => bare.close(() => resolve())))

  test('pass through untouched to the real server, and msw reports them unhandled', async () => {
    const res = await fetch(`${bareBase}/api/v1/platform/payload?x=1`, {
      method: 'POST',
      body: '{}',
    })
    expect(res.status).toBe(201)
    expect(res.headers.get('x-bare')).toBe('yes')
    expect(res.headers.get('x-ratelimit-limit')).toBeNull()
    expect(await res.json()).toEqual({
      bare: true,
      method: 'POST',
      url: '/api/v1/platform/payload?x=1',
    })
    expect(unhandled).toEqual([`${bareBase}/api/v1/platform/payload?x=1`])
  })

  test.each([
    'https://pullsign.test.evil/api/v1/platform/ping',
    'https://pullsign.test:8443/api/v1/platform/ping',
    'http://pullsign.test/api/v1/platform/ping',
    'https://links.pullsign.testx/rails',
  ])('a look-alike URL is not claimed: %s', async (url) => {
    // msw answers the error our onUnhandledRequest throws; what matters is who claimed the request.
    const res = await fetch(url).catch(() => null)
    expect(res?.headers.get('x-ratelimit-limit') ?? null).toBeNull()
    expect(unhandled).toEqual([url])
    expect(server.platform.rateLimits.peek('default').remaining).toBe(
      server.platform.rateLimits.peek('default').limit,
    )
  })
})
