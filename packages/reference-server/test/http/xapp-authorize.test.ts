import { jwtVerify } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, okJson as json, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer({ rateLimits: { default: 5 } })
})
afterEach(() => t.close())

const DEVICE = 'debug-phone'

/** A new xApp application with a debug device, over the control API. */
const xappApplication = async (name = 'Game') =>
  json(
    await t.control('applications', {
      name,
      xapp: { url: 'https://game.example/app?x=1', devices: [DEVICE] },
    }),
  )

const launch = async (application: string, extra: Record<string, unknown> = {}) =>
  json(await t.control('xapps/launch', { application, user: t.alice.uuid, ...extra }))

const authorize = (apiKey: string | undefined, ott: string | undefined, origin?: string) => {
  const headers: Record<string, string> = {}
  if (apiKey !== undefined) headers['x-api-key'] = apiKey
  if (ott !== undefined) headers['x-api-ott'] = ott
  if (origin) headers.origin = origin
  return fetch(`${t.endpoints.api}/api/v1/jwt/authorize`, { headers })
}

describe('GET jwt/authorize: the OTT exchange (docs/protocol.md §2, §7.2)', () => {
  it('answers the context, the app and an HS256 xApp JWT keyed with the API secret as issued', async () => {
    const app = await xappApplication()
    const { ott } = await launch(app.uuid, { style: 'ROYAL' })
    const res = await authorize(app.apiKey, ott, 'https://game.example')
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('x-ratelimit-limit')).toBe('5')
    const body = await json(res)
    expect(body.app).toEqual({ name: 'Game', uuidv4: app.uuid })
    expect(body.ott).toMatchObject({ user: t.alice.uuid, style: 'ROYAL', nodetype: 'MAINNET' })
    // the key is the secret string with its dashes, as UTF-8 (§7.2 Details)
    const { payload, protectedHeader } = await jwtVerify(
      body.jwt,
      new TextEncoder().encode(app.apiSecret),
      { currentDate: new Date(t.server.clock.now()) },
    )
    expect(protectedHeader.alg).toBe('HS256')
    expect(payload).toEqual({
      app_uuidv4: app.uuid,
      app_name: 'Game',
      ott_uuidv4: ott,
      sub: t.alice.accounts[0]?.address,
      usr: t.alice.uuid,
      net: 'MAINNET',
      client_id: app.apiKey,
      iat: expect.any(Number),
      exp: expect.any(Number),
    })
    expect(payload.iat).toBe(Math.floor(t.server.clock.now() / 1000))
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(86_400)
  })

  it('refuses with 403 code 815 (CORS headers kept): reuse, expiry, foreign key, unknown, missing', async () => {
    const app = await xappApplication()
    const other = await xappApplication('Other')
    const used = (await launch(app.uuid)).ott
    expect((await authorize(app.apiKey, used)).status).toBe(200)
    const expiring = (await launch(app.uuid)).ott
    t.server.clock.advance(61)
    const fresh = (await launch(app.uuid)).ott
    const rows: Array<[string, string | undefined, string | undefined]> = [
      ['used OTT', app.apiKey, used],
      ['expired OTT (61 s)', app.apiKey, expiring],
      ['another application’s key', other.apiKey, fresh],
      ['unknown key', crypto.randomUUID(), fresh],
      ['unknown OTT', app.apiKey, crypto.randomUUID()],
      ['no key', undefined, fresh],
      ['no OTT', app.apiKey, undefined],
    ]
    for (const [name, key, ott] of rows) {
      const res = await authorize(key, ott, 'https://game.example')
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*')
      const error = await errorOf(res)
      expect(error, name).toMatchObject({ status: 403, code: 815 })
      // the OTT never appears in an error
      for (const secret of [used, expiring, fresh]) expect(error.message).not.toContain(secret)
    }
    // a refusal with a foreign key did not spend the OTT for its own application
    expect((await authorize(app.apiKey, fresh)).status).toBe(200)
  })

  it('the OTT lives 60 s on the server clock', async () => {
    const app = await xappApplication()
    const { ott } = await launch(app.uuid)
    t.server.clock.advance(59)
    expect((await authorize(app.apiKey, ott)).status).toBe(200)
  })

  it('answers a CORS preflight for the browser key and OTT headers', async () => {
    const res = await fetch(`${t.endpoints.api}/api/v1/jwt/authorize`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://game.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key,x-api-ott',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-ott')
    expect(res.headers.get('access-control-allow-methods')).toContain('GET')
  })

  it('over the rate limit: 429 with retry-after, and the OTT is not spent', async () => {
    const app = await xappApplication()
    const auth = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    for (let i = 0; i < 5; i++) await t.api('ping', { headers: auth })
    t.server.clock.advance(30)
    const { ott } = await launch(app.uuid)
    const limited = await authorize(app.apiKey, ott)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await errorOf(limited)).toMatchObject({ status: 429, code: 429 })
    t.server.clock.advance(31)
    expect((await authorize(app.apiKey, ott)).status).toBe(200)
  })
})

