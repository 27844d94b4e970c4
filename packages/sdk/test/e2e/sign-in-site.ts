import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { RefApplication } from '@pullsign/reference-server'
import { createReferenceServer } from '@pullsign/reference-server'
import { build } from 'esbuild'
import { type Browser, chromium, type Page } from 'playwright'
import { afterAll, beforeAll } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../../../scripts/chromium'
import { connectChromium } from '../../../../test/shared-chromium'
import { staticLazyModules } from '../../static-lazy-modules'

/** The script-tag build of the sources (as `dist/pullsign.iife.js`), so no build is needed. */
async function bundleSdk(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('../../src/iife.ts', import.meta.url))],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    plugins: [staticLazyModules],
    write: false,
  })
  return result.outputFiles[0]?.text ?? ''
}

/**
 * The application's page: loads the SDK, constructs `new PullSign(apiKey, options)` with the
 * options the test put in `window.__options` (and a page-side fake clock when asked), and records
 * every event in `window.__events`. The button signs in, as a person would click.
 */
const APP_PAGE = `<!doctype html><meta charset="utf-8"><title>shop</title>
<button id="signin">Sign in</button>
<script src="/pullsign.js"></script>
<script>
  const config = JSON.parse(document.getElementById('config').textContent)
  window.__events = []
  window.__clock = (() => {
    // A whole second, as a JWT's exp is: a token issued within the page's first second then
    // expires exactly 24 h after this clock's start, not up to a second before it.
    let now = Math.floor(Date.now() / 1000) * 1000, id = 0
    const timers = new Map()
    return {
      now: () => now,
      setTimeout: (run, ms) => (timers.set(++id, { at: now + ms, run }), id),
      clearTimeout: (h) => timers.delete(h),
      advance(ms) {
        const end = now + ms
        for (;;) {
          const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0]
          if (!due) break
          timers.delete(due[0]); now = due[1].at; due[1].run()
        }
        now = end
      },
    }
  })()
  const options = { endpoints: config.endpoints, signIn: config.signIn }
  if (config.fakeClock) options.clock = window.__clock
  window.pullsign = new PullSign(config.apiKey, options)
  for (const name of ['retrieving', 'retrieved', 'ready', 'success', 'logout', 'loggedout', 'error']) {
    pullsign.on(name, (data) => {
      window.__events.push(name === 'error' ? 'error:' + data.reason : name)
      if (name === 'success') window.__successAt = performance.now()
    })
  }
  document.getElementById('signin').onclick = () => {
    window.__clickAt = performance.now()
    pullsign.authorize().then(
      (result) => { window.__result = result === undefined ? 'redirecting' : result },
      (error) => { window.__failure = { code: error.code, reason: error.reason, message: error.message } },
    )
  }
</script>`

/**
 * What the SDK's browser tests share: a reference server on port 0, an application whose
 * whitelist holds the shop's page, the shop on loopback serving that page and the SDK, and
 * Debian Chromium: `browserOf` gives it (the tests connect to their project's shared one; the
 * bench, a process of its own, launches one).
 */
export async function startSignInSite(
  browserOf: () => Promise<Browser> = () =>
    chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs }),
) {
  const server = createReferenceServer({ ledgerCloseMs: false })
  const endpoints = await server.listen(0)
  const sdk = await bundleSdk()
  let config: Record<string, unknown> = {}
  const site = createServer((req, res) => {
    if (req.url === '/pullsign.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk)
      return
    }
    if (req.url?.startsWith('/app')) {
      const data = `<script type="application/json" id="config">${JSON.stringify(config)}</script>`
      res.writeHead(200, { 'content-type': 'text/html' }).end(data + APP_PAGE)
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  const created = await fetch(`${endpoints.api}/__ref/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Browser shop', redirectUris: [`${shop}/app`] }),
  })
  const app = (await created.json()) as RefApplication
  if (created.status !== 200) throw new Error(`application: ${JSON.stringify(app)}`)
  const [alice] = server.platform.users.list()
  if (!alice) throw new Error('the demo fixtures should hold a user')
  const browser = await browserOf()

  /** Opens the shop's page with these client options; `before` runs before any script. */
  const openApp = async (
    options: { signIn?: Record<string, unknown>; fakeClock?: boolean } = {},
    path = '/app',
  ) => {
    config = { apiKey: app.apiKey, endpoints, ...options }
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(`${shop}${path}`)
    return { page, context, errors }
  }

  /** Signs the SignIn payload on the sign page shown in `page` (as the demo's first user). */
  const signOnSignPage = async (page: Page) => {
    await page.getByRole('button', { name: 'Sign' }).click()
  }

  return {
    server,
    endpoints,
    app,
    alice,
    shop,
    browser,
    openApp,
    signOnSignPage,
    events: (page: Page) =>
      page.evaluate(() => (window as unknown as { __events: string[] }).__events),
    close: async () => {
      await browser.close()
      await server.close()
      await new Promise<void>((resolve) => site.close(() => resolve()))
    },
  }
}

/** The SDK's browser test context. */
export type SignInSite = Awaited<ReturnType<typeof startSignInSite>>

/** Starts the context before the file's tests and closes it after them. */
export function useSignInSite(): () => SignInSite {
  let context: SignInSite | undefined
  beforeAll(async () => {
    context = await startSignInSite(connectChromium)
  }, 60_000)
  afterAll(async () => {
    await context?.close()
  })
  return () => {
    if (!context) throw new Error('the sign-in site did not start (see beforeAll)')
    return context
  }
}
