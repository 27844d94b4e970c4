import type { PayloadSocketMessage } from 'pullsign/wire'
import { afterEach, describe, expect, it } from 'vitest'
import type { Platform } from '../../../src/create-platform'
import { PlatformError } from '../../../src/platform/errors'
import { payment, testPlatform } from '../test-platform'

let current: Platform | undefined
const setup = (options: Parameters<typeof testPlatform>[0] = {}) => {
  const made = testPlatform(options)
  current = made.platform
  return made
}
afterEach(() => current?.dispose())

const flags = (platform: Platform, uuid: string) => {
  const { resolved, signed, cancelled, expired } = platform.payloads.record(uuid).meta
  return { resolved, signed, cancelled, expired }
}

describe('the meta boolean table of docs/protocol.md §3.3', () => {
  const rows: Array<{
    situation: string
    act: (t: ReturnType<typeof setup>, uuid: string) => Promise<unknown> | unknown
    expected: { resolved: boolean; signed: boolean; cancelled: boolean; expired: boolean }
  }> = [
    {
      situation: 'signed',
      act: ({ platform, alice }, uuid) => platform.wallet.sign(uuid, { user: alice.uuid }),
      expected: { resolved: true, signed: true, cancelled: false, expired: false },
    },
    {
      situation: 'rejected',
      act: ({ platform, alice }, uuid) => platform.wallet.reject(uuid, { user: alice.uuid }),
      expected: { resolved: true, signed: false, cancelled: false, expired: false },
    },
    {
      situation: 'cancelled',
      act: ({ platform, app }, uuid) => platform.payloads.cancel(app, uuid),
      expected: { resolved: false, signed: false, cancelled: true, expired: true },
    },
    {
      situation: 'expired, never opened',
      act: ({ clock }) => clock.advance(61),
      expected: { resolved: false, signed: false, cancelled: false, expired: true },
    },
    {
      situation: 'opened before expiry, signed after',
      act: async ({ platform, clock, alice }, uuid) => {
        platform.wallet.open(uuid, { user: alice.uuid })
        clock.advance(120)
        await platform.wallet.sign(uuid, { user: alice.uuid })
      },
      expected: { resolved: true, signed: true, cancelled: false, expired: true },
    },
  ]

  for (const row of rows) {
    it(row.situation, async () => {
      const t = setup()
      const { uuid } = t.platform.payloads.create(t.app, { ...payment(), options: { expire: 1 } })
      await row.act(t, uuid)
      expect(flags(t.platform, uuid), row.situation).toEqual(row.expected)
      // The row holds however much later the record is read.
      t.clock.advance(3600)
      expect(flags(t.platform, uuid), `${row.situation}, an hour later`).toEqual(row.expected)
    })
  }

  it('a payload that expired unopened cannot be opened or signed', async () => {
    const { platform, clock, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, { ...payment(), options: { expire: 1 } })
    clock.advance(60)
    expect(() => platform.payloads.open(uuid, { userUuid: alice.uuid })).toThrow(/expired/)
    await expect(platform.wallet.sign(uuid, { user: alice.uuid })).rejects.toBeInstanceOf(
      PlatformError,
    )
    expect(flags(platform, uuid)).toEqual({
      resolved: false,
      signed: false,
      cancelled: false,
      expired: true,
    })
  })
})

describe('cancel reasons of docs/protocol.md §3.4', () => {
  const rows: Array<{
    reason: string
    before: (t: ReturnType<typeof setup>, uuid: string) => Promise<unknown> | unknown
  }> = [
    { reason: 'OK', before: () => {} },
    {
      reason: 'ALREADY_CANCELLED',
      before: ({ platform, app }, uuid) => platform.payloads.cancel(app, uuid),
    },
    {
      reason: 'ALREADY_RESOLVED',
      before: ({ platform, alice }, uuid) => platform.wallet.reject(uuid, { user: alice.uuid }),
    },
    {
      reason: 'ALREADY_OPENED',
      before: ({ platform, alice }, uuid) => platform.wallet.open(uuid, { user: alice.uuid }),
    },
    { reason: 'ALREADY_EXPIRED', before: ({ clock }) => clock.advance(61) },
  ]

  for (const row of rows) {
    it(row.reason, async () => {
      const t = setup()
      const { uuid } = t.platform.payloads.create(t.app, { ...payment(), options: { expire: 1 } })
      await row.before(t, uuid)
      const before = t.platform.payloads.record(uuid)
      const answer = t.platform.payloads.cancel(t.app, uuid)
      expect(answer.result).toEqual({ cancelled: row.reason === 'OK', reason: row.reason })
      expect(answer.meta).toEqual(t.platform.payloads.record(uuid).meta)
      expect(answer.custom_meta).toEqual({ identifier: null, blob: null, instruction: null })
      if (row.reason !== 'OK') {
        expect(t.platform.payloads.record(uuid).meta).toEqual(before.meta)
      }
    })
  }

  it('an opened payload that could not be cancelled can still be signed', async () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    platform.wallet.open(uuid, { user: alice.uuid })
    expect(platform.payloads.cancel(app, uuid).result.cancelled).toBe(false)
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(record.meta.signed).toBe(true)
  })

  it('a successful cancel tells subscribers {expired: true}', () => {
    const { platform, app } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    const seen: PayloadSocketMessage[] = []
    platform.payloads.subscribe(uuid, (m) => seen.push(m))
    platform.payloads.cancel(app, uuid)
    expect(seen).toEqual([{ expired: true }])
  })
})