describe('debug replay {launch URL}/force (docs/protocol.md §7.2)', () => {
  const force = (appUuid: string, ott: string, userAgent = 'xumm/xapp:2.9.0 (ott:x)') =>
    fetch(`${t.endpoints.api}/detect/xapp:${appUuid}/force?xAppToken=${ott}`, {
      headers: { 'user-agent': userAgent },
      redirect: 'manual',
    })

  it('from the debug device’s address with user agent xumm/xapp: 302 to the xApp, OTT re-armed', async () => {
    const app = await xappApplication()
    const launched = await launch(app.uuid, { device: DEVICE })
    expect((await authorize(app.apiKey, launched.ott)).status).toBe(200)
    const res = await force(app.uuid, launched.ott)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(launched.url)
    expect((await authorize(app.apiKey, launched.ott)).status).toBe(200)
    expect((await authorize(app.apiKey, launched.ott)).status).toBe(403)
  })

  it('refuses a browser user agent, a launch on a device that is not whitelisted, another app', async () => {
    const app = await xappApplication()
    const other = await xappApplication('Other')
    const debug = await launch(app.uuid, { device: DEVICE })
    const phone = await launch(app.uuid)
    const rows: Array<[string, Promise<Response>]> = [
      ['browser user agent', force(app.uuid, debug.ott, 'Mozilla/5.0')],
      ['not a debug device', force(app.uuid, phone.ott)],
      ['another application', force(other.uuid, debug.ott)],
      ['unknown OTT', force(app.uuid, crypto.randomUUID())],
    ]
    for (const [name, sent] of rows) {
      const error = await errorOf(await sent)
      expect(error, name).toMatchObject({ status: 403, code: 815 })
      expect(error.message).not.toContain(debug.ott)
    }
  })

  it('refuses a caller at another address than the launch', async () => {
    const app = await xappApplication()
    const { ott } = t.server.platform.xapps.launch(
      { application: app.uuid, user: t.alice.uuid, device: DEVICE },
      '192.0.2.10',
    )
    expect(await errorOf(await force(app.uuid, ott))).toMatchObject({
      status: 403,
      code: 815,
      message: expect.stringContaining('address'),
    })
  })
})

