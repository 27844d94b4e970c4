// close() of the sign-in and xApp clients: each timer their runtimes set (the session's expiry,
// the wallet bridge's retries) ends with the client, and a client closed before its runtime
// started sets none.
import { AbortError, createNativeClient } from 'pullsign'
import { describe, expect, test } from 'vitest'
import { createClient } from '../../src/core/client'
import { Emitter } from '../../src/core/emitter'
import { resolveEndpoints } from '../../src/core/endpoints'
import type { BridgeWindow } from '../../src/runtimes/xapp/bridge'
import { createXappRuntime, type XappClientEvents } from '../../src/runtimes/xapp/xapp-runtime'
import { createFakeClock, type FakeClock } from '../support/fake-clock'
import { apiKey } from '../support/socket-client'
import { unsignedJwt } from '../support/unsigned-jwt'

const HOUR = 3_600_000

/** A native client over a storage that holds a signed-in session, valid for an hour. */
function signedInNative(clock: FakeClock) {
  const items = new Map<string, string>()
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
  const jwt = unsignedJwt({
    sub: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
    exp: (clock.now() + HOUR) / 1000,
  })
  storage.setItem(
    `pullsign:${apiKey}:session`,
    JSON.stringify({ jwt, expiresAt: clock.now() + HOUR }),
  )
  const client = createNativeClient({
    apiKey,
    redirectUrl: 'myapp://signin',
    openUrl: () => {},
    clock,
    storage,
  })
  return { client, items }
}

describe('a sign-in client', () => {
  test("close() ends its session's expiry timer; the session stays stored", async () => {
    const clock = createFakeClock()
    const { client, items } = signedInNative(clock)
    await expect.poll(() => client.state.signedIn).toBe(true)
    expect(clock.pending()).toEqual([HOUR])
    await client.close()
    expect(clock.pending()).toEqual([])
    expect(items.has(`pullsign:${apiKey}:session`)).toBe(true)
  })

  test('closed before its runtime started, it takes up the stored session but sets no timer', async () => {
    const clock = createFakeClock()
    const { client } = signedInNative(clock)
    await client.close()
    await expect.poll(() => client.state.signedIn).toBe(true)
    expect(clock.pending()).toEqual([])
  })
})

describe('an xApp client', () => {
  test('close() ends the wallet bridge: its retries stop and a waiting command rejects', async () => {
    const clock = createFakeClock()
    const core = createClient({ endpoints: resolveEndpoints(), seams: { clock } })
    // A page with no wallet host: not in the wallet's web view, not framed.
    const page: BridgeWindow = {
      parent: undefined,
      addEventListener: () => {},
      removeEventListener: () => {},
    }
    page.parent = page
    const xapp = createXappRuntime({
      apiKey,
      core,
      events: new Emitter<XappClientEvents>(),
      href: 'https://xapp.example/',
      window: page,
      log: () => {},
    })
    const scanning = xapp.scanQr().catch((err: unknown) => err)
    expect(clock.pending()).toEqual([250])
    await core.close()
    expect(clock.pending()).toEqual([])
    const error = await scanning
    expect(error).toBeInstanceOf(AbortError)
    expect((error as AbortError).message).toBe(
      'the xApp client was disposed before scanQr was sent',
    )
  })
})
