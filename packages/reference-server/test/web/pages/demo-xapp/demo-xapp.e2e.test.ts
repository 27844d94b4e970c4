import type { Frame, Page } from 'playwright'
import { describe, expect, it } from 'vitest'
import { DEMO_XAPP_PATH } from '../../../../src/control-api-types'
import { okJson } from '../../../server/test-server'
import { useE2e } from '../../e2e-setup'

const env = useE2e()

async function frameOf(page: Page): Promise<Frame> {
  const handle = await page.locator('#xapp').elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('the host page has no xApp frame')
  await frame.waitForLoadState()
  return frame
}

describe('the demo xApp the server serves itself (docs/protocol.md §10)', {
  timeout: 30_000,
}, () => {
  it('is the demo shop’s xApp: Launch on a fresh start shows its context, and Sign in signs as the user', async () => {
    const e = env()
    const demo = e.t.server.platform.applications.find(e.t.app.uuid)
    expect(demo?.xapp?.url).toBe(DEMO_XAPP_PATH)
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}/`)
    await page.getByRole('button', { name: 'Launch Demo shop as Alice' }).click()
    await page.waitForURL(/\/__ref\/xapp-host\//)
    const frame = await frameOf(page)
    expect(frame.url()).toMatch(new RegExp(`^${e.t.endpoints.api}${DEMO_XAPP_PATH}\\?xAppToken=`))
    const alice = e.t.alice.accounts[0]?.address ?? 'no account'
    await expect.poll(() => frame.locator('#context-account').textContent()).toBe(alice)
    expect(await frame.locator('#context-user').textContent()).toBe(e.t.alice.uuid)
    expect(await frame.locator('#context-network').textContent()).toBe('MAINNET')
    expect(await frame.locator('#context-application').textContent()).toBe('Demo shop')
    expect(await frame.locator('#status').getAttribute('data-state')).toBe('ready')

    await frame.getByRole('button', { name: 'Sign in' }).click()
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect
      .poll(() => frame.locator('#outcome').textContent())
      .toBe('The sign request was signed.')
    const [payload] = e.t.server.platform.payloads.recent(1)
    expect(payload?.payload.tx_type).toBe('SignIn')
    expect(payload?.response.account).toBe(alice)
    expect(errors).toEqual([])
    await page.close()
  })

  it('without a launch says how to open it; its SDK is a same-origin script under a strict policy', async () => {
    const e = env()
    const { page, errors } = await e.openPage(`${e.t.endpoints.api}${DEMO_XAPP_PATH}`)
    await expect
      .poll(() => page.locator('#status').textContent())
      .toContain('Launch on the dashboard')
    expect(errors).toEqual([])
    await page.close()
    const res = await fetch(`${e.t.endpoints.api}${DEMO_XAPP_PATH}`)
    const policy = res.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'sha256-[^']+'(;|$)/)
    expect(policy).not.toContain('unsafe-eval')
    const sdk = await fetch(`${e.t.endpoints.api}${DEMO_XAPP_PATH}/pullsign.iife.js`)
    expect(sdk.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(await sdk.text()).toContain('PullSign')
  })

  it('a launch’s URL is the path resolved against the API base; an xApp URL must be http(s) or a path', async () => {
    const e = env()
    const launch = await okJson(
      await e.t.control('xapps/launch', { application: e.t.app.uuid, user: e.t.bob.uuid }),
    )
    expect(launch.url).toMatch(new RegExp(`^${e.t.endpoints.api}${DEMO_XAPP_PATH}\\?xAppToken=`))
    for (const url of ['//evil.example/x', 'ftp://x.example/', 'demo-xapp']) {
      const res = await e.t.control('applications', { name: 'Bad', xapp: { url } })
      expect(res.status, url).toBe(400)
      expect(await res.text()).toContain('xapp.url')
    }
  })
})
