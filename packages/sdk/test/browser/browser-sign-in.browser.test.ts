import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client'
import { resolveEndpoints } from '../../src/core/endpoints'
import { AbortError } from '../../src/core/errors/pull-sign-error'
import { SignInError } from '../../src/core/errors/sign-in-errors'
import { createBrowserSignIn } from '../../src/runtimes/browser/browser-sign-in'
import type { PageSeam, PopupWindow } from '../../src/runtimes/browser/page'
import { runPopup } from '../../src/runtimes/browser/popup-flow'
import { createFakeClock } from '../support/fake-clock'
import { unsignedJwt } from '../support/unsigned-jwt'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const oauth = 'https://oauth2.example'
const random = (bytes: Uint8Array) => crypto.getRandomValues(bytes)
const opened: PopupWindow[] = []
/** The signal of a client that is never closed. */
const open = new AbortController().signal
beforeEach(() => localStorage.clear())
afterEach(() => {
  for (const w of opened.splice(0)) w.close()
})

/** A page seam on a pretend address; popups are real windows made by `popup`. */
function testPage(href: string, popup: (url: string) => PopupWindow | null = () => null) {
  const page: { href: string; navigations: string[]; seam: PageSeam } = {
    href,
    navigations: [] as string[],
    seam: {
      href: () => page.href,
      replaceUrl: (next) => {
        page.href = next
      },
      navigate: (next) => {
        page.navigations.push(next)
      },
      openPopup: popup,
      onMessage: (listener) => {
        const handler = (event: MessageEvent) =>
          listener({ origin: event.origin, data: event.data, source: event.source })
        window.addEventListener('message', handler)
        return () => window.removeEventListener('message', handler)
      },
    } satisfies PageSeam,
  }
  return page
}

/** A fetch seam that records and refuses: these flows must make no request. */
function noFetch() {
  const calls: string[] = []
  const fetch = (async (input: RequestInfo | URL) => {
    calls.push(String(input))
    throw new Error('no request expected')
  }) as typeof globalThis.fetch
  return { calls, fetch }
}

function setup(href = 'https://shop.example/app', popup?: (url: string) => PopupWindow | null) {
  const page = testPage(href, popup)
  const storage = localStorage
  const clock = createFakeClock()
  const net = noFetch()
  const core = createClient({
    endpoints: resolveEndpoints({ oauth }),
    seams: { storage, clock, randomBytes: random, fetch: net.fetch },
  })
  const signIn = createBrowserSignIn({ apiKey, oauth, implicit: true }, { core, page: page.seam })
  const events: string[] = []
  const names = ['retrieving', 'retrieved', 'ready', 'success', 'logout', 'loggedout'] as const
  for (const name of [...names, 'error'] as const) {
    signIn.session.events.on(name, (data) =>
      events.push(name === 'error' ? `error:${(data as SignInError).reason}` : name),
    )
  }
  return { page, storage, clock, net, core, signIn, events }
}

const sessionKey = `pullsign:${apiKey}:session`
const pendingKey = `pullsign:${apiKey}:pending`