describe('websocket markers of docs/protocol.md §4 as a subscriber sees them', () => {
  it('signing: opened, pre_signed, dispatched, then the resolve message', async () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, {
      ...payment(),
      custom_meta: { identifier: 'order-1' },
    })
    const seen: PayloadSocketMessage[] = []
    platform.payloads.subscribe(uuid, (m) => seen.push(m))
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(seen.slice(0, 3)).toEqual([{ opened: true }, { pre_signed: true }, { dispatched: true }])
    expect(seen).toHaveLength(4)
    expect(seen[3]).toEqual({
      payload_uuidv4: uuid,
      reference_call_uuidv4: expect.stringMatching(/^[0-9a-f-]{36}$/),
      signed: true,
      user_token: true,
      return_url: { app: null, web: null },
      opened_by_deeplink: false,
      custom_meta: { identifier: 'order-1', blob: null, instruction: null },
      txid: record.response.txid,
    })
  })

  it('submit: false has no dispatched marker; rejecting has opened then resolve', async () => {
    const { platform, app, alice } = setup()
    const a = platform.payloads.create(app, { ...payment(), options: { submit: false } })
    const b = platform.payloads.create(app, payment())
    const seenA: PayloadSocketMessage[] = []
    const seenB: PayloadSocketMessage[] = []
    platform.payloads.subscribe(a.uuid, (m) => seenA.push(m))
    platform.payloads.subscribe(b.uuid, (m) => seenB.push(m))
    await platform.wallet.sign(a.uuid, { user: alice.uuid })
    platform.wallet.reject(b.uuid, { user: alice.uuid })
    expect(seenA.slice(0, 2)).toEqual([{ opened: true }, { pre_signed: true }])
    expect(seenA[2]).toMatchObject({ signed: true })
    expect(seenA).toHaveLength(3)
    expect(seenB[0]).toEqual({ opened: true })
    expect(seenB[1]).toMatchObject({ signed: false, user_token: false, txid: null })
    expect(seenB).toHaveLength(2)
  })

  it('GET by the application sends devapp_fetched; record() (control API) does not', () => {
    const { platform, app } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    const seen: PayloadSocketMessage[] = []
    platform.payloads.subscribe(uuid, (m) => seen.push(m))
    platform.payloads.record(uuid)
    expect(seen).toEqual([])
    platform.payloads.get(app, uuid)
    expect(seen).toEqual([{ devapp_fetched: true }])
  })

  it('expiry sends {expired: true} once, unless the payload was opened first', () => {
    const { platform, clock, app, alice } = setup()
    const idle = platform.payloads.create(app, { ...payment(), options: { expire: 2 } })
    const opened = platform.payloads.create(app, { ...payment(), options: { expire: 2 } })
    const seenIdle: PayloadSocketMessage[] = []
    const seenOpened: PayloadSocketMessage[] = []
    platform.payloads.subscribe(idle.uuid, (m) => seenIdle.push(m))
    platform.payloads.subscribe(opened.uuid, (m) => seenOpened.push(m))
    platform.wallet.open(opened.uuid, { user: alice.uuid })
    clock.advance(119)
    expect(seenIdle).toEqual([])
    clock.advance(2)
    expect(seenIdle).toEqual([{ expired: true }])
    clock.advance(600)
    expect(seenIdle).toEqual([{ expired: true }])
    expect(seenOpened).toEqual([{ opened: true }])
  })

  it('a late subscriber can read the resolve message; unknown payloads are 404', async () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    expect(platform.payloads.resolvedMessage(uuid)).toBeNull()
    await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(platform.payloads.resolvedMessage(uuid)).toMatchObject({
      payload_uuidv4: uuid,
      signed: true,
    })
    expect(() => platform.payloads.subscribe('nope', () => {})).toThrow(
      expect.objectContaining({ status: 404, code: 404 }),
    )
  })

  it('unsubscribing stops the messages', () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    const seen: PayloadSocketMessage[] = []
    const stop = platform.payloads.subscribe(uuid, (m) => seen.push(m))
    stop()
    platform.wallet.open(uuid, { user: alice.uuid })
    expect(seen).toEqual([])
  })
})

