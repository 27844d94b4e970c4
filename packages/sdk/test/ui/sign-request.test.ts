import {
  createTestEnvironment,
  type InProcessTestEnvironment,
} from '@pullsign/reference-server/testing'
import {
  createCountdown,
  createSignRequest,
  type PageHooks,
  type SignRequestOptions,
  type SignRequestSnapshot,
  signRequestEvents,
} from 'pullsign/ui'
import type { PayloadCreated } from 'pullsign/wire'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { createFakeClock, type FakeClock } from '../support/fake-clock'
import { startTcpProxy } from '../support/tcp-proxy'
import { startUpgradeCounter } from '../support/upgrade-counter'
import { changes, watchStore } from './store-watch'

// One reference server for the file, on a manual clock: payloads expire only when a test says.
let env: InProcessTestEnvironment
beforeAll(async () => {
  env = await createTestEnvironment({ clock: 'manual' })
})
afterAll(() => env.close())

// What a test leaves running (stores' subscriptions, proxies) ends after it.
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const signIn = { TransactionType: 'SignIn' }
const accountSet = { TransactionType: 'AccountSet' }
/** The app's backend: creates a payload with its key and secret, as a page's server would. */
const backend = (txjson: object = signIn, options: object = {}) =>
  env.client.payload.create({ txjson, options } as never)
const user = () => env.users[0]
const open = (uuid: string) => env.server.wallet.open(uuid, { user: user().uuid })

/** A store as a page makes it, on a fake clock, with no page hooks unless given. */
function store(options: SignRequestOptions, clock: FakeClock = createFakeClock()) {
  const request = createSignRequest({ endpoints: env.endpoints, clock, page: null, ...options })
  const watch = watchStore(request)
  cleanups.push(watch.stop)
  return { request, watch, clock }
}
/** The events an element dispatches for the snapshots a store passed through. */
const eventsOf = (seen: readonly SignRequestSnapshot[]) =>
  seen.slice(1).flatMap((next, i) => signRequestEvents(seen[i] as SignRequestSnapshot, next))

const status =
  (...wanted: SignRequestSnapshot['status'][]) =>
  (snapshot: SignRequestSnapshot) =>
    wanted.includes(snapshot.status)
/** Waiting with its socket open: the socket's first `expires_in_seconds` came (docs/protocol.md §4). */
const connected = (snapshot: SignRequestSnapshot) =>
  snapshot.status === 'waiting' && snapshot.expiresAt !== null

