import { cpSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { basename, join } from 'node:path'
import { build } from 'esbuild'
import { type Browser, chromium } from 'playwright'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chromiumArgs, requireChromium } from '../../scripts/chromium'
import { installedProject, run, runAsync } from './consumer-project'

/**
 * Apps that import the packed SDK, bundled as users bundle them (bundled-app/: webpack with SWC
 * for Node and for browsers, esbuild for browsers), then run: the Node bundle with node, the
 * browser bundles in Chromium against the reference server, signing in through the popup.
 */
const project = await installedProject()
const apps = join(project, 'bundled-app')

type ReferenceServer = ReturnType<
  typeof import('@pullsign/reference-server')['createReferenceServer']
>
let server: ReferenceServer
let site: Server
let shop = ''
let browser: Browser
let config = ''
let shopApp = ''

// Each browser page: where its bundle is, and how the page loads it.
const PAGES: Record<string, { dir: string; script: string }> = {
  webpack: { dir: 'out-webpack-web', script: '<script src="main.js"></script>' },
  esbuild: { dir: 'out-esbuild', script: '<script type="module" src="browser-app.js"></script>' },
}
const page = (script: string) =>
  `<!doctype html><meta charset="utf-8"><title>Bundled shop</title><button id="signin" disabled>Sign in</button><pre id="result"></pre><script src="/config.js"></script>${script}`

const serveShop = async (path: string): Promise<[number, string, string | Buffer]> => {
  if (path === '/config.js') return [200, 'text/javascript', config]
  const [, name = '', file = ''] = /^\/(\w+)\/(.*)$/.exec(path) ?? []
  const entry = PAGES[name]
  if (!entry) return [404, 'text/plain', 'not found']
  if (file === '') return [200, 'text/html', page(entry.script)]
  const bytes = await readFile(join(apps, entry.dir, basename(file))).catch(() => undefined)
  return bytes ? [200, 'text/javascript', bytes] : [404, 'text/plain', 'not found']
}

beforeAll(async () => {
  cpSync(join(import.meta.dirname, 'bundled-app'), apps, { recursive: true })
  run('node', ['bundled-app/webpack-build.js'], project)
  // The reference server as installed from its tarball.
  const { createReferenceServer } = createRequire(join(project, 'package.json'))(
    '@pullsign/reference-server',
  ) as typeof import('@pullsign/reference-server')
  server = createReferenceServer()
  const endpoints = await server.listen(0)
  site = createServer((req, res) => {
    serveShop(new URL(req.url ?? '/', 'http://shop').pathname).then(([status, type, body]) =>
      res.writeHead(status, { 'content-type': type }).end(body),
    )
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  // The shop's application whitelists both pages as OAuth redirect URIs.
  const app = server.platform.applications.create({
    name: 'Bundled shop',
    redirectUris: Object.keys(PAGES).map((name) => `${shop}/${name}/`),
  })
  shopApp = app.uuid
  config = `window.SHOP_CONFIG = ${JSON.stringify({ apiKey: app.apiKey, endpoints })}`
  browser = await chromium.launch({ executablePath: requireChromium(), args: chromiumArgs })
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => site?.close(resolve))
  await server?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

test('webpack for Node, the SDK compiled by SWC with class fields assigned: the bundle runs, its client is instanceof PullSign, and calls the platform', {
  timeout: 60_000,
}, async () => {
  const [app] = server.platform.applications.list()
  const out = JSON.parse(
    await runAsync('node', ['bundled-app/out-webpack-node/main.cjs'], project, {
      APP_API: server.endpoints.api,
      APP_KEY: app?.apiKey ?? '',
      APP_SECRET: app?.apiSecret ?? '',
    }),
  )
  expect(out).toEqual({
    runtime: 'backend',
    instance: true,
    plain: false,
    refused: 'ERR_CONFIG',
    app: app?.name,
    created: expect.stringMatching(UUID),
  })
  expect(server.platform.payloads.list().payloads.map((record) => record.meta.uuid)).toContain(
    out.created,
  )
})

describe('browser bundles in Chromium: the client is instanceof PullSign, signs in, and creates a payload as the person', () => {
  test.each([
    ['webpack', 'webpack for browsers, the SDK compiled by SWC with class fields assigned'],
    ['esbuild', 'esbuild'],
  ])('%s (%s)', { timeout: 90_000 }, async (name) => {
    if (name === 'esbuild') {
      await build({
        entryPoints: [join(apps, 'browser-app.js')],
        absWorkingDir: project,
        bundle: true,
        format: 'esm',
        splitting: true,
        platform: 'browser',
        outdir: join(apps, 'out-esbuild'),
        logLevel: 'error',
      })
    }
    const context = await browser.newContext()
    try {
      const tab = await context.newPage()
      const errors: string[] = []
      tab.on('pageerror', (error) => errors.push(error.message))
      await tab.goto(`${shop}/${name}/`)
      // Enabled once the client is ready; the person signs in the popup (the server's sign page
      // plays the wallet, its first user answering), then the page calls as them.
      const [popup] = await Promise.all([tab.waitForEvent('popup'), tab.click('#signin')])
      await popup.getByRole('button', { name: 'Sign' }).click()
      const result = tab.locator('#result')
      await result.filter({ hasText: '{' }).waitFor({ timeout: 60_000 })
      const [alice] = server.platform.users.list()
      const out = JSON.parse((await result.textContent()) ?? '')
      expect(out).toEqual({
        runtime: 'browser',
        instance: true,
        plain: false,
        refused: 'ERR_CONFIG',
        created: expect.stringMatching(UUID),
        account: alice?.accounts[0]?.address,
      })
      // The payload the page created as the signed-in person is the shop's.
      const shopPayloads = server.platform.payloads.list({ application: shopApp })
      expect(shopPayloads.payloads.map((record) => record.meta.uuid)).toContain(out.created)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