describe('resolution side effects of docs/protocol.md §3.5, in order', () => {
  it('record and token first, then the websocket message, then the webhook', async () => {
    const order: string[] = []
    const fetchSpy: typeof fetch = async (_url, init) => {
      const body = JSON.parse(String(init?.body))
      order.push(`webhook signed=${body.payloadResponse.signed} token=${body.userToken !== null}`)
      return new Response(null, { status: 204 })
    }
    const t = setup({ fetch: fetchSpy })
    const app = t.platform.applications.create({
      name: 'Hooked',
      webhookUrl: 'http://127.0.0.1:9/hook',
    })
    const { uuid } = t.platform.payloads.create(app, payment())
    t.platform.payloads.subscribe(uuid, (m) => {
      if (!('payload_uuidv4' in m)) return
      const record = t.platform.payloads.record(uuid)
      order.push(
        `ws resolved=${record.meta.resolved} token=${record.application.issued_user_token !== null}`,
      )
    })
    await t.platform.wallet.sign(uuid, { user: t.alice.uuid })
    await t.platform.webhooks.settled()
    expect(order).toEqual(['ws resolved=true token=true', 'webhook signed=true token=true'])
  })
})

describe('records: nulls, return URLs, identifiers, ownership', () => {
  it('unset values are null, never absent', () => {
    const { platform, app } = setup()
    const { uuid } = platform.payloads.create(app, payment())
    const record = platform.payloads.record(uuid)
    const absent: string[] = []
    for (const [section, values] of Object.entries(record)) {
      for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
        if (value === undefined) absent.push(`${section}.${key}`)
      }
    }
    expect(absent).toEqual([])
    expect(record.response).toEqual(
      Object.fromEntries(Object.keys(record.response).map((k) => [k, null])),
    )
    expect(record.meta.opened_by_deeplink).toBeNull()
    expect(record.payload.origintype).toBeNull()
    expect(record.meta.signers).toBeNull()
    expect([240 * 60 - 1, 240 * 60]).toContain(record.payload.expires_in_seconds)
  })

  it('return URL placeholders are replaced at resolution', async () => {
    const { platform, app, alice } = setup()
    const { uuid } = platform.payloads.create(app, {
      ...payment(),
      options: {
        return_url: {
          app: 'shop://done/{id}?tx={txid}',
          web: 'https://shop.example/done?id={id}&cid={cid}&blob={txblob}',
        },
      },
      custom_meta: { identifier: 'order 7' },
    })
    expect(platform.payloads.record(uuid).meta.return_url_web).toBeNull()
    const record = await platform.wallet.sign(uuid, { user: alice.uuid })
    expect(record.meta.return_url_app).toBe(`shop://done/${uuid}?tx=${record.response.txid}`)
    expect(record.meta.return_url_web).toBe(
      `https://shop.example/done?id=${uuid}&cid=order%207&blob=${record.response.hex}`,
    )
    expect(platform.payloads.resolvedMessage(uuid)?.return_url).toEqual({
      app: record.meta.return_url_app,
      web: record.meta.return_url_web,
    })
  })

  it('custom identifiers are unique per application (409) and found with getByIdentifier', () => {
    const { platform, app } = setup()
    const other = platform.applications.create({ name: 'Other' })
    const first = platform.payloads.create(app, { ...payment(), custom_meta: { identifier: 'a1' } })
    const size = platform.payloads.size
    expect(() =>
      platform.payloads.create(app, { ...payment(), custom_meta: { identifier: 'a1' } }),
    ).toThrow(
      expect.objectContaining({
        status: 409,
        code: 409,
        message: expect.stringContaining('custom_meta.identifier'),
      }),
    )
    expect(platform.payloads.size).toBe(size)
    platform.payloads.create(other, { ...payment(), custom_meta: { identifier: 'a1' } })
    expect(platform.payloads.getByIdentifier(app, 'a1').meta.uuid).toBe(first.uuid)
    expect(() => platform.payloads.getByIdentifier(app, 'zz')).toThrow(
      expect.objectContaining({ code: 404 }),
    )
  })

  it("another application's payload is 404 on get and cancel", () => {
    const { platform, app } = setup()
    const other = platform.applications.create({ name: 'Other' })
    const { uuid } = platform.payloads.create(app, payment())
    expect(() => platform.payloads.get(other, uuid)).toThrow(expect.objectContaining({ code: 404 }))
    expect(() => platform.payloads.cancel(other, uuid)).toThrow(
      expect.objectContaining({ code: 404 }),
    )
    expect(platform.payloads.record(uuid).meta.cancelled).toBe(false)
  })

  it('create answers the §3.2 links on the current endpoints', () => {
    const { platform, app } = setup()
    platform.setEndpoints({
      api: 'http://127.0.0.1:4321',
      oauth: 'http://127.0.0.1:4321/oauth',
      links: 'http://127.0.0.1:4321',
    })
    const created = platform.payloads.create(app, payment())
    const sign = `http://127.0.0.1:4321/sign/${created.uuid}`
    expect(created).toEqual({
      uuid: created.uuid,
      next: { always: sign },
      refs: {
        qr_png: `${sign}_q.png`,
        qr_matrix: `${sign}_q.json`,
        qr_uri_quality_opts: ['m', 'q', 'h'],
        websocket_status: `ws://127.0.0.1:4321/sign/${created.uuid}`,
      },
      pushed: false,
    })
  })
})