describe('a sign request store against the reference server', () => {
  test('a backend-created payload: waiting → opened → signing → submitting → signed, with its links, QR and result', async () => {
    const created = await backend(accountSet)
    const account = user().accounts[0]?.address as string
    const { request, watch } = store({ payload: { ...created, account } })
    const shown = await watch.until((s) => connected(s) && s.qr !== null)
    expect(shown.links).toEqual({
      always: created.next.always,
      qrPng: created.refs.qr_png,
      qrMatrix: created.refs.qr_matrix,
    })
    const matrix = await (await fetch(created.refs.qr_matrix)).json()
    expect(shown.qr).toEqual(matrix)
    expect(shown).toMatchObject({
      uuid: created.uuid,
      pushed: false,
      xapp: false,
      renewable: false,
    })
    const record = await user().sign(created.uuid)
    const done = await watch.until(status('signed'))
    expect(changes(watch.seen, (s) => s.status)).toEqual([
      'waiting',
      'opened',
      'signing',
      'submitting',
      'signed',
    ])
    expect(done.result).toEqual({ uuid: created.uuid, txid: record.response.txid, account })
    expect(done.error).toBeNull()
    const events = eventsOf(watch.seen)
    expect(events.filter((e) => e.type !== 'pullsign-state').map((e) => e.type)).toEqual([
      'pullsign-opened',
      'pullsign-signed',
    ])
    expect(events.at(-1)).toEqual({ type: 'pullsign-signed', detail: done.result })
    expect(request.getSnapshot()).toBe(done)
  })

  test('the signed result carries no account unless it is known (the socket does not say it)', async () => {
    const created = await backend()
    const { watch } = store({ payload: created.uuid })
    await watch.until(connected)
    await user().sign(created.uuid)
    const done = await watch.until(status('signed'))
    expect(done.result).toEqual({ uuid: created.uuid, txid: expect.any(String) })
    expect(done.result).not.toHaveProperty('account')
  })

  test('rejected in the wallet: rejected, no result', async () => {
    const created = await backend()
    const { watch } = store({ payload: created })
    await watch.until(connected)
    await user().reject(created.uuid)
    expect(await watch.until(status('rejected'))).toMatchObject({ result: null, error: null })
  })

  test('expired unopened, then renewed through create: a new payload, waiting again', async () => {
    const made: PayloadCreated[] = []
    const create = async () => {
      const created = await backend(signIn, { expire: 1 })
      made.push(created)
      return created
    }
    const { request, watch, clock } = store({ create })
    expect(request.getSnapshot()).toMatchObject({ status: 'idle', renewable: true })
    await request.start()
    const waiting = await watch.until(connected)
    expect(waiting.expiresAt).toBe(clock.now() + 60_000)
    await env.advance(61)
    expect(await watch.until(status('expired'))).toMatchObject({ renewable: true, expiresAt: null })
    await request.renew()
    const renewed = await watch.until(status('waiting'))
    expect(made).toHaveLength(2)
    expect(renewed.uuid).toBe(made[1]?.uuid)
    expect(changes(watch.seen, (s) => s.status)).toEqual([
      'idle',
      'creating',
      'waiting',
      'expired',
      'creating',
      'waiting',
    ])
    expect(eventsOf(watch.seen).filter((e) => e.type !== 'pullsign-state')).toEqual([
      { type: 'pullsign-created', detail: { uuid: made[0]?.uuid, pushed: false } },
      { type: 'pullsign-expired', detail: { uuid: made[0]?.uuid, renewable: true } },
      { type: 'pullsign-created', detail: { uuid: made[1]?.uuid, pushed: false } },
    ])
  })

  test('cancelled through the app’s cancel; an opened request cannot be cancelled (§3.4)', async () => {
    const cancel = (uuid: string) => env.client.payload.cancel(uuid)
    const first = await backend()
    const a = store({ payload: first, cancel })
    await a.watch.until(connected)
    await expect(a.request.cancel()).resolves.toBe(true)
    expect(a.request.getSnapshot().status).toBe('cancelled')
    expect((await env.client.payload.get(first.uuid)).meta.cancelled).toBe(true)

    const second = await backend()
    const b = store({ payload: second, cancel })
    await b.watch.until(connected)
    open(second.uuid)
    await b.watch.until(status('opened'))
    await expect(b.request.cancel()).resolves.toBe(false)
    expect(b.request.getSnapshot().status).toBe('opened')
  })

  test('a payload the platform does not know: an error naming it, nothing thrown', async () => {
    const uuid = crypto.randomUUID()
    const { watch } = store({ payload: uuid })
    const failed = await watch.until(status('error'))
    expect(failed.error).toMatchObject({ code: 'ERR_UNKNOWN_PAYLOAD' })
    expect(failed.error?.message).toContain(uuid)
    expect(eventsOf(watch.seen)).toEqual([
      { type: 'pullsign-state', detail: { status: 'error', previous: 'waiting' } },
      {
        type: 'pullsign-error',
        detail: { code: 'ERR_UNKNOWN_PAYLOAD', message: failed.error?.message },
      },
    ])
  })

  test('the socket lost and back: reconnecting, then the outcome that came meanwhile', async () => {
    const proxy = await startTcpProxy(Number(new URL(env.endpoints.api).port))
    cleanups.push(() => proxy.stop())
    const created = await backend()
    const { watch, clock } = store({
      payload: created.uuid,
      endpoints: { api: proxy.url },
      reconnect: { initialDelayMs: 100, maxDelayMs: 100, maxAttempts: 5 },
    })
    await watch.until((s) => s.expiresAt !== null)
    await proxy.stop()
    await watch.until((s) => s.reconnecting)
    await user().sign(created.uuid)
    await proxy.start()
    clock.advance(100)
    const done = await watch.until(status('signed'))
    expect(done.reconnecting).toBe(false)
  })

  test('bad links are refused as errors naming the field; a wallet deep link is a link', async () => {
    const created = await backend()
    const cases: [Partial<PayloadCreated>, string][] = [
      [{ next: { always: 'javascript:alert(1)' } }, 'payload.next.always'],
      [{ next: { always: 'http://shop.example/sign' } }, 'payload.next.always'],
      [{ refs: { ...created.refs, qr_png: 'data:image/png;base64,AAAA' } }, 'payload.refs.qr_png'],
    ]
    for (const [change, field] of cases) {
      const { request } = store({ payload: { ...created, ...change } })
      const { error, status: now, links } = request.getSnapshot()
      expect(now, field).toBe('error')
      expect(links).toBeNull()
      expect(error).toMatchObject({ code: 'ERR_LINK', message: expect.stringContaining(field) })
    }
    const { request: byHost } = store({
      payload: created.uuid,
      endpoints: { api: 'http://shop.example' },
    })
    expect(byHost.getSnapshot().error).toMatchObject({
      code: 'ERR_LINK',
      message: expect.stringContaining('endpoints.api'),
    })
    const { request: noHost } = store({
      payload: { ...created, refs: { ...created.refs, websocket_status: 'ws://evil.example/x' } },
      endpoints: undefined,
    })
    expect(noHost.getSnapshot().error?.message).toContain('payload.refs.websocket_status')
    const deepLink = `xumm://xumm.app/sign/${created.uuid}`
    const { request: wallet } = store({ payload: { ...created, next: { always: deepLink } } })
    expect(wallet.getSnapshot()).toMatchObject({ status: 'waiting', links: { always: deepLink } })
  })

  test('bad input is an error value saying what is wrong; nothing is thrown', async () => {
    const cases: [SignRequestOptions, string][] = [
      [{ payload: 'not-a-uuid' }, 'payload must be a UUID'],
      [{ payload: { uuid: crypto.randomUUID() } as never }, 'payload must be a uuid or a created'],
      [{ payload: crypto.randomUUID(), endpoints: { api: 'ftp://x' } }, 'endpoints.api'],
    ]
    for (const [options, message] of cases) {
      const { request } = store(options)
      expect(request.getSnapshot().error, message).toMatchObject({
        code: 'ERR_INPUT',
        message: expect.stringContaining(message),
      })
    }
    const empty = store({})
    await empty.request.start()
    expect(empty.request.getSnapshot().error?.code).toBe('ERR_INPUT')
    const broken = store({
      create: async () => {
        throw new Error('the shop is closed')
      },
    })
    await broken.request.start()
    expect(broken.request.getSnapshot().error).toMatchObject({
      code: 'ERR_CREATE',
      message: expect.stringContaining('the shop is closed'),
    })
  })

  test('the countdown: once a second, stops once opened; an opened payload signed after its expiry is signed (§3.3)', async () => {
    const created = await backend(signIn, { expire: 1 })
    const { request, watch, clock } = store({ payload: created })
    const countdown = createCountdown(request, { clock })
    const seconds = watchStore(countdown)
    cleanups.push(seconds.stop)
    await seconds.until((s) => s === 60)
    clock.advance(999)
    expect(countdown.getSnapshot()).toBe(60)
    clock.advance(1)
    expect(countdown.getSnapshot()).toBe(59)
    clock.advance(3000)
    expect(seconds.seen.filter((s) => s !== null)).toEqual([60, 59, 58, 57, 56])
    open(created.uuid)
    await watch.until(status('opened'))
    expect(countdown.getSnapshot()).toBeNull()
    await env.advance(120)
    await user().sign(created.uuid)
    expect(await watch.until(status('signed', 'expired'))).toMatchObject({ status: 'signed' })
  })
})

