import { describe, expect, test } from 'vitest'
import { partText, strictPolicy, useElementsSite } from './elements-site'

const SLOW = { timeout: 15_000 }
const site = useElementsSite()

describe('pullsign-ui.iife.js in Chromium against the reference server', {
  timeout: 60_000,
}, () => {
  test('a page with only the script tag and markup, a strict CSP, lang="nl": Dutch from beside the script, then signed', async () => {
    const s = site()
    const payload = await s.backend.payload.create({ txjson: { TransactionType: 'SignIn' } })
    const { page, context, errors } = await s.open({
      path: '/script-tag',
      query: `?uuid=${payload.uuid}&api=${encodeURIComponent(s.endpoints.api)}`,
      csp: strictPolicy(s.endpoints.api),
      lang: 'nl',
    })
    // The global of the SDK's script tag, with the kit under PullSign.ui.
    expect(
      await page.evaluate(() => {
        const global = (window as unknown as { PullSign: { ui: Record<string, unknown> } }).PullSign
        return customElements.get('pullsign-request') === global.ui.PullSignRequestElement
      }),
    ).toBe(true)
    await expect
      .poll(() => partText(page, 'pullsign-request', 'open-link'), SLOW)
      .toBe('Openen in wallet')
    const loaded = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname),
    )
    expect(loaded).toContain('/ui/locales/nl.js')
    await s.server.wallet.sign(payload.uuid, { user: s.alice.uuid })
    await expect
      .poll(() => page.evaluate(() => document.querySelector('pullsign-request')?.state), SLOW)
      .toBe('signed')
    expect(await partText(page, 'pullsign-request', 'status')).toBe('Ondertekend.')
    expect(errors).toEqual([])
    await context.close()
  })
})