describe('user tokens, push and the event list', () => {
  it('a valid user token pushes the payload to its user only', async () => {
    const { platform, app, alice } = setup()
    const bob = platform.users.create({ name: 'Bob' })
    const first = platform.payloads.create(app, payment())
    const signed = await platform.wallet.sign(first.uuid, { user: alice.uuid })
    const token = signed.application.issued_user_token
    expect(token).toMatch(/^[0-9a-f-]{36}$/)

    const pushed = platform.payloads.create(app, { ...payment(), user_token: token })
    expect(pushed.pushed).toBe(true)
    expect(pushed.next.no_push_msg_received).toBe(`${pushed.next.always}/qr`)
    expect(platform.payloads.record(pushed.uuid).meta.pushed).toBe(true)
    expect(platform.inbox(alice.uuid).map((r) => r.meta.uuid)).toEqual([pushed.uuid])
    expect(platform.inbox(bob.uuid)).toEqual([])
    expect(() => platform.payloads.open(pushed.uuid, { userUuid: bob.uuid })).toThrow(
      /another user/,
    )
    platform.wallet.open(pushed.uuid, { user: alice.uuid })
    expect(platform.payloads.record(pushed.uuid).payload.origintype).toBe('PUSH_NOTIFICATION')

    const viaList = platform.payloads.create(app, { ...payment(), user_token: token })
    platform.payloads.open(viaList.uuid, { userUuid: alice.uuid, via: 'EVENT_LIST' })
    expect(platform.payloads.record(viaList.uuid).payload.origintype).toBe('EVENT_LIST')
    expect(platform.payloads.record(viaList.uuid).meta.opened_by_deeplink).toBe(true)
  })

  it('unknown, foreign, revoked and expired tokens are not errors: pushed false', async () => {
    const { platform, clock, app, alice } = setup()
    const other = platform.applications.create({ name: 'Other' })
    const { uuid } = platform.payloads.create(other, payment())
    const foreign = (await platform.wallet.sign(uuid, { user: alice.uuid })).application
      .issued_user_token
    const own = platform.payloads.create(app, payment())
    const token = (await platform.wallet.sign(own.uuid, { user: alice.uuid })).application
      .issued_user_token
    expect(platform.payloads.create(app, { ...payment(), user_token: 'not-a-token' }).pushed).toBe(
      false,
    )
    expect(platform.payloads.create(app, { ...payment(), user_token: foreign }).pushed).toBe(false)
    clock.advance(31 * 86400)
    expect(platform.payloads.create(app, { ...payment(), user_token: token }).pushed).toBe(false)
    expect(platform.inbox(alice.uuid)).toEqual([])
  })

  it('a payload created for a JWT user (the seam for JWT routes) is bound and pushed to them', () => {
    const { platform, app, alice } = setup()
    const bob = platform.users.create({ name: 'Bob' })
    const { uuid, pushed } = platform.payloads.create(app, payment(), {
      userUuid: alice.uuid,
      xapp: true,
    })
    expect(pushed).toBe(true)
    expect(platform.payloads.record(uuid).meta).toMatchObject({ pushed: true, is_xapp: true })
    expect(platform.payloads.request(uuid).userUuid).toBe(alice.uuid)
    expect(platform.inbox(alice.uuid).map((r) => r.meta.uuid)).toEqual([uuid])
    expect(() => platform.payloads.open(uuid, { userUuid: bob.uuid })).toThrow(
      expect.objectContaining({ code: 409 }),
    )
  })
})