describe('coming back from the wallet', () => {
  /** Page hooks a test drives: its URL, its visibility, and a channel shared by its "tabs". */
  function page(href = 'https://shop.example/pay') {
    const visible = new Set<() => void>()
    return {
      visible,
      hooks: (bus?: Set<(data: unknown) => void>): PageHooks => ({
        href: () => href,
        onVisible(callback) {
          visible.add(callback)
          return () => visible.delete(callback)
        },
        channel(onMessage) {
          if (!bus) return null
          const own = (data: unknown) => onMessage(structuredClone(data))
          bus.add(own)
          return {
            post: (data) => {
              for (const other of bus) if (other !== own) other(data)
            },
            close: () => bus.delete(own),
          }
        },
      }),
    }
  }

  test('a return with the uuid in the page URL shows that payload’s real state; no new one is made', async () => {
    const created = await backend()
    await user().sign(created.uuid)
    let made = 0
    const tab = page(`https://shop.example/pay?pullsign=${created.uuid}`)
    const { watch } = store({
      create: async () => {
        made++
        return backend()
      },
      page: tab.hooks(),
    })
    expect(await watch.until(status('signed'))).toMatchObject({ uuid: created.uuid })
    expect(made).toBe(0)
  })

  test('a page URL with something else in the parameter changes nothing', () => {
    const { request } = store({ page: page('https://shop.example/pay?pullsign=<b>').hooks() })
    expect(request.getSnapshot().status).toBe('idle')
  })

  test('the tab visible again reopens a lost socket and jumps to what happened meanwhile', async () => {
    const proxy = await startTcpProxy(Number(new URL(env.endpoints.api).port))
    cleanups.push(() => proxy.stop())
    const created = await backend()
    const tab = page()
    const { watch } = store({
      payload: created.uuid,
      endpoints: { api: proxy.url },
      reconnect: false,
      page: tab.hooks(),
    })
    await watch.until((s) => s.expiresAt !== null)
    await proxy.stop()
    expect((await watch.until(status('error'))).error?.code).toBe('ERR_NETWORK')
    await user().sign(created.uuid)
    await proxy.start()
    for (const callback of tab.visible) callback()
    expect(await watch.until(status('signed'))).toMatchObject({ error: null })
  })

  test('another tab of the page hears the outcome and asks the platform; junk on the channel is ignored', async () => {
    const proxy = await startTcpProxy(Number(new URL(env.endpoints.api).port))
    cleanups.push(() => proxy.stop())
    const bus = new Set<(data: unknown) => void>()
    const created = await backend()
    const first = store({ payload: created, page: page().hooks(bus) })
    const second = store({
      payload: created,
      endpoints: { api: proxy.url },
      reconnect: false,
      page: page().hooks(bus),
    })
    await second.watch.until((s) => s.expiresAt !== null)
    await proxy.stop()
    await second.watch.until(status('error'))
    await proxy.start()
    for (const junk of ['signed', { uuid: crypto.randomUUID(), status: 'signed' }, null]) {
      for (const listener of bus) listener(junk)
    }
    for (const listener of bus) listener({ uuid: created.uuid, status: 'bogus' })
    expect(second.request.getSnapshot().status).toBe('error')
    await user().sign(created.uuid)
    await first.watch.until(status('signed'))
    expect(await second.watch.until(status('signed'))).toMatchObject({ error: null })
  })
})

describe('one socket per store', () => {
  test('an unsubscribe followed at once by a subscribe (StrictMode, a moved element) keeps one socket', async () => {
    const counter = await startUpgradeCounter(Number(new URL(env.endpoints.api).port))
    cleanups.push(() => counter.close())
    const created = await backend()
    const request = createSignRequest({
      payload: created.uuid,
      endpoints: { api: counter.url },
      page: null,
    })
    const off = request.subscribe(() => {})
    off()
    const watch = watchStore(request)
    cleanups.push(watch.stop)
    await watch.until((s) => s.expiresAt !== null)
    expect(counter.sockets(created.uuid)).toBe(1)
    watch.stop()
    await Promise.resolve()
    await Promise.resolve()
    // The last listener gone, the socket closes: the platform stops sending.
    await user().sign(created.uuid)
    await env.client.payload.get(created.uuid)
    expect(request.getSnapshot().status).toBe('waiting')
  })
})
