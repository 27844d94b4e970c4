import { type Browser, chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium'
import { startBrowserExample } from '../browser/serve'

let example: Awaited<ReturnType<typeof startBrowserExample>>
let browser: Browser
beforeAll(async () => {
  example = await startBrowserExample()
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
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
})
