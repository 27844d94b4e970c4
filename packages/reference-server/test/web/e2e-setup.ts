import type { Browser, Page } from 'playwright'
import type { PayloadRecord } from 'pullsign/wire'
import { afterAll, beforeAll, expect } from 'vitest'
import { connectChromium } from '../../../../test/shared-chromium'
import type { RefApplication } from '../../src/control-api-types'
import { createClock } from '../../src/platform/clock'
import { startTestServer } from '../server/test-server'
import { startLocalSite } from './local-site'

/** The §3.2 answer of a payload created over HTTP. */
export interface CreatedPayload {
  uuid: string
  next: { always: string }
  refs: { websocket_status: string; qr_png: string }
}

/**
 * What the browser tests share: Debian Chromium (the project's, test/shared-chromium.ts), a reference server on port 0 with the demo
 * fixtures, the application's own site on loopback (webhooks, return page) and an application
 * whose webhook points there.
 */
export async function startE2e() {
  const browser: Browser = await connectChromium()
  // The dashboard shows the clock's offset from real time: a real-time clock started now, whose
  // offset is exactly the sum of the advances however long the browser takes.
  const t = await startTestServer({ clock: createClock() })
  const site = await startLocalSite()
  const res = await t.control('applications', { name: 'E2E shop', webhookUrl: `${site.base}/hook` })
  const shop = (await res.json()) as RefApplication
  expect(res.status, JSON.stringify(shop)).toBe(200)
  const auth = { 'x-api-key': shop.apiKey, 'x-api-secret': shop.apiSecret }

  /** Creates a payload as the E2E shop over HTTP (§3.1 → §3.2). */
  const createPayload = async (body: Record<string, unknown>): Promise<CreatedPayload> => {
    const created = await fetch(`${t.endpoints.api}/api/v1/platform/payload`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(body),
    })
    const json = (await created.json()) as CreatedPayload
    expect(created.status, JSON.stringify(json)).toBe(200)
    return json
  }

  /** GET payload/{uuid} over HTTP as the E2E shop (§3.3). */
  const fetchRecord = async (uuid: string): Promise<PayloadRecord> => {
    const record = await fetch(`${t.endpoints.api}/api/v1/platform/payload/${uuid}`, {
      headers: auth,
    })
    expect(record.status).toBe(200)
    return (await record.json()) as PayloadRecord
  }

  /** Opens a page on a phone-sized window, collecting script errors. */
  const openPage = async (url: string): Promise<{ page: Page; errors: string[] }> => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(url)
    return { page, errors }
  }

  return {
    browser,
    t,
    site,
    shop,
    createPayload,
    fetchRecord,
    openPage,
    close: async () => {
      await browser.close()
      await t.close()
      await site.close()
    },
  }
}

/** The browser test context. */
export type E2e = Awaited<ReturnType<typeof startE2e>>

/** A native payment of 2.5 units with a destination tag, as the browser tests request it. */
export const PAYMENT = Object.freeze({
  TransactionType: 'Payment',
  Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
  DestinationTag: 7,
  Amount: '2500000',
})

/**
 * Starts the browser test context before the file's tests and closes it after them; the returned
 * function gives the running context inside a test.
 */
export function useE2e(): () => E2e {
  let context: E2e | undefined
  beforeAll(async () => {
    context = await startE2e()
  }, 30_000)
  afterAll(async () => {
    await context?.close()
  })
  return () => {
    if (!context) throw new Error('the browser test context did not start (see beforeAll)')
    return context
  }
}
