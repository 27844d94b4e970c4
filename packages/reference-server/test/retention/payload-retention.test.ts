import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReferenceServer } from '@pullsign/reference-server'
import { API_PATHS } from 'pullsign/wire'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Platform } from '../../src/create-platform'
import { createPlatform } from '../../src/create-platform'
import { PlatformError, parseRetention } from '../../src/platform'
import type { RetentionOptions } from '../../src/platform/payloads/payload-retention'

let platform: Platform | undefined
afterEach(() => platform?.dispose())

const start = (retention: RetentionOptions) => {
  platform = createPlatform({ ledgerCloseMs: false, rateLimits: false, retention })
  const [app] = platform.applications.list()
  const [alice] = platform.users.list()
  if (!app || !alice) throw new Error('the demo fixtures should hold an application and Alice')
  const p = platform
  const create = (body: Record<string, unknown> = {}) =>
    p.payloads.create(app, { txjson: { TransactionType: 'SignIn' }, ...body }).uuid
  const reject = (uuid: string) => p.wallet.reject(uuid, { user: alice.uuid })
  /** 'kept' or the status of the refusal. */
  const fate = (uuid: string) => {
    try {
      p.payloads.get(app, uuid)
      return 'kept'
    } catch (error) {
      if (error instanceof PlatformError) return error.status
      throw error
    }
  }
  return { platform: p, app, alice, create, reject, fate }
}

describe('retention: maxPayloads', () => {
  test('past the maximum, the oldest payloads that are over are forgotten; live ones stay', () => {
    const { platform, create, reject, fate, alice } = start({ maxPayloads: 10 })
    const over = Array.from({ length: 5 }, () => create())
    for (const uuid of over) reject(uuid)
    const live = Array.from({ length: 5 }, () => create())
    expect(platform.payloads.size).toBe(10)
    const later = Array.from({ length: 6 }, () => create())

    expect(over.map(fate)).toEqual([404, 404, 404, 404, 404])
    expect([...live, ...later].map(fate)).toEqual(Array(11).fill('kept'))
    expect(platform.payloads.size).toBe(11)
    // A live payload that outlived the eviction still works to the end.
    const [first] = live
    if (!first) throw new Error('no live payload')
    expect(platform.wallet.reject(first, { user: alice.uuid }).meta.resolved).toBe(true)
  })

  test('live payloads are never forgotten, even far past the maximum', () => {
    const { platform, create, fate } = start({ maxPayloads: 5 })
    const live = Array.from({ length: 40 }, () => create())
    expect(platform.payloads.size).toBe(40)
    expect(live.map(fate)).toEqual(Array(40).fill('kept'))
  })

  test('past the maximum with every payload live, one resolved later goes at the next create', () => {
    const { platform, create, reject, fate } = start({ maxPayloads: 5 })
    const live = Array.from({ length: 40 }, () => create())
    const [first, second, third] = live
    if (!first || !second || !third) throw new Error('no live payloads')
    for (const uuid of [first, second, third]) reject(uuid)
    expect([first, second, third].map(fate)).toEqual(['kept', 'kept', 'kept'])
    const next = create()
    expect([first, second, third].map(fate)).toEqual([404, 404, 404])
    expect([...live.slice(3), next].map(fate)).toEqual(Array(38).fill('kept'))
    expect(platform.payloads.size).toBe(38)
  })

  test('past the maximum with every payload live, ones that expired later go at the next create', () => {
    const { platform, create, fate } = start({ maxPayloads: 5 })
    // The store is walked past the maximum while it holds only the ones that stay.
    const staying = Array.from({ length: 10 }, () => create({ options: { expire: 10 } }))
    const expiring = Array.from({ length: 10 }, () => create({ options: { expire: 1 } }))
    platform.clock.advance(59)
    create()
    expect([...expiring, ...staying].map(fate)).toEqual(Array(20).fill('kept'))
    platform.clock.advance(2) // past the first ten's expiry
    const next = create()
    expect(expiring.map(fate)).toEqual(Array(10).fill(404))
    expect([...staying, next].map(fate)).toEqual(Array(11).fill('kept'))
  })

  test('a long run stays bounded, and a forgotten identifier lookup is a 404', () => {
    const { platform, app, create, reject } = start({ maxPayloads: 100 })
    for (let i = 0; i < 2_000; i++) reject(create({ custom_meta: { identifier: `order-${i}` } }))
    expect(platform.payloads.size).toBeLessThanOrEqual(100)
    expect(() => platform.payloads.getByIdentifier(app, 'order-0')).toThrow(
      expect.objectContaining({ status: 404 }),
    )
    expect(platform.payloads.getByIdentifier(app, 'order-1999').meta.resolved).toBe(true)
  })
})

