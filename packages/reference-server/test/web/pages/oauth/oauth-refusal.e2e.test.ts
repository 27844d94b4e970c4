import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RefApplication } from '../../../../src/control-api-types'
import { useE2e } from '../../e2e-setup'
import { startOAuthApp } from '../../oauth-app-site'

const env = useE2e()
let site: Awaited<ReturnType<typeof startOAuthApp>>['site']
let client: RefApplication
beforeAll(async () => {
  ;({ site, client } = await startOAuthApp(env().t, 'Refused app'))
})
afterAll(() => site.close())

type Received = { origin: string; data: unknown; type: string }

/** The application's page opens `/auth` with these parameters as a popup; the provider refuses. */
const openRefusedPopup = async (params: Record<string, string>) => {
  const e = env()
  const auth = `${e.t.endpoints.oauth}/auth?${new URLSearchParams({
    response_type: 'code',
    scope: 'XummPkce',
    state: 'e2e-state',
    ...params,
  })}`
  const app = await e.browser.newPage()
  await app.goto(`${site.base}/app?auth=${encodeURIComponent(auth)}`)
  const [popup] = await Promise.all([app.waitForEvent('popup'), app.click('#login')])
  await popup.locator('#oauth-message').waitFor()
  const received = async () =>
    app.evaluate(() => (window as unknown as { received: Received[] }).received)
  await expect.poll(async () => (await received()).length).toBe(1)
  const [message] = await received()
  return { app, popup, message }
}

describe('the provider’s refusal page in Chromium (docs/protocol.md §7.1 [ours])', {
  timeout: 30_000,
}, () => {
  it('a redirect URI not registered: the opener hears the refusal at once, the page shows the URI sent', async () => {
    const sent = 'https://elsewhere.test/cb?next=<b>"&x=1'
    const { app, popup, message } = await openRefusedPopup({
      client_id: client.apiKey,
      redirect_uri: sent,
    })
    expect(message?.type).toBe('string')
    expect(message?.origin).toBe(new URL(env().t.endpoints.oauth).origin)
    const parsed = JSON.parse(String(message?.data)) as Record<string, unknown>
    expect(Object.keys(parsed)).toEqual(['source', 'error', 'error_description'])
    expect(parsed.source).toBe('pullsign_sign_in_refused')
    expect(parsed.error).toBe('invalid_request')
    expect(parsed.error_description).toMatch(/redirect_uri/)
    expect(await popup.locator('#oauth-redirect-uri').textContent()).toBe(sent)
    expect(await popup.locator('#oauth-error').textContent()).toBe('invalid_request')
    expect(await popup.locator('#oauth-description').textContent()).toBe(parsed.error_description)
    await app.close()
  })

  it('an unknown client: invalid_client, and no secret or token in the message', async () => {
    const { app, popup, message } = await openRefusedPopup({
      client_id: '00000000-0000-4000-8000-000000000000',
      redirect_uri: site.redirectUri,
    })
    const parsed = JSON.parse(String(message?.data)) as Record<string, unknown>
    expect(parsed).toMatchObject({ source: 'pullsign_sign_in_refused', error: 'invalid_client' })
    expect(String(message?.data)).not.toContain(client.apiSecret)
    expect(await popup.locator('#oauth-redirect-uri').textContent()).toBe(site.redirectUri)
    await app.close()
  })

  it('opened without an opener, the page shows the refusal and posts nothing', async () => {
    const page = await env().browser.newPage()
    const answer = await page.goto(
      `${env().t.endpoints.oauth}/auth?${new URLSearchParams({ client_id: client.apiKey, redirect_uri: 'https://elsewhere.test/cb', response_type: 'code' })}`,
    )
    expect(answer?.status()).toBe(400)
    await page.locator('#oauth-message').waitFor()
    expect(await page.locator('body').getAttribute('data-posted')).toBeNull()
    expect(await page.locator('#oauth-redirect-uri').textContent()).toBe(
      'https://elsewhere.test/cb',
    )
    await page.close()
  })
})
