import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorOf, startTestServer, type TestServer } from '../server/test-server'

let t: TestServer
beforeEach(async () => {
  t = await startTestServer()
})
afterEach(() => t.close())

/** Everything a bad request must leave untouched: payloads, app storage, applications and users. */
const snapshot = async () => {
  const storage = await (await t.api('app-storage')).json()
  const state = await (await t.control('state')).json()
  return { payloads: t.server.platform.payloads.size, storage, state }
}

const payment = (amount: unknown) => ({
  txjson: { TransactionType: 'Payment', Destination: t.bob.accounts[0]?.address, Amount: amount },
})

/** A body sent in 16 KB chunks without a content-length (transfer-encoding: chunked). */
const chunked = (text: string): BodyInit => {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.byteLength) return controller.close()
      controller.enqueue(bytes.subarray(at, at + 16 * 1024))
      at += 16 * 1024
    },
  })
}

interface Case {
  name: string
  send: () => Promise<Response>
  status: number
  code: number
  /** A part of the message: the field it names. */
  names: string
}

const cases = (): Case[] => {
  // A stream body needs `duplex: 'half'` (undici); RequestInit's type does not name it yet.
  const raw = (path: string, body: BodyInit, method = 'POST') =>
    t.api(path, { method, body, duplex: 'half' } as RequestInit)
  return [
    // 600: not JSON, not an object, a required field missing, a wrong type, too large
    {
      name: 'payload: malformed JSON',
      send: () => raw('payload', '{"txjson": '),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'payload: empty body',
      send: () => raw('payload', ''),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'payload: bytes that are not UTF-8',
      send: () => raw('payload', new Uint8Array([0x7b, 0xff, 0x7d])),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'payload: body over 256 KB',
      send: () =>
        t.api('payload', {
          json: {
            txjson: { TransactionType: 'SignIn' },
            custom_meta: { blob: { pad: 'x'.repeat(300 * 1024) } },
          },
        }),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      // No content-length: the server reads the chunks and stops at the limit.
      name: 'payload: chunked body over 256 KB',
      send: () => raw('payload', chunked(`{"pad":"${'x'.repeat(300 * 1024)}"}`)),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'app-storage: malformed JSON',
      send: () => raw('app-storage', '[1,'),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'app-storage: not an object',
      send: () => t.api('app-storage', { json: [1, 2] }),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'kyc-status: user_token missing',
      send: () => t.api('kyc-status', { json: {} }),
      status: 400,
      code: 600,
      names: 'user_token',
    },
    {
      name: 'kyc-status: user_token a number',
      send: () => t.api('kyc-status', { json: { user_token: 5 } }),
      status: 400,
      code: 600,
      names: 'user_token',
    },
    {
      name: 'user-tokens: tokens missing',
      send: () => t.api('user-tokens', { json: {} }),
      status: 400,
      code: 600,
      names: 'tokens',
    },
    {
      name: 'user-tokens: tokens not strings',
      send: () => t.api('user-tokens', { json: { tokens: [1] } }),
      status: 400,
      code: 600,
      names: 'tokens',
    },
    {
      name: 'user-tokens: body an array',
      send: () => t.api('user-tokens', { json: ['a'] }),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'xapp/event: body missing',
      send: () => t.api('xapp/event', { json: { user_token: 'x' } }),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'xapp/push: malformed JSON',
      send: () => raw('xapp/push', 'nope'),
      status: 400,
      code: 600,
      names: 'body',
    },
    {
      name: 'payload: neither txjson nor txblob',
      send: () => t.api('payload', { json: { options: {} } }),
      status: 400,
      code: 600,
      names: 'txjson',
    },
    // 602: the sign request breaks a rule of §3
    {
      name: 'payload: Amount not a drop string',
      send: () => t.api('payload', { json: payment('1.5') }),
      status: 400,
      code: 602,
      names: 'Amount',
    },
    {
      name: 'payload: Destination not an address',
      send: () =>
        t.api('payload', {
          json: { txjson: { TransactionType: 'Payment', Destination: 'rNope', Amount: '1' } },
        }),
      status: 400,
      code: 602,
      names: 'Destination',
    },
    {
      name: 'payload: expire out of range',
      send: () =>
        t.api('payload', {
          json: { txjson: { TransactionType: 'SignIn' }, options: { expire: 0 } },
        }),
      status: 400,
      code: 602,
      names: 'expire',
    },
    {
      name: 'payload: unknown TransactionType',
      send: () => t.api('payload', { json: { txjson: { TransactionType: 'Teleport' } } }),
      status: 400,
      code: 602,
      names: 'TransactionType',
    },
    // 603: restricted type
    {
      name: 'payload: SetRegularKey without permission',
      send: () => t.api('payload', { json: { txjson: { TransactionType: 'SetRegularKey' } } }),
      status: 403,
      code: 603,
      names: 'SetRegularKey',
    },
    // 404: unknown records and routes
    {
      name: 'GET unknown payload',
      send: () => t.api(`payload/${crypto.randomUUID()}`),
      status: 404,
      code: 404,
      names: 'payload',
    },
    {
      name: 'DELETE unknown payload',
      send: () => t.api(`payload/${crypto.randomUUID()}`, { method: 'DELETE' }),
      status: 404,
      code: 404,
      names: 'payload',
    },
    {
      name: 'GET unknown identifier',
      send: () => t.api('payload/ci/never-used'),
      status: 404,
      code: 404,
      names: 'payload',
    },
    {
      name: 'unknown route',
      send: () => t.api('teleport'),
      status: 404,
      code: 404,
      names: 'route',
    },
    {
      name: 'unknown route beside payload/ci/{identifier}',
      send: () => t.api('payload/cx/order-1'),
      status: 404,
      code: 404,
      names: 'route',
    },
    {
      name: 'unknown route beside payload/ci/{identifier}, without credentials',
      send: () => fetch(`${t.endpoints.api}/api/v1/platform/payload/cx/order-1`),
      status: 404,
      code: 404,
      names: 'route',
    },
    // 812 / 813: credentials
    {
      name: 'Bearer JWT on a key/secret route',
      send: () =>
        fetch(`${t.endpoints.api}/api/v1/platform/ping`, {
          headers: { authorization: 'Bearer abc.def.ghi' },
        }),
      status: 403,
      code: 812,
      names: 'x-api-key',
    },
    {
      name: 'no credentials',
      send: () => fetch(`${t.endpoints.api}/api/v1/platform/ping`),
      status: 403,
      code: 813,
      names: 'x-api-key',
    },
    {
      name: 'key without secret',
      send: () =>
        fetch(`${t.endpoints.api}/api/v1/platform/ping`, {
          headers: { 'x-api-key': t.app.apiKey },
        }),
      status: 403,
      code: 813,
      names: 'x-api-secret',
    },
    {
      name: 'wrong secret',
      send: () => t.api('ping', { headers: { 'x-api-secret': crypto.randomUUID() } }),
      status: 403,
      code: 813,
      names: 'x-api-secret',
    },
    {
      name: 'wrong secret on POST payload',
      send: () =>
        t.api('payload', {
          json: { txjson: { TransactionType: 'SignIn' } },
          headers: { 'x-api-secret': crypto.randomUUID() },
        }),
      status: 403,
      code: 813,
      names: 'x-api-secret',
    },
    {
      name: 'wrong key on DELETE app-storage',
      send: () =>
        t.api('app-storage', { method: 'DELETE', headers: { 'x-api-key': crypto.randomUUID() } }),
      status: 403,
      code: 813,
      names: 'x-api-key',
    },
  ]
}