describe('retention and the webhook log', () => {
  test('forgotten payloads leave the §10 attempt log; kept ones stay in it', async () => {
    const receiver = createServer((_req, res) => res.writeHead(204).end())
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = receiver.address() as AddressInfo
      const { platform, alice } = start({ maxPayloads: 10 })
      const shop = platform.applications.create({
        name: 'Webhook shop',
        webhookUrl: `http://127.0.0.1:${port}/webhook`,
      })
      const uuids: string[] = []
      for (let i = 0; i < 12; i++) {
        const { uuid } = platform.payloads.create(shop, { txjson: { TransactionType: 'SignIn' } })
        platform.wallet.reject(uuid, { user: alice.uuid })
        await platform.webhooks.settled()
        uuids.push(uuid)
      }
      const logged = platform.webhooks.attempts().map((attempt) => attempt.payload_uuidv4)
      const stored = uuids.filter((uuid) => platform.payloads.resolvedMessage(uuid) !== null)
      expect(stored.length).toBeLessThan(uuids.length)
      expect(stored).toEqual(uuids.slice(uuids.length - stored.length))
      expect(logged).toEqual(stored)
    } finally {
      await new Promise((resolve) => receiver.close(resolve))
    }
  })
})

describe('retention: resolvedTtlSeconds', () => {
  test('resolved, cancelled and expired payloads go once their time to live has passed', () => {
    const { platform, app, alice, create, reject, fate } = start({ resolvedTtlSeconds: 60 })
    const resolved = create()
    reject(resolved)
    const cancelled = create()
    platform.payloads.cancel(app, cancelled)
    const expiring = create({ options: { expire: 1 } })
    const live = create({ options: { expire: 10 } })
    const opened = create({ options: { expire: 1 } })
    platform.wallet.open(opened, { user: alice.uuid })

    platform.clock.advance(50)
    expect([resolved, cancelled, expiring, live, opened].map(fate)).toEqual(Array(5).fill('kept'))

    platform.clock.advance(20) // 70 s: past the TTL of the resolved and cancelled ones
    expect([resolved, cancelled].map(fate)).toEqual([404, 404])
    expect([expiring, live, opened].map(fate)).toEqual(['kept', 'kept', 'kept'])

    platform.clock.advance(60) // 130 s: the unopened one expired at 60 s, gone 60 s later
    expect(fate(expiring)).toBe(404)
    expect([live, opened].map(fate)).toEqual(['kept', 'kept'])

    // Opened before expiry: never forgotten while open, and still signable long after (§3.3).
    platform.clock.advance(3600)
    expect(fate(opened)).toBe('kept')
    expect(fate(live)).toBe(404)
    expect(platform.wallet.reject(opened, { user: alice.uuid }).meta).toMatchObject({
      resolved: true,
      expired: true,
    })
  })

  test('a forgotten payload is a 404 on the API and its socket channel cannot be opened', async () => {
    const server = createReferenceServer({
      ledgerCloseMs: false,
      retention: { resolvedTtlSeconds: 10 },
    })
    try {
      const [app] = server.platform.applications.list()
      const [alice] = server.platform.users.list()
      if (!app || !alice) throw new Error('no demo fixtures')
      const { uuid } = server.platform.payloads.create(app, {
        txjson: { TransactionType: 'SignIn' },
      })
      server.wallet.reject(uuid, { user: alice.uuid })
      server.clock.advance(12)
      const res = await server.handler(
        new Request(`${server.endpoints.api}${API_PATHS.platform}/payload/${uuid}`, {
          headers: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
        }),
      )
      const body = await res.json()
      expect(res.status, JSON.stringify(body)).toBe(404)
      expect(body.error).toMatchObject({ code: 404, message: expect.stringContaining('payload') })
      expect(() => server.platform.payloads.subscribe(uuid, () => {})).toThrow(
        expect.objectContaining({ status: 404 }),
      )
    } finally {
      await server.close()
    }
  })
})