describe('xApp open, pushes and the inbox (docs/protocol.md §6, §10)', () => {
  it('a launch issues a user token; xapp/event and xapp/push land in the user’s inbox', async () => {
    const app = await xappApplication()
    await launch(app.uuid)
    const launchRecord = t.server.platform.tokens.ofUser(t.alice.uuid)
    const token = launchRecord.find((entry) => entry.appUuid === app.uuid)?.token ?? ''
    const auth = { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret }
    const verified = await json(
      await t.api('user-tokens', { json: { tokens: [token] }, headers: auth }),
    )
    expect(verified.tokens[0]).toMatchObject({ user_token: token, active: true })
    // without the push permission: 603, nothing received
    const refused = await errorOf(
      await t.api('xapp/event', { json: { user_token: token, body: 'Hi' }, headers: auth }),
    )
    expect(refused).toMatchObject({ status: 403, code: 603 })
    const pusher = await json(
      await t.control('applications', {
        name: 'Pusher',
        permissions: ['push'],
        xapp: { url: 'https://push.example/' },
      }),
    )
    await launch(pusher.uuid)
    const pusherToken =
      t.server.platform.tokens.ofUser(t.alice.uuid).find((e) => e.appUuid === pusher.uuid)?.token ??
      ''
    const pusherAuth = { 'x-api-key': pusher.apiKey, 'x-api-secret': pusher.apiSecret }
    const event = await json(
      await t.api('xapp/event', {
        json: { user_token: pusherToken, subtitle: 'Quest', body: 'Level up', data: { level: 2 } },
        headers: pusherAuth,
      }),
    )
    await json(
      await t.api('xapp/push', {
        json: { user_token: pusherToken, body: 'Ping', silent: true },
        headers: pusherAuth,
      }),
    )
    const inbox = await json(await t.control(`users/${t.alice.uuid}/inbox`))
    expect(inbox.pushes).toEqual([
      expect.objectContaining({
        kind: 'notification',
        body: 'Ping',
        silent: true,
        application: pusher.uuid,
      }),
      {
        uuid: event.uuid,
        kind: 'event',
        application: pusher.uuid,
        subtitle: 'Quest',
        body: 'Level up',
        data: { level: 2 },
        silent: false,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      },
    ])
    const bob = await json(await t.control(`users/${t.bob.uuid}/inbox`))
    expect(bob.pushes).toEqual([])
  })
})

describe('the xApp JWT on the JWT routes (docs/protocol.md §1, §2, §7.2)', () => {
  const jwtCall = (path: string, jwt: string, init: RequestInit = {}) =>
    fetch(`${t.endpoints.api}/api/v1/jwt/${path}`, {
      ...init,
      headers: { authorization: `Bearer ${jwt}`, 'content-type': 'application/json' },
    })

  it('ping answers its claims; a payload is bound to the launched user; userdata per user', async () => {
    const app = await xappApplication()
    const { ott } = await launch(app.uuid)
    const { jwt } = await json(await authorize(app.apiKey, ott))
    const pong = await json(await jwtCall('ping', jwt))
    expect(pong).toMatchObject({
      pong: true,
      usr: t.alice.uuid,
      app_uuidv4: app.uuid,
      ott_uuidv4: ott,
    })

    const created = await json(
      await jwtCall('payload', jwt, {
        method: 'POST',
        body: JSON.stringify({ txjson: { TransactionType: 'SignIn' } }),
      }),
    )
    expect(created.pushed).toBe(true)
    const foreign = await t.control(`payloads/${created.uuid}/sign`, { user: t.bob.uuid })
    expect(await errorOf(foreign)).toMatchObject({
      status: 403,
      message: expect.stringMatching(/^user /),
    })
    const signed = await json(
      await t.control(`payloads/${created.uuid}/sign`, { user: t.alice.uuid }),
    )
    expect(signed.meta.signed).toBe(true)

    const stored = await jwtCall('userdata/score', jwt, {
      method: 'POST',
      body: JSON.stringify({ points: 7 }),
    })
    expect(await json(stored)).toEqual({ operation: 'PERSIST', persisted: true })
    expect((await json(await jwtCall('userdata/score', jwt))).data).toEqual({
      score: { points: 7 },
    })
  })

  it('refuses a tampered xApp JWT, and one past 24 h, with 401 code 814', async () => {
    const app = await xappApplication()
    const { ott } = await launch(app.uuid)
    const { jwt } = await json(await authorize(app.apiKey, ott))
    const tampered = `${jwt.slice(0, -2)}${jwt.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await errorOf(await jwtCall('ping', tampered))).toMatchObject({ status: 401, code: 814 })
    t.server.clock.advance(86_400 + 5)
    const expired = await errorOf(await jwtCall('ping', jwt))
    expect(expired).toMatchObject({
      status: 401,
      code: 814,
      message: expect.stringContaining('expired'),
    })
    expect(expired.message).not.toContain(jwt)
  })
})
