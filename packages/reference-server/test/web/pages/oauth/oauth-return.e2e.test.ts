import type { Page } from 'playwright'
import type { OAuthPopupMessage } from 'pullsign/wire'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../../../src/control-api-types'
import { pkcePair } from '../../../identity/oauth-client'
import { useE2e } from '../../e2e-setup'
import { startOAuthApp } from '../../oauth-app-site'

const env = useE2e()
let site: Awaited<ReturnType<typeof startOAuthApp>>['site']
let client: RefApplication
beforeAll(async () => {
  ;({ site, client } = await startOAuthApp(env().t, 'Browser app'))
})
afterAll(() => site.close())

const authUrl = (params: Record<string, string>) =>
  `${env().t.endpoints.oauth}/auth?${new URLSearchParams({
    client_id: client.apiKey,
    redirect_uri: site.redirectUri,
    response_type: 'code',
    state: 'e2e-state',
    ...params,
  })}`

type Received = { origin: string; data: unknown; type: string }
const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: Received[] }).received)

/** The application's page, and the popup its button opened (landed on the sign page). */
const openPopup = async (params: Record<string, string>) => {
  const e = env()
  const app = await e.browser.newPage()
  await app.goto(`${site.base}/app?auth=${encodeURIComponent(authUrl(params))}`)
  const [popup] = await Promise.all([app.waitForEvent('popup'), app.click('#login')])
  await popup.waitForURL(/\/sign\/[0-9a-f-]{36}$/)
  await popup.locator('body[data-socket="open"]').waitFor()
  return { app, popup }
}

describe('the /signin return page in Chromium (docs/protocol.md §7.1)', { timeout: 30_000 }, () => {
  it('popup: posts one JSON string to the opener with the code, then closes', async () => {
    const { verifier, challenge } = pkcePair()
    const { app, popup } = await openPopup({
      scope: 'XummPkce',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    })
    const closed = popup.waitForEvent('close')
    await popup.getByRole('button', { name: 'Sign' }).click()
    await closed
    await expect.poll(async () => (await received(app)).length).toBe(1)
    const [message] = await received(app)
    expect(message?.type).toBe('string')
    expect(message?.origin).toBe(new URL(env().t.endpoints.oauth).origin)
    const parsed = JSON.parse(String(message?.data)) as OAuthPopupMessage
    expect(parsed.source).toBe('xumm_sign_request_resolved')
    if (parsed.source === 'xumm_sign_request_popup_closed') throw new Error('unexpected')
    expect(parsed.options.redirect_uri).toBe(site.redirectUri)
    expect(parsed.options.state).toBe('e2e-state')
    const full = new URL(parsed.options.full_redirect_uri)
    expect(full.searchParams.get('code')).toBe(parsed.options.code)

    const token = await fetch(`${env().t.endpoints.oauth}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: parsed.options.code ?? '',
        client_id: client.apiKey,
        redirect_uri: site.redirectUri,
        code_verifier: verifier,
      }),
    })
    expect(token.status).toBe(200)
    await app.close()
  })

  it('popup: a rejection posts xumm_sign_request_rejected with access_denied', async () => {
    const { app, popup } = await openPopup({ scope: 'XummPkce', response_type: 'token' })
    await popup.getByRole('button', { name: 'Reject' }).click()
    await expect.poll(async () => (await received(app)).length).toBe(1)
    const parsed = JSON.parse(String((await received(app))[0]?.data)) as OAuthPopupMessage
    expect(parsed).toMatchObject({
      source: 'xumm_sign_request_rejected',
      options: { error: 'access_denied', state: 'e2e-state' },
    })
    await app.close()
  })

  it('popup: the person closing the sign window posts xumm_sign_request_popup_closed', async () => {
    const { app, popup } = await openPopup({ scope: 'XummPkce', response_type: 'token' })
    await popup.close({ runBeforeUnload: true })
    await expect
      .poll(async () => (await received(app)).map((m) => m.data))
      .toEqual([JSON.stringify({ source: 'xumm_sign_request_popup_closed' })])
    expect((await received(app))[0]?.origin).toBe(new URL(env().t.endpoints.api).origin)
    await app.close()
  })

  it('popup mode without an opener navigates to full_redirect_uri', async () => {
    const page = await env().browser.newPage()
    await page.goto(authUrl({ scope: 'XummPkce', response_type: 'token' }))
    await page.getByRole('button', { name: 'Sign' }).click()
    await page.waitForURL(`${site.redirectUri}?**`)
    const back = new URL(page.url())
    expect(back.searchParams.get('token_type')).toBe('bearer')
    expect(back.searchParams.get('state')).toBe('e2e-state')
    await page.close()
  })

  it('redirect mode: the browser lands on the redirect URI with the code and state', async () => {
    const page = await env().browser.newPage()
    await page.goto(authUrl({ code_challenge: pkcePair().challenge }))
    await page.getByRole('button', { name: 'Sign' }).click()
    await page.waitForURL(`${site.redirectUri}?**`)
    const back = new URL(page.url())
    expect(back.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(back.searchParams.get('authorization_code')).toBe(back.searchParams.get('code'))
    expect(back.searchParams.get('state')).toBe('e2e-state')

    // the dashboard lists the sign-in as signed
    await page.goto(`${env().t.endpoints.api}/`)
    const row = page.locator('#sign-ins tr[data-state="signed"]').first()
    expect(await row.textContent()).toContain('code + PKCE')
    expect(await row.textContent()).toContain(site.redirectUri)
    await page.close()
  })
})
