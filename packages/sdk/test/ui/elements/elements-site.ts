import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { basename } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createReferenceServer, type ReferenceServer } from '@pullsign/reference-server'
import { createClock } from '@pullsign/reference-server/testing'
import { build } from 'esbuild'
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright'
import { PullSign } from 'pullsign'
import type { Endpoints } from 'pullsign/wire'
import { afterAll, beforeAll } from 'vitest'
import { chromiumArgs, chromiumPath } from '../../../../../scripts/chromium'
import { staticLazyModules } from '../../../static-lazy-modules'

const src = (path: string) => fileURLToPath(new URL(`../../../src/${path}`, import.meta.url))

/** The page script with the SDK's sources, split as an app's bundler splits it (locales apart). */
async function bundlePage(): Promise<Map<string, string>> {
  const result = await build({
    entryPoints: { elements: fileURLToPath(new URL('./page-script.ts', import.meta.url)) },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir: '/out',
    alias: {
      pullsign: src('index.ts'),
      'pullsign/ui': src('ui/index.ts'),
      'pullsign/ui/define': src('ui/define.ts'),
    },
    write: false,
  })
  const files = new Map(result.outputFiles.map((file) => [basename(file.path), file.text]))
  // The script tag (as dist/pullsign-ui.iife.js) and a locale beside it (dist/ui/locales/nl.js).
  const [iife, nl] = await Promise.all([
    build({
      ...SCRIPT_TAG,
      entryPoints: [src('iife-ui.ts')],
      format: 'iife',
      plugins: [staticLazyModules],
    }),
    build({ ...SCRIPT_TAG, entryPoints: [src('ui/locales/nl.ts')], format: 'esm' }),
  ])
  files.set('pullsign-ui.iife.js', iife.outputFiles[0]?.text ?? '')
  files.set('ui/locales/nl.js', nl.outputFiles[0]?.text ?? '')
  return files
}
const SCRIPT_TAG = { bundle: true, platform: 'browser', target: 'es2022', write: false } as const

/**
 * A page's Content-Security-Policy: nothing inline, no eval, HTML sinks refused; the platform
 * allowed for its API and socket, and for the QR code's PNG (shown until the matrix is read).
 */
export const strictPolicy = (api: string) =>
  `default-src 'self'; connect-src 'self' ${api} ${api.replace(/^http/, 'ws')}; img-src ${api}; ` +
  "require-trusted-types-for 'script'"

export interface OpenOptions extends BrowserContextOptions {
  /** The page: `/page` (the app's bundle) or `/script-tag` (only pullsign-ui.iife.js). */
  path?: '/page' | '/script-tag'
  /** The page's query string (the CSP page reads `auto` and `api`). */
  query?: string
  /** A Content-Security-Policy header. */
  csp?: string
  /** The page's `<html lang>`. */
  lang?: string
}

/**
 * What the elements' browser tests share: a reference server on a manual clock, the shop's page
 * server (the page script, and /api/checkout: its backend creating payloads with the key and
 * secret), and Debian Chromium.
 */
export async function startElementsSite() {
  const server: ReferenceServer = createReferenceServer({
    ledgerCloseMs: false,
    clock: createClock({ manual: true }),
  })
  const endpoints: Endpoints = await server.listen(0)
  const [app] = server.platform.applications.list()
  const [alice] = server.platform.users.list()
  if (!app || !alice) throw new Error('the demo fixtures changed: expected an app and a user')
  const backend = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  const files = await bundlePage()
  const created: string[] = []
  let policy: string | undefined
  let lang = 'en'
  const site: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://shop')
    const script = files.get(url.pathname.slice(1))
    if (script !== undefined) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    } else if (url.pathname === '/api/checkout' && req.method === 'POST') {
      // The shop's backend: a payload per checkout (expire: minutes, from the page's query).
      const expire = Number(url.searchParams.get('expire') ?? 5)
      const payload = await backend.payload.create({
        txjson: { TransactionType: 'SignIn' },
        options: { expire },
      })
      created.push(payload.uuid)
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
    } else if (url.pathname === '/api/cancel' && req.method === 'POST') {
      // The shop's backend cancels what its page no longer shows.
      const answer = await backend.payload.cancel(url.searchParams.get('uuid') ?? '')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
    } else if (url.pathname === '/page') {
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          ...(policy ? { 'content-security-policy': policy } : {}),
        })
        .end(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>shop</title>` +
            '<script type="module" src="/elements.js"></script></head><body></body></html>',
        )
    } else if (url.pathname === '/script-tag') {
      // A page with only the script tag and markup: the request's uuid and the API from the query.
      const uuid = url.searchParams.get('uuid') ?? ''
      const api = url.searchParams.get('api') ?? ''
      if (!/^[\w-]+$/.test(uuid) || !/^http:\/\/127\.0\.0\.1:\d+$/.test(api)) {
        res.writeHead(400).end()
        return
      }
      res
        .writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          ...(policy ? { 'content-security-policy': policy } : {}),
        })
        .end(
          `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>shop</title>` +
            '<script src="/pullsign-ui.iife.js"></script></head>' +
            `<body><pullsign-request uuid="${uuid}" api="${api}"></pullsign-request></body></html>`,
        )
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end()
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  })

  /** A new context's page on the shop; its page errors are collected. */
  const open = async (options: OpenOptions = {}) => {
    const { path = '/page', query = '', csp, lang: pageLang = 'en', ...contextOptions } = options
    const context = await browser.newContext(contextOptions)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
    policy = csp
    lang = pageLang
    await page.goto(`${shop}${path}${query}`)
    await page.waitForFunction(() => customElements.get('pullsign-request') !== undefined)
    return { page, context, errors }
  }

  return {
    server,
    endpoints,
    alice,
    backend,
    shop,
    browser,
    open,
    /** The uuids /api/checkout made, in order. */
    created,
    close: async () => {
      await browser.close()
      await new Promise<void>((resolve) => site.close(() => resolve()))
      await server.close()
    },
  }
}

export type ElementsSite = Awaited<ReturnType<typeof startElementsSite>>

/** Starts the site before the file's tests, closes it after them. */
export function useElementsSite(): () => ElementsSite {
  let site: ElementsSite | undefined
  beforeAll(async () => {
    site = await startElementsSite()
  }, 60_000)
  afterAll(() => site?.close())
  return () => {
    if (!site) throw new Error('the elements site did not start (see beforeAll)')
    return site
  }
}

/** The page's globals the page script sets. */
export interface PageWindow {
  ui: typeof import('pullsign/ui')
  events: { type: string; detail: unknown; target: string }[]
  checkout: () => Promise<import('pullsign/ui').CreatedPayload>
  cancel: (uuid: string) => Promise<unknown>
  clock: import('../../support/fake-clock').FakeClock
}

/** Reads the shadow DOM of the first element `tag`: text of a part, or null. */
export const partText = (page: Page, tag: string, part: string) =>
  page.evaluate(
    ([tag, part]) =>
      document.querySelector(tag as string)?.shadowRoot?.querySelector(`[part~="${part}"]`)
        ?.textContent ?? null,
    [tag, part],
  )

/** The parts of an element's panel in document order (what a person meets first). */
export const partsInOrder = (page: Page, tag: string) =>
  page.evaluate(
    (tag) =>
      [...(document.querySelector(tag)?.shadowRoot?.querySelectorAll('[part]') ?? [])].map((node) =>
        node.getAttribute('part'),
      ),
    tag,
  )
