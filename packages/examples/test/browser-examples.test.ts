import type { Browser } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectChromium } from '../../../test/shared-chromium'
import { startBrowserExample } from '../browser/serve'

let example: Awaited<ReturnType<typeof startBrowserExample>>
let browser: Browser
beforeAll(async () => {
  example = await startBrowserExample()
  browser = await connectChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await example?.close()
})

describe('browser examples in Chromium', { timeout: 60_000 }, () => {
  it.each(['iife', 'bundled'] as const)(
    'the %s page signs in through the popup, survives a reload, and logs out',
    async (name) => {
      const context = await browser.newContext()
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(example.pages[name])
      await expect.poll(() => page.locator('#status').textContent()).toBe('Signed out')
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#signin')])
      await popup.getByRole('button', { name: 'Sign' }).click()
      await expect
        .poll(() => page.locator('#status').textContent(), { timeout: 10_000 })
        .toMatch(/^Signed in as r\w+ \(Alice\)$/)
      expect(await page.locator('#events li').allTextContents()).toEqual([
        'retrieving',
        'ready',
        'success',
      ])

      await page.reload()
      await expect.poll(() => page.locator('#status').textContent()).toMatch(/^Signed in as r\w+/)
      expect(await page.locator('#events li').allTextContents()).toEqual([
        'retrieving',
        'success',
        'retrieved',
        'ready',
      ])
      await page.click('#logout')
      await expect.poll(() => page.locator('#status').textContent()).toBe('Signed out')
      expect(errors).toEqual([])
      await context.close()
    },
  )

  it('with the wallet autopilot on, signs in without the test touching the payload', async () => {
    const [alice] = example.server.platform.users.list()
    // As a Playwright suite would: one call to the control API, then only the shop's own page.
    const res = await fetch(`${example.server.endpoints.api}/__ref/autopilot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: alice?.uuid, answer: 'sign', txType: 'SignIn' }),
    })
    expect(res.status).toBe(200)
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    try {
      await page.goto(example.pages.bundled)
      await expect.poll(() => page.locator('#status').textContent()).toBe('Signed out')
      await page.click('#signin')
      await expect
        .poll(() => page.locator('#status').textContent(), { timeout: 10_000 })
        .toMatch(/^Signed in as r\w+ \(Alice\)$/)
      const [entry] = example.server.wallet.autopilotLog()
      expect(entry).toMatchObject({ user: alice?.uuid, outcome: 'signed', reason: null })
      expect(errors).toEqual([])
    } finally {
      example.server.wallet.clearAutopilot()
      await context.close()
    }
  })
})
