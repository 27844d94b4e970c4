import type { Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { useSignInSite } from './sign-in-site'

const site = useSignInSite()

/** Runs an async expression against `window.pullsign` in the page and returns its JSON value. */
const inPage = <T>(page: Page, body: string): Promise<T> =>
  page.evaluate(`(async () => { const pullsign = window.pullsign; ${body} })()`)

/**
 * Opens the shop, signs in through the popup, and returns the page once `authorize()` resolved:
 * `success` comes first, when the JWT is kept, and `authorize()` after the person's `/userinfo`,
 * so no provider call is still in flight when a test moves the server's clock.
 */
async function signedInPage() {
  const s = site()
  const opened = await s.openApp()
  const [popup] = await Promise.all([
    opened.page.waitForEvent('popup'),
    opened.page.click('#signin'),
  ])
  await popup.waitForLoadState()
  await s.signOnSignPage(popup)
  await expect
    .poll(() => inPage<string | null>(opened.page, 'return window.__result?.me?.account ?? null'), {
      timeout: 10_000,
    })
    .toBe(s.alice.accounts[0]?.address)
  expect(await s.events(opened.page)).toEqual(['retrieving', 'ready', 'success'])
  return opened
}

describe('the JWT routes from a signed-in page', { timeout: 60_000 }, () => {
  it('a payload created in the page is signed on the sign page, and the page hears it', async () => {
    const s = site()
    const { page, context } = await signedInPage()
    const account = s.alice.accounts[0]?.address ?? ''
    const created = await inPage<{ uuid: string; next: { always: string } }>(
      page,
      `const sub = await pullsign.payload.createAndSubscribe({ TransactionType: 'Payment', Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', Amount: '1000000' })
       window.__resolved = sub.resolved.then((r) => (window.__record = r))
       return sub.created`,
    )
    expect(created.uuid).toMatch(/^[0-9a-f-]{36}$/)
    const signPage = await context.newPage()
    await signPage.goto(created.next.always)
    await s.signOnSignPage(signPage)
    await expect
      .poll(
        () =>
          inPage<{ meta: { signed: boolean }; response: { account: string } } | null>(
            page,
            'return window.__record ?? null',
          ),
        { timeout: 10_000 },
      )
      .toMatchObject({ meta: { signed: true }, response: { account } })
    const record = await inPage<{ meta: { signed: boolean } }>(
      page,
      `return pullsign.payload.get('${created.uuid}')`,
    )
    expect(record.meta.signed).toBe(true)
    await context.close()
  })

  it('userstore round trip: set, get, list, delete', async () => {
    const { page, context } = await signedInPage()
    const result = await inPage<unknown[]>(
      page,
      `const set = await pullsign.userstore.set('profile', { theme: 'dark', n: 1 })
       const got = await pullsign.userstore.get('profile')
       const keys = await pullsign.userstore.list()
       const removed = await pullsign.userstore.delete('profile')
       const after = await pullsign.userstore.get('profile')
       const bad = await pullsign.userstore.get('A!').catch((e) => e.code)
       return [set, got, keys, removed, after, bad]`,
    )
    expect(result).toEqual([true, { theme: 'dark', n: 1 }, ['profile'], true, null, 'ERR_INPUT'])
    await context.close()
  })

  it('ping through the JWT works from the page; a key/secret route is refused by CORS', async () => {
    const s = site()
    const { page, context } = await signedInPage()
    const pong = await inPage<{ pong: boolean; sub: string }>(page, 'return pullsign.ping()')
    expect(pong).toMatchObject({ pong: true, sub: s.alice.accounts[0]?.address })
    const refused = await page.evaluate(
      async ({ api, key, secret }) =>
        fetch(`${api}/api/v1/platform/ping`, {
          headers: { 'x-api-key': key, 'x-api-secret': secret },
        }).then(
          (res) => `answered ${res.status}`,
          (err: Error) => err.name,
        ),
      { api: s.endpoints.api, key: s.app.apiKey, secret: s.app.apiSecret },
    )
    expect(refused).toBe('TypeError')
    await context.close()
  })

  it('a signed-out page makes no request to the platform until the person asks to sign in', async () => {
    const s = site()
    const requests: string[] = []
    const context = await s.browser.newContext()
    const page = await context.newPage()
    page.on('request', (req) => {
      if (req.url().startsWith(s.endpoints.api)) requests.push(req.url())
    })
    await page.goto(`${s.shop}/app`)
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready'])
    expect(requests).toEqual([])
    await context.close()
  })

  // Last in the file: it moves the server's clock a day on.
  it('a JWT the platform no longer accepts ends the session with loggedout', async () => {
    const s = site()
    const { page, context } = await signedInPage()
    s.server.clock.advance(86_400 + 60)
    const failure = await inPage<{ code: string; errorCode: number }>(
      page,
      'return pullsign.ping().then(() => null, (e) => ({ code: e.code, errorCode: e.errorCode }))',
    )
    expect(failure).toEqual({ code: 'ERR_AUTH', errorCode: 814 })
    await expect.poll(() => s.events(page)).toEqual(['retrieving', 'ready', 'success', 'loggedout'])
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await context.close()
  })
})