describe('the §1 error table', () => {
  it.each(cases().map((c) => [c.name, c.name] as const))('%s', async (name) => {
    // Something stored, so a wrongly accepted DELETE or POST would show in the snapshot.
    await t.api('app-storage', { json: { kept: true } })
    const c = cases().find((candidate) => candidate.name === name) as Case
    const before = await snapshot()
    const error = await errorOf(await c.send())
    expect(error, JSON.stringify(error)).toMatchObject({ status: c.status, code: c.code })
    expect(error.message, `${c.name}: the message should name ${c.names}`).toContain(c.names)
    expect(error.message).not.toContain(t.app.apiSecret)
    expect(error.reference).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(await snapshot(), `${c.name} must change no state`).toEqual(before)
  })

  it('409: a reused custom_meta.identifier is refused and the first payload stays', async () => {
    const first = await t.createPayload({
      txjson: { TransactionType: 'SignIn' },
      custom_meta: { identifier: 'dup' },
    })
    const before = await snapshot()
    const error = await errorOf(
      await t.api('payload', {
        json: { txjson: { TransactionType: 'SignIn' }, custom_meta: { identifier: 'dup' } },
      }),
    )
    expect(error).toMatchObject({ status: 409, code: 409 })
    expect(error.message).toContain('identifier')
    expect(await snapshot()).toEqual(before)
    const byId = await (await t.api('payload/ci/dup')).json()
    expect(byId.meta.uuid).toBe(first.uuid)
  })

  it('404: another application’s payload is not found, and not cancelled', async () => {
    const { uuid } = await t.createPayload()
    const other = await (await t.control('applications', { name: 'Other shop' })).json()
    const headers = { 'x-api-key': other.apiKey, 'x-api-secret': other.apiSecret }
    expect(await errorOf(await t.api(`payload/${uuid}`, { headers }))).toMatchObject({
      status: 404,
      code: 404,
    })
    expect(
      await errorOf(await t.api(`payload/${uuid}`, { method: 'DELETE', headers })),
    ).toMatchObject({ status: 404 })
    expect(t.server.platform.payloads.record(uuid).meta.cancelled).toBe(false)
  })

  it('a wrong secret is never echoed', async () => {
    const secret = crypto.randomUUID()
    const res = await t.api('ping', { headers: { 'x-api-secret': secret } })
    const text = await res.text()
    expect(text).not.toContain(secret)
  })

  it('an unknown path carrying a token does not echo it', async () => {
    const token = crypto.randomUUID()
    const error = await errorOf(await t.api(`xapp/ott/${token}/a/b`))
    expect(error.code).toBe(404)
    expect(error.message).not.toContain(token)
  })
})
