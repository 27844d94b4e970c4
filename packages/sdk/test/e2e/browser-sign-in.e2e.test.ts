import type { Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { useSignInSite } from './sign-in-site'

const site = useSignInSite()

type Window = {
  __events: string[]
  __result?: unknown
  __failure?: { code: string; reason: string; message: string }
  __clock: { advance(ms: number): void }
  pullsign: { state: { signedIn: boolean; account?: string } }
}
/** Reads from the page's window (the picker runs in the page, so it is sent as source). */
const read = <T>(page: Page, pick: (w: Window) => T): Promise<T> =>
  page.evaluate(`(${pick.toString()})(window)`)

/** Clicks "Sign in", signs in the popup, and waits for the page to hear `success`. */
async function popupSignIn(page: Page) {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#signin')])
  await popup.waitForLoadState()
  await site().signOnSignPage(popup)
  await expect
    .poll(() => read(page, (w) => w.__result ?? w.__failure ?? null), { timeout: 10_000 })
    .not.toBeNull()
  return popup
}

describe('browser sign-in in Chromium against the reference server', { timeout: 60_000 }, () => {
  it('popup PKCE: retrieving, ready, then success; {me, jwt}; the session survives a reload', async () => {
    const s = site()
    const { page, context, errors } = await s.openApp()
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready'])
    await popupSignIn(page)
    expect(await read(page, (w) => w.__failure)).toBeUndefined()
    expect(await s.events(page)).toEqual(['retrieving', 'ready', 'success'])
    const result = (await read(page, (w) => w.__result)) as { me: { account: string }; jwt: string }
    const account = s.alice.accounts[0]?.address
    expect(result.me.account).toBe(account)
    expect(await read(page, (w) => w.pullsign.state)).toEqual({ account, signedIn: true })

    await page.reload()
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'success', 'retrieved', 'ready'])
    expect(await read(page, (w) => w.pullsign.state.signedIn)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('implicit popup sign-in checks the state too and signs in', async () => {
    const s = site()
    const { page, context } = await s.openApp({ signIn: { implicit: true, openid: true } })
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready'])
    await popupSignIn(page)
    expect(await read(page, (w) => w.__failure)).toBeUndefined()
    expect(await s.events(page)).toEqual(['retrieving', 'ready', 'success'])
    await context.close()
  })

  it('redirect: the page leaves, comes back, completes by itself and cleans its URL', async () => {
    const s = site()
    const { page, context } = await s.openApp({ signIn: { redirect: true } })
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready'])
    await page.click('#signin')
    await page.waitForURL(/\/sign\//)
    await s.signOnSignPage(page)
    await page.waitForURL(`${s.shop}/app`)
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'success', 'retrieved', 'ready'])
    expect(page.url()).toBe(`${s.shop}/app`)
    await context.close()
  })

  it('a blocked popup falls back to the redirect instead of hanging', async () => {
    const s = site()
    const { page, context } = await s.openApp()
    // A popup blocker: window.open answers null, as browsers do for a blocked popup.
    await page.evaluate(() => {
      window.open = () => null
    })
    await page.click('#signin')
    await page.waitForURL(/\/sign\//)
    await s.signOnSignPage(page)
    await page.waitForURL(`${s.shop}/app`)
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'success', 'retrieved', 'ready'])
    await context.close()
  })

  it('the person closing the popup gets a typed popup-closed error', async () => {
    const s = site()
    const { page, context } = await s.openApp()
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready'])
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#signin')])
    await popup.waitForLoadState()
    await popup.close()
    await expect
      .poll(() => read(page, (w) => w.__failure))
      .toMatchObject({
        code: 'ERR_SIGN_IN',
        reason: 'popup-closed',
      })
    expect(await s.events(page)).toEqual(['retrieving', 'ready', 'error:popup-closed'])
    expect(await read(page, (w) => w.pullsign.state.signedIn)).toBe(false)
    await context.close()
  })

  it('an answer with a forged state is refused, and nothing is kept', async () => {
    const s = site()
    const { page, context } = await s.openApp({}, '/app?code=stolen-code&state=forged')
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'error:state-mismatch', 'ready'])
    expect(page.url()).toBe(`${s.shop}/app`)
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await context.close()
  })

  it('expiry while the page is open ends the session with loggedout', async () => {
    const s = site()
    const { page, context } = await s.openApp({ fakeClock: true })
    await popupSignIn(page)
    await page.evaluate(() => (window as unknown as Window).__clock.advance(86_400_000 - 1))
    expect(await read(page, (w) => w.pullsign.state.signedIn)).toBe(true)
    await page.evaluate(() => (window as unknown as Window).__clock.advance(1))
    expect(await s.events(page)).toEqual(['retrieving', 'ready', 'success', 'loggedout'])
    expect(await read(page, (w) => w.pullsign.state.signedIn)).toBe(false)
    await context.close()
  })
})