describe('retention options', () => {
  test.each([
    [{ maxPayloads: 0 }, 'retention.maxPayloads'],
    [{ maxPayloads: 1.5 }, 'retention.maxPayloads'],
    [{ resolvedTtlSeconds: -1 }, 'retention.resolvedTtlSeconds'],
    [{ resolvedTtlSeconds: '60' }, 'retention.resolvedTtlSeconds'],
    [{ maxPayload: 10 }, 'retention'],
  ])('%j is refused naming %s', (input, field) => {
    expect(() => parseRetention(input)).toThrow(
      expect.objectContaining({ status: 400, code: 600, message: expect.stringContaining(field) }),
    )
    expect(() => createPlatform({ retention: input as RetentionOptions })).toThrow(PlatformError)
  })

  test('without retention options no payload is forgotten by time', () => {
    const { platform, create, reject } = start({})
    for (let i = 0; i < 300; i++) reject(create())
    platform.clock.advance(365 * 24 * 3600)
    expect(platform.payloads.size).toBe(300)
  })
})

describe('retention and the expired message (docs/protocol.md §4)', () => {
  // A clock where real time flows, as the CLI's: vitest's fake timers stand in for real time, so
  // a test moves it (and can make the clock's real wake late) without waiting or racing.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A payload that expires in a minute, and what its one subscriber saw. */
  const watched = (s: ReturnType<typeof start>) => {
    const uuid = s.create({ options: { expire: 1 } })
    const seen: unknown[] = []
    s.platform.payloads.subscribe(
      uuid,
      (message) => seen.push(message),
      () => seen.push('ended'),
    )
    return { uuid, seen }
  }

  test.each([
    ['no bound', {}],
    ['a payload bound of 1', { maxPayloads: 1 }],
  ])(
    '%s: after an advance before the expiry, expired comes when real time reaches it',
    (_, retention) => {
      const s = start(retention)
      const { uuid, seen } = watched(s)
      s.platform.clock.advance(57)
      vi.advanceTimersByTime(2_999)
      s.create()
      expect(seen).toEqual([])
      expect(s.platform.payloads.has(uuid)).toBe(true)
      vi.advanceTimersByTime(1)
      expect(seen).toEqual([{ expired: true }])
    },
  )

  test.each([
    ['no bound', {}, true],
    ['a payload bound of 1', { maxPayloads: 1 }, false],
  ])(
    '%s: an advance past the expiry sends expired at once, before any forgetting',
    (_, retention, kept) => {
      const s = start(retention)
      const { uuid, seen } = watched(s)
      s.platform.clock.advance(61)
      expect(seen).toEqual([{ expired: true }])
      s.create()
      expect(s.platform.payloads.has(uuid)).toBe(kept)
      expect(seen).toEqual(kept ? [{ expired: true }] : [{ expired: true }, 'ended'])
    },
  )

  test('a payload bound of 1: a payload past its expiry is kept until its expired went out', () => {
    const s = start({ maxPayloads: 1 })
    const { uuid, seen } = watched(s)
    // The clock's time passes the expiry while its real wake has not run yet (a late timer).
    vi.setSystemTime(Date.now() + 61_000)
    s.create()
    expect(s.platform.payloads.has(uuid)).toBe(true)
    expect(seen).toEqual([])
    vi.advanceTimersByTime(60_000)
    expect(seen).toEqual([{ expired: true }])
    // The walk after the one that found nothing to forget waits for one more payload (slack).
    s.create()
    s.create()
    expect(s.platform.payloads.has(uuid)).toBe(false)
    expect(seen).toEqual([{ expired: true }, 'ended'])
  })

  test('forgetting ends the channel like a close; a due expired goes out first', () => {
    const s = start({ maxPayloads: 1 })
    const resolved = watched(s)
    s.reject(resolved.uuid)
    s.create()
    expect(s.platform.payloads.has(resolved.uuid)).toBe(false)
    expect(resolved.seen.at(-1)).toBe('ended')
    // An application's reset forgets a payload whose expiry is due but whose wake is late.
    const due = watched(s)
    vi.setSystemTime(Date.now() + 61_000)
    s.platform.payloads.forgetApplication(s.app.uuid)
    expect(due.seen).toEqual([{ expired: true }, 'ended'])
  })
})
