import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { type Browser, chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium'
import { type Reference, startReference } from '../contract/reference'

// A page loads, hydrates and opens its socket on a busy machine: polls wait up to 15 s.
const SLOW = { timeout: 15_000 }

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

let browser: Browser
let ref: Reference
let site: Server
let game = ''

beforeAll(async () => {
  const bundled = await build({
    entryPoints: [fileURLToPath(new URL('./xapp-page-script.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    alias: { pullsign: src('index.ts'), 'pullsign/ui': src('ui/index.ts') },
    write: false,
  })
  const script = bundled.outputFiles[0]?.text ?? ''
  site = createServer((req, res) => {
    if (req.url === '/xapp.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    } else if (req.url?.startsWith('/xapp?')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html lang="en"><meta charset="utf-8"><title>UI xApp</title><script type="module" src="/xapp.js"></script>',
        )
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  ;[browser, ref] = await Promise.all([
    chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs }),
    startReference(),
  ])
  const uuid = crypto.randomUUID()
  const base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  const xappUrl = `${base}/xapp?api=${encodeURIComponent(ref.endpoints.api)}&key=${uuid}`
  game = ref.server.platform.applications.create({
    uuid,
    name: 'UI game',
    xapp: { url: xappUrl },
  }).uuid
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await ref?.server.close()
  await new Promise<void>((resolve) => site?.close(() => resolve()))
})

type PageWindow = {
  xappState: { status: string; account: string | null }
  request?: {
    status: string
    xapp: boolean
    expiresAt: number | null
    result: { account?: string } | null
  }
  statuses: string[]
  pay(): void
}

describe('the UI stores inside an xApp, framed by the host simulator (docs/protocol.md §7.2)', {
  timeout: 60_000,
}, () => {
  test('the xApp store is ready with the account; a sign request asks the wallet to open it and shows its status', async () => {
    const { hostUrl } = ref.server.platform.xapps.launch({
      application: game,
      user: ref.alice.uuid,
    })
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(hostUrl)
    const frame = await (await page.locator('#xapp').elementHandle())?.contentFrame()
    if (!frame) throw new Error('no xApp frame')
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as PageWindow).xappState?.status), SLOW)
      .toBe('ready')
    const account = await frame.evaluate(() => (window as unknown as PageWindow).xappState.account)
    expect(account).toMatch(/^r/)
    await frame.evaluate(() => (window as unknown as PageWindow).pay())
    // Its socket open (its first expires_in came), every step is heard.
    await expect
      .poll(
        () => frame.evaluate(() => (window as unknown as PageWindow).request?.expiresAt ?? null),
        SLOW,
      )
      .not.toBeNull()
    // The wallet (the host) shows the request: the person signs there.
    await page.getByRole('button', { name: 'Sign', exact: true }).click()
    await expect
      .poll(() => frame.evaluate(() => (window as unknown as PageWindow).request?.status), SLOW)
      .toBe('signed')
    const request = await frame.evaluate(() => (window as unknown as PageWindow).request)
    expect(request).toMatchObject({ xapp: true, result: { account } })
    const statuses = await frame.evaluate(() => (window as unknown as PageWindow).statuses)
    expect(statuses).toEqual(['creating', 'waiting', 'opened', 'signing', 'signed'])
    expect(errors).toEqual([])
    await page.close()
  })
})
