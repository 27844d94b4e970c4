import { createClock } from '@pullsign/reference-server/testing'
import type { Browser, Page } from 'playwright'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectChromium } from '../../../test/shared-chromium'
import { startCheckoutExample } from '../checkout/serve'

let example: Awaited<ReturnType<typeof startCheckoutExample>>
let browser: Browser
beforeAll(async () => {
  // The server's clock moves only when a test moves it (the autopilot answers on it).
  example = await startCheckoutExample(0, {
    clock: createClock({ manual: true }),
    ledgerCloseMs: false,
  })
  browser = await connectChromium()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await example?.close()
})

// A page loads and opens its socket on a busy machine: polls wait up to 15 s. Nothing here waits
// on time: the wallet signs when the test says so, once the page shows the request.
const SLOW = { timeout: 15_000 }

/** The request the shop's backend made for this page, once the page shows its "Open in wallet". */
async function shownRequest(page: Page): Promise<string> {
  const link = page.getByRole('link', { name: 'Open in wallet' })
  await expect.poll(() => link.count(), SLOW).toBe(1)
  const uuid = example.created.at(-1) as string
  expect(await link.getAttribute('href')).toBe(`${example.server.endpoints.api}/sign/${uuid}`)
  return uuid
}

describe('checkout examples in Chromium', { timeout: 60_000 }, () => {
  it('the script-tag page: Pay shows <pullsign-request> with a QR code; signed in the wallet, the panel says Signed and the page shows the txid', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    try {
      await page.goto(example.pages.elements)
      await page.getByRole('button', { name: 'Pay 1 XRP' }).click()
      const uuid = await shownRequest(page)
      const panel = page.locator('pullsign-request')
      await expect.poll(() => panel.getAttribute('data-state'), SLOW).toBe('waiting')
      await expect.poll(() => page.getByRole('img', { name: /QR code/ }).count(), SLOW).toBe(1)
      const record = await example.server.wallet.sign(uuid, { user: example.alice.uuid })
      const txid = record.response.txid
      expect(txid).toMatch(/^[0-9A-F]{64}$/)
      await expect.poll(() => panel.getAttribute('data-state'), SLOW).toBe('signed')
      expect(await panel.getByRole('status').textContent()).toBe('Signed.')
      expect(await page.locator('#outcome').textContent()).toBe(`Paid: ${txid}`)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('the React page: Pay follows the backend’s payload with usePayload; the wallet autopilot signs it and the page shows the txid', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    try {
      // As a Playwright suite would: the control API's autopilot answers the next payment as
      // Alice, 500 ms after its creation on the server clock.
      const res = await fetch(`${example.server.endpoints.api}/__ref/autopilot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: example.alice.uuid, answer: 'sign', txType: 'Payment' }),
      })
      expect(res.status).toBe(200)
      await page.goto(example.pages.react)
      await page.getByRole('button', { name: 'Pay 1 XRP' }).click()
      const uuid = await shownRequest(page)
      await expect
        .poll(() => page.getByRole('status').textContent(), SLOW)
        .toMatch(/^Waiting for your wallet \(\d+ s left\)$/)
      await expect
        .poll(() => page.getByRole('img', { name: 'QR code of the payment request' }).count(), SLOW)
        .toBe(1)
      example.server.clock.advance(1)
      await expect.poll(() => page.getByRole('status').textContent(), SLOW).toMatch(/^Paid: /)
      const record = await example.backend.payload.get(uuid)
      expect(record.meta.signed).toBe(true)
      expect(await page.getByRole('status').textContent()).toBe(`Paid: ${record.response.txid}`)
      expect(example.server.wallet.autopilotLog()).toMatchObject([
        { user: example.alice.uuid, outcome: 'signed' },
      ])
      expect(errors).toEqual([])
    } finally {
      example.server.wallet.clearAutopilot()
      await context.close()
    }
  })
})
