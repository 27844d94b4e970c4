import { createReferenceServer } from '@pullsign/reference-server'
import { createNativeClient, createXappClient, type NativeClient } from 'pullsign'
import {
  createSession,
  createSignRequest,
  createXapp,
  RESTORING_SESSION,
  sessionEvents,
} from 'pullsign/ui'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMemoryStorage } from '../../src/core/memory-storage'
import { signInThroughWallet } from '../support/wallet-sign-in'
import { changes, watchStore } from './store-watch'

const server = createReferenceServer({ ledgerCloseMs: false })
let endpoints: Awaited<ReturnType<typeof server.listen>>
let apiKey: string
let alice: { uuid: string; account: string }

beforeAll(async () => {
  endpoints = await server.listen(0)
  apiKey = server.platform.applications.create({
    name: 'Session app',
    redirectUris: ['myapp://signin'],
  }).apiKey
  const [user] = server.platform.state().users
  if (!user?.accounts[0]) throw new Error('the reference server started without its demo users')
  alice = { uuid: user.uuid, account: user.accounts[0].address }
})
afterAll(() => server.close())

/** A native app's client whose system browser signs in as Alice (or hands back `link`). */
function nativeClient(storage = createMemoryStorage(), link?: string): NativeClient {
  const client: NativeClient = createNativeClient({
    apiKey,
    endpoints,
    storage,
    redirectUrl: 'myapp://signin',
    openUrl: (url) => {
      const back = link ? Promise.resolve(link) : signInThroughWallet(server, url, alice.uuid)
      void back.then((answer) => client.handleRedirect(answer)).catch(() => {})
    },
  })
  return client
}

describe('a session store over a sign-in client', () => {
  test('restoring, then signed-out; signIn() → signing-in → signed-in with the account; signOut()', async () => {
    const session = createSession(nativeClient())
    expect(session.getSnapshot()).toBe(RESTORING_SESSION)
    const watch = watchStore(session)
    await watch.until((s) => s.status === 'signed-out')
    await expect(session.signIn()).resolves.toBe(true)
    expect(session.getSnapshot()).toMatchObject({
      status: 'signed-in',
      account: alice.account,
      error: null,
    })
    await session.signOut()
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-out', account: null })
    expect(changes(watch.seen, (s) => s.status)).toEqual([
      'restoring',
      'signed-out',
      'signing-in',
      'signed-in',
      'signed-out',
    ])
    const events = watch.seen
      .slice(1)
      .flatMap((next, i) => sessionEvents(watch.seen[i] ?? next, next))
    expect(events).toEqual([
      { type: 'pullsign-signin', detail: { account: alice.account } },
      { type: 'pullsign-signout', detail: {} },
    ])
    watch.stop()
  })

  test('a kept session is restored: restoring → signed-in, even for a store made after the client', async () => {
    const storage = createMemoryStorage()
    await nativeClient(storage).authorize()
    const client = nativeClient(storage)
    const session = createSession(client)
    const watch = watchStore(session)
    expect(await watch.until((s) => s.status !== 'restoring')).toMatchObject({
      status: 'signed-in',
      account: alice.account,
    })
    watch.stop()
  })

  test('a failed sign-in is a value: back to signed-out, with the SDK’s code and reason', async () => {
    const session = createSession(nativeClient(undefined, 'myapp://signin?code=abc&state=forged'))
    const watch = watchStore(session)
    await watch.until((s) => s.status === 'signed-out')
    await expect(session.signIn()).resolves.toBe(false)
    expect(session.getSnapshot()).toMatchObject({
      status: 'signed-out',
      error: { code: 'ERR_SIGN_IN', reason: 'state-mismatch' },
    })
    watch.stop()
  })
})

describe('a sign request through a signed-in client (its JWT subscription)', () => {
  test('created through the client and followed with records: the signed result names the account', async () => {
    const client = nativeClient()
    await client.authorize()
    const request = createSignRequest({
      client,
      request: { TransactionType: 'SignIn' },
      page: null,
    })
    const watch = watchStore(request)
    await request.start()
    const shown = await watch.until((s) => s.status === 'waiting')
    expect(shown.links?.always).toBe(`${endpoints.api}/sign/${shown.uuid}`)
    const uuid = shown.uuid as string
    // Bound to the signed-in person: pushed to them (docs/protocol.md §2, JWT routes).
    await watch.until((s) => s.expiresAt !== null)
    await server.wallet.sign(uuid, { user: alice.uuid })
    const done = await watch.until((s) => s.status === 'signed')
    expect(done.result).toMatchObject({ uuid, account: alice.account })
    expect(done.result?.txid).toBe(server.platform.payloads.record(uuid).response.txid)
    watch.stop()
  })
})

describe('an xApp store', () => {
  test('where there is no xApp page: error, with the SDK’s sentence; nothing thrown', async () => {
    const xapp = createXapp(createXappClient({ apiKey, endpoints }))
    const watch = watchStore(xapp)
    const failed = await watch.until((s) => s.status === 'error')
    expect(failed.error?.message).toContain('window')
    expect(await xapp.openSignRequest(crypto.randomUUID())).toBeNull()
    watch.stop()
  })
})