describe('the start sequence of a page', () => {
  it('signed out: retrieving, ready; no request and nothing stored', async () => {
    const s = setup()
    await s.signIn.start()
    expect(s.events).toEqual(['retrieving', 'ready'])
    expect(s.net.calls).toEqual([])
    expect(s.storage.length).toBe(0)
    expect(s.signIn.session.jwt).toBeNull()
  })

  it('already signed in: retrieving, success, retrieved, ready, without a popup or a request', async () => {
    const s = setup()
    const jwt = unsignedJwt({ sub: 'rAlice', exp: s.clock.now() / 1000 + 3600 })
    s.storage.setItem(sessionKey, JSON.stringify({ jwt, expiresAt: s.clock.now() + 3_600_000 }))
    await s.signIn.start()
    expect(s.events).toEqual(['retrieving', 'success', 'retrieved', 'ready'])
    expect(s.signIn.session.jwt).toBe(jwt)
    expect(s.net.calls).toEqual([])
  })

  it('loaded back from an implicit redirect: completes the sign-in and cleans the URL', async () => {
    const s = setup()
    const jwt = unsignedJwt({ sub: 'rAlice' })
    s.storage.setItem(
      pendingKey,
      JSON.stringify({
        state: 'st8',
        redirectUri: 'https://shop.example/app',
        responseType: 'token',
        startedAt: s.clock.now(),
      }),
    )
    s.page.href = `https://shop.example/app?tab=1&access_token=${jwt}&token_type=bearer&expires_in=86400&state=st8`
    await s.signIn.start()
    expect(s.events).toEqual(['retrieving', 'success', 'retrieved', 'ready'])
    expect(s.page.href).toBe('https://shop.example/app?tab=1')
    expect(s.signIn.session.jwt).toBe(jwt)
    expect(JSON.parse(s.storage.getItem(sessionKey) ?? '{}')).toMatchObject({
      jwt,
      expiresAt: s.clock.now() + 86_400_000,
    })
    expect(s.storage.getItem(pendingKey)).toBeNull()
  })

  it.each([
    ['another state', 'other', 'state-mismatch'],
    ['no state at all', null, 'state-mismatch'],
  ])(
    'refuses an answer with %s: error, ready, nothing stored, URL cleaned',
    async (_, state, reason) => {
      const s = setup()
      s.storage.setItem(
        pendingKey,
        JSON.stringify({
          state: 'mine',
          redirectUri: 'https://shop.example/app',
          responseType: 'token',
          startedAt: s.clock.now(),
        }),
      )
      const jwt = unsignedJwt({ sub: 'rMallory' })
      s.page.href = `https://shop.example/app?access_token=${jwt}&expires_in=86400${state ? `&state=${state}` : ''}`
      await s.signIn.start()
      expect(s.events).toEqual(['retrieving', `error:${reason}`, 'ready'])
      expect(s.signIn.session.jwt).toBeNull()
      expect(s.storage.getItem(sessionKey)).toBeNull()
      expect(s.page.href).toBe('https://shop.example/app')
    },
  )

  it('refuses an answer this page never asked for', async () => {
    const s = setup()
    s.page.href = `https://shop.example/app?access_token=${unsignedJwt({ sub: 'r' })}&expires_in=60&state=x`
    await s.signIn.start()
    expect(s.events).toEqual(['retrieving', 'error:state-mismatch', 'ready'])
  })

  it('a person who declined in the wallet gets a rejected error', async () => {
    const s = setup()
    s.storage.setItem(
      pendingKey,
      JSON.stringify({
        state: 's',
        redirectUri: 'https://shop.example/app',
        responseType: 'token',
        startedAt: s.clock.now(),
      }),
    )
    s.page.href = 'https://shop.example/app?error=access_denied&error_description=declined&state=s'
    await s.signIn.start()
    expect(s.events).toEqual(['retrieving', 'error:rejected', 'ready'])
  })
})

describe('the end of a session', () => {
  it('expiry while open ends the session with loggedout and forgets it', async () => {
    const s = setup()
    const jwt = unsignedJwt({ sub: 'rAlice', exp: s.clock.now() / 1000 + 60 })
    s.storage.setItem(sessionKey, JSON.stringify({ jwt, expiresAt: s.clock.now() + 60_000 }))
    await s.signIn.start()
    s.clock.advance(59_999)
    expect(s.signIn.session.jwt).toBe(jwt)
    s.clock.advance(1)
    expect(s.events.slice(4)).toEqual(['loggedout'])
    expect(s.signIn.session.jwt).toBeNull()
    expect(s.storage.getItem(sessionKey)).toBeNull()
  })

  it('logout: logout then loggedout, and the next load is signed out', async () => {
    const s = setup()
    const jwt = unsignedJwt({ sub: 'rAlice' })
    s.storage.setItem(sessionKey, JSON.stringify({ jwt, expiresAt: s.clock.now() + 60_000 }))
    await s.signIn.start()
    s.signIn.logout()
    expect(s.events.slice(4)).toEqual(['logout', 'loggedout'])
    expect(s.storage.length).toBe(0)
    expect(s.clock.pending()).toEqual([])
  })
})

