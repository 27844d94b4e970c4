import { type PayloadSocketEvent, watchPayload } from 'pullsign'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startTcpProxy } from '../support/tcp-proxy'
import { type Reference, startReference } from './reference'

// A page's view: no API key, no secret, no sign-in; only where the platform is.
let ref: Reference
beforeEach(async () => {
  ref = await startReference()
})
afterEach(() => ref.server.close())

const signIn = { TransactionType: 'SignIn' }
const types = (events: PayloadSocketEvent[]) =>
  events.map((e) => e.type).filter((t) => t !== 'devapp_fetched')

describe('watchPayload: a page follows a payload over its public socket, with no credential', () => {
  test('waiting → opened → signing → submitting → resolved: `resolved` is the resolve message', async () => {
    const created = await ref.pullsign.payload.create({
      txjson: { TransactionType: 'AccountSet' },
    })
    const watch = await watchPayload(created, { endpoints: { api: ref.endpoints.api } })
    const seen: PayloadSocketEvent[] = []
    watch.on('event', (event) => seen.push(event))
    await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
    const outcome = await watch.resolved
    expect(outcome).toMatchObject({ payload_uuidv4: created.uuid, signed: true })
    expect('txid' in outcome && outcome.txid).toMatch(/^[0-9A-F]{64}$/)
    expect(types(seen)).toEqual([
      'welcome',
      'expires_in',
      'opened',
      'pre_signed',
      'dispatched',
      'resolved',
    ])
    expect(watch.ended).toBe(true)
    // Async iteration replays every event from the start.
    const replayed: string[] = []
    for await (const event of watch) replayed.push(event.type)
    expect(replayed.filter((t) => t !== 'devapp_fetched')).toEqual(types(seen))
  })

  test('a late watcher (after the person rejected) gets the outcome right after the welcome', async () => {
    const created = await ref.pullsign.payload.create(signIn)
    ref.wallet.open(created.uuid, { user: ref.alice.uuid })
    ref.wallet.reject(created.uuid, { user: ref.alice.uuid })
    const watch = await watchPayload(created.uuid, { endpoints: ref.endpoints })
    await expect(watch.resolved).resolves.toMatchObject({ signed: false, txid: null })
  })

  test('expiry unopened ends it with {expired: true}; an opened payload survives its expiry and is signed after (§3.3)', async () => {
    const unopened = await ref.pullsign.payload.create({ txjson: signIn, options: { expire: 5 } })
    const opened = await ref.pullsign.payload.create({ txjson: signIn, options: { expire: 5 } })
    const first = await watchPayload(unopened, { endpoints: ref.endpoints })
    const second = await watchPayload(opened, { endpoints: ref.endpoints })
    const openedSeen = new Promise((resolve) =>
      second.on('event', (e) => e.type === 'opened' && resolve(e)),
    )
    ref.wallet.open(opened.uuid, { user: ref.alice.uuid })
    await openedSeen
    ref.clock.advance(5 * 60 + 1)
    await expect(first.resolved).resolves.toEqual({ expired: true })
    await ref.pullsign.payload.get(opened.uuid) // a round trip: any expiry message is in
    expect(second.ended).toBe(false)
    await ref.wallet.sign(opened.uuid, { user: ref.alice.uuid })
    await expect(second.resolved).resolves.toMatchObject({ signed: true })
  })

  test('a cancelled payload ends it with {expired: true}', async () => {
    const created = await ref.pullsign.payload.create(signIn)
    const watch = await watchPayload(created, { endpoints: ref.endpoints })
    await ref.pullsign.payload.cancel(created)
    await expect(watch.resolved).resolves.toEqual({ expired: true })
  })

  test('a payload the platform does not know rejects with ERR_API naming it, at once', async () => {
    const uuid = crypto.randomUUID()
    const watch = await watchPayload(uuid, { endpoints: ref.endpoints })
    const error = await watch.resolved.catch((e) => e)
    expect(error).toMatchObject({ code: 'ERR_API' })
    expect(error.message).toContain(uuid)
  })

  test('bad input rejects with ERR_INPUT or ERR_CONFIG and opens nothing; no credential error ever', async () => {
    await expect(watchPayload('not-a-uuid')).rejects.toMatchObject({ code: 'ERR_INPUT' })
    await expect(
      watchPayload(crypto.randomUUID(), { endpoints: { api: 'ftp://x' } }),
    ).rejects.toMatchObject({ code: 'ERR_CONFIG' })
  })

  test('close() ends it: `resolved` rejects with ERR_ABORTED, iterators end', async () => {
    const created = await ref.pullsign.payload.create(signIn)
    const watch = await watchPayload(created, { endpoints: ref.endpoints })
    watch.close()
    await expect(watch.resolved).rejects.toMatchObject({ code: 'ERR_ABORTED' })
  })

  test('a dropped socket is reconnected: signed while the server was away, the new socket tells', async () => {
    const proxy = await startTcpProxy(Number(new URL(ref.endpoints.api).port))
    try {
      const created = await ref.pullsign.payload.create(signIn)
      const watch = await watchPayload(created, {
        endpoints: { api: proxy.url },
        reconnect: { initialDelayMs: 10, maxDelayMs: 50, maxAttempts: 50 },
      })
      const reconnecting = new Promise((resolve) => watch.on('reconnecting', resolve))
      await proxy.stop()
      await reconnecting
      await ref.wallet.sign(created.uuid, { user: ref.alice.uuid })
      await proxy.start()
      await expect(watch.resolved).resolves.toMatchObject({ signed: true })
    } finally {
      await proxy.stop()
    }
  })
})
