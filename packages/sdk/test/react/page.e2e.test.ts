import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createReferenceServer } from '@pullsign/reference-server'
import { build } from 'esbuild'
import { type Browser, chromium, type Page } from 'playwright'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium'
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy'
import { startUpgradeCounter } from '../support/upgrade-counter'
import { type PageConfig, PayloadPanel } from './page-app'

// A page loads, hydrates and opens its socket on a busy machine: polls wait up to 15 s.
const SLOW = { timeout: 15_000 }

const src = (path: string) => fileURLToPath(new URL(`../../src/${path}`, import.meta.url))

/** The page's script: page-client.ts with React and the SDK's sources, for Chromium. */
async function bundleClient(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./page-client.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"development"' },
    alias: {
      pullsign: src('index.ts'),
      'pullsign/ui': src('ui/index.ts'),
      'pullsign/react': src('react/index.ts'),
    },
    write: false,
  })
  return result.outputFiles[0]?.text ?? ''
}

const server = createReferenceServer({ ledgerCloseMs: false })
let api = ''
let browser: Browser
let site: Server
let shop = ''
let counter: Awaited<ReturnType<typeof startUpgradeCounter>>
const proxies: TcpProxy[] = []
const configs = new Map<string, PageConfig>()

beforeAll(async () => {
  api = (await server.listen(0)).api
  counter = await startUpgradeCounter(Number(new URL(api).port))
  const script = await bundleClient()
  // Each page is rendered by the server (react-dom/server), then hydrated by the browser.
  site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop')
    if (url.pathname === '/client.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
      return
    }
    const config = configs.get(url.pathname.slice(1))
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end()
      return
    }
    if (!config) {
      res.writeHead(404).end()
      return
    }
    const html = renderToString(createElement(PayloadPanel, config))
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>shop</title></head><body>` +
          `<div id="root">${html}</div>` +
          `<script type="application/json" id="config">${JSON.stringify(config)}</script>` +
          `<script type="module" src="/client.js"></script></body></html>`,
      )
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
}, 60_000)

afterAll(async () => {
  await browser?.close()
  for (const proxy of proxies) await proxy.stop()
  await counter?.close()
  await new Promise<void>((resolve) => site?.close(() => resolve()))
  await server.close()
})

const [app] = server.platform.applications.list()
const alice = () => server.platform.users.list()[0]?.uuid as string
const createPayload = () => {
  if (!app) throw new Error('the demo fixtures changed: no application')
  return server.platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
}
/** A tab of the shop showing `config`; its page errors and console errors are collected. */
async function openTab(config: PageConfig, context: { newPage(): Promise<Page> } = browser) {
  const name = crypto.randomUUID()
  configs.set(name, config)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto(`${shop}/${name}`)
  return { page, errors }
}
const text = (page: Page, id: string) => page.locator(`#${id}`).textContent()
const ownProxy = async () => {
  const proxy = await startTcpProxy(Number(new URL(api).port))
  proxies.push(proxy)
  return proxy
}

describe('usePayload in Chromium: server-rendered, hydrated under StrictMode', {
  timeout: 60_000,
}, () => {
  test('the server renders idle; hydration matches; one socket per uuid under StrictMode; the outcome shows', async () => {
    const created = createPayload()
    const config = { uuid: created.uuid, api: counter.url }
    expect(renderToString(createElement(PayloadPanel, config))).toContain('>idle<')
    const { page, errors } = await openTab(config)
    await expect.poll(() => text(page, 'seconds'), SLOW).toMatch(/^\d+$/)
    expect(await text(page, 'status')).toBe('waiting')
    // A uuid's links are on the platform the page was told of.
    expect(await page.locator('#open').getAttribute('href')).toBe(
      `${counter.url}/sign/${created.uuid}`,
    )
    expect(
      await page.evaluate(() => (window as unknown as { __errors: string[] }).__errors),
    ).toEqual([])
    expect(counter.sockets(created.uuid)).toBe(1)
    // The QR's matrix, read from another origin than the page's (refs.qr_matrix sends CORS).
    await expect.poll(() => text(page, 'qr'), SLOW).toMatch(/^(2[1-9]|[3-9]\d)$/)
    await server.wallet.sign(created.uuid, { user: alice() })
    await expect.poll(() => text(page, 'status'), SLOW).toBe('signed')
    expect(await text(page, 'seconds')).toBe('')
    expect(errors).toEqual([])
    await page.close()
  })

  test('another tab of the page hears the outcome (BroadcastChannel) and shows it after asking the platform', async () => {
    const created = createPayload()
    const context = await browser.newContext()
    try {
      const proxy = await ownProxy()
      const first = await openTab({ uuid: created.uuid, api }, context)
      const second = await openTab(
        { uuid: created.uuid, api: proxy.url, reconnect: false },
        context,
      )
      await expect.poll(() => text(second.page, 'seconds'), SLOW).toMatch(/^\d+$/)
      await proxy.stop()
      await expect.poll(() => text(second.page, 'error'), SLOW).toBe('ERR_NETWORK')
      await proxy.start()
      await server.wallet.sign(created.uuid, { user: alice() })
      await expect.poll(() => text(first.page, 'status'), SLOW).toBe('signed')
      await expect.poll(() => text(second.page, 'status'), SLOW).toBe('signed')
      expect([...first.errors, ...second.errors]).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('the tab visible again reopens its lost socket and jumps to what happened meanwhile', async () => {
    const created = createPayload()
    const proxy = await ownProxy()
    const { page } = await openTab({ uuid: created.uuid, api: proxy.url, reconnect: false })
    await expect.poll(() => text(page, 'seconds'), SLOW).toMatch(/^\d+$/)
    await proxy.stop()
    await expect.poll(() => text(page, 'error'), SLOW).toBe('ERR_NETWORK')
    await proxy.start()
    await server.wallet.sign(created.uuid, { user: alice() })
    expect(await text(page, 'status')).toBe('error')
    // What the browser does when the person switches back to the tab.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => text(page, 'status'), SLOW).toBe('signed')
    await page.close()
  })
})