describe('the popup', () => {
  /** A real same-origin window whose page posts `message` to its opener, then closes itself. */
  const postingWindow = (message: unknown) => {
    const html = `<script>opener.postMessage(${JSON.stringify(JSON.stringify(message))}, '*'); close()</script>`
    const w = window.open(URL.createObjectURL(new Blob([html], { type: 'text/html' })), '_blank')
    if (w) opened.push(w)
    return w
  }

  it('a blocked popup falls back to a full redirect at once (never hangs)', async () => {
    const s = setup()
    await s.signIn.start()
    await expect(s.signIn.authorize()).resolves.toBeUndefined()
    expect(s.page.navigations).toHaveLength(1)
    const url = new URL(s.page.navigations[0] ?? '')
    expect(url.searchParams.get('scope')).toBeNull()
    expect(url.searchParams.get('redirect_uri')).toBe('https://shop.example/app')
    const pending = JSON.parse(s.storage.getItem(pendingKey) ?? '{}')
    expect(pending.state).toBe(url.searchParams.get('state'))
  })

  it('reads the answer the return page posts, with the state this page sent', async () => {
    const clock = createFakeClock()
    const page = testPage('https://shop.example/app', (url) => {
      const state = new URL(url).searchParams.get('state') ?? ''
      return postingWindow({
        source: 'xumm_sign_request_resolved',
        options: { redirect_uri: 'x', full_redirect_uri: 'x', code: 'the-code', state },
      })
    })
    const answer = await runPopup({
      page: page.seam,
      clock,
      signal: open,
      url: `${oauth}/auth?state=abc`,
      providerOrigin: location.origin,
    })
    expect(answer).toEqual({ kind: 'code', code: 'the-code', state: 'abc' })
  })

  it('the provider refusing the request rejects authorize at once with its error and description', async () => {
    // Simulates the provider's refusal page (docs/protocol.md §7.1, [ours]): posted by the popup
    // itself with target origin '*'; the clock never moves, so no close poll is involved.
    const refusal = {
      source: 'pullsign_sign_in_refused',
      error: 'invalid_request',
      error_description: 'redirect_uri https://shop.example/app is not registered',
    }
    const page = testPage('https://shop.example/app', () => postingWindow(refusal))
    const clock = createFakeClock()
    const result = runPopup({
      page: page.seam,
      clock,
      signal: open,
      url: `${oauth}/auth`,
      providerOrigin: location.origin,
    })
    const error = await result.catch((err: unknown) => err)
    expect(error).toBeInstanceOf(SignInError)
    expect(error).toMatchObject({
      code: 'ERR_SIGN_IN',
      reason: 'provider',
      message: expect.stringContaining(
        'invalid_request: redirect_uri https://shop.example/app is not registered',
      ),
      cause: { error: 'invalid_request', error_description: refusal.error_description },
    })
    expect(clock.pending()).toEqual([])
  })

  it('a refusal from a window that is not the popup, or from another origin, is ignored', async () => {
    const refusal = JSON.stringify({
      source: 'pullsign_sign_in_refused',
      error: 'invalid_client',
      error_description: 'unknown client',
    })
    const clock = createFakeClock()
    // The popup stays open and silent; the refusal comes from this page itself.
    const page = testPage('https://shop.example/app', () => {
      const w = window.open('about:blank', '_blank')
      if (w) opened.push(w)
      return w
    })
    let settled = false
    const result = runPopup({
      page: page.seam,
      clock,
      signal: open,
      url: `${oauth}/auth`,
      providerOrigin: location.origin,
    })
    result.then(
      () => (settled = true),
      () => (settled = true),
    )
    window.postMessage(refusal, '*')
    await new Promise((resolve) => window.addEventListener('message', resolve, { once: true }))
    await Promise.resolve()
    expect(settled).toBe(false)
    opened[0]?.close()
    await expect.poll(() => opened[0]?.closed).toBe(true)
    clock.advance(1000)
    await expect(result).rejects.toMatchObject({ reason: 'popup-closed' })
  })

  it('ignores messages from another origin, then reports the person closing the window', async () => {
    const clock = createFakeClock()
    const page = testPage('https://shop.example/app', () =>
      postingWindow({
        source: 'xumm_sign_request_resolved',
        options: { redirect_uri: 'x', full_redirect_uri: 'x', code: 'c', state: 's' },
      }),
    )
    const result = runPopup({
      page: page.seam,
      clock,
      signal: open,
      url: `${oauth}/auth`,
      providerOrigin: oauth,
    })
    await expect.poll(() => opened[0]?.closed).toBe(true)
    clock.advance(1000)
    const error = await result.catch((err: unknown) => err)
    expect(error).toBeInstanceOf(SignInError)
    expect(error).toMatchObject({ code: 'ERR_SIGN_IN', reason: 'popup-closed' })
  })

  it('the return page saying the window was closed is a popup-closed error', async () => {
    const page = testPage('https://shop.example/app', () =>
      postingWindow({ source: 'xumm_sign_request_popup_closed' }),
    )
    await expect(
      runPopup({
        page: page.seam,
        clock: createFakeClock(),
        signal: open,
        url: `${oauth}/auth`,
        providerOrigin: location.origin,
      }),
    ).rejects.toMatchObject({ reason: 'popup-closed' })
  })

  it("the client's close() ends the wait with its AbortError, shuts the window and leaves no timer", async () => {
    const clock = createFakeClock()
    const client = new AbortController()
    // The popup stays open and silent.
    const page = testPage('https://shop.example/app', () => {
      const w = window.open('about:blank', '_blank')
      if (w) opened.push(w)
      return w
    })
    const result = runPopup({
      page: page.seam,
      clock,
      signal: client.signal,
      url: `${oauth}/auth`,
      providerOrigin: location.origin,
    })
    expect(clock.pending()).toEqual([500])
    const closed = new AbortError('this client is closed')
    client.abort(closed)
    await expect(result).rejects.toBe(closed)
    await expect.poll(() => opened[0]?.closed).toBe(true)
    expect(clock.pending()).toEqual([])
  })

  it('a closed client opens no window: authorize rejects with its AbortError', async () => {
    let asked = 0
    const s = setup('https://shop.example/app', () => {
      asked++
      return null
    })
    await s.signIn.start()
    await s.core.close()
    await expect(s.signIn.authorize()).rejects.toMatchObject({
      code: 'ERR_ABORTED',
      message: 'this client is closed',
    })
    expect(asked).toBe(0)
    expect(s.page.navigations).toEqual([])
  })
})
