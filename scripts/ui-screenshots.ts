/**
 * Screenshots of `<pullsign-request>` in each state, and of `<pullsign-dialog>`, for the SDK's
 * README and docs/ui-elements.md: a reference server on a manual clock drives each state (the
 * simulated wallet opens, signs or rejects; the clock moves past an expiry), Chromium renders the
 * elements from the SDK's sources with reduced motion and a page clock that stands still, and
 * each element is cropped to its box. The QR code and the txid differ between runs (a new payload
 * each time); the states, texts and layout do not.
 *
 * Run: pnpm screenshots   (writes packages/sdk/docs/images/ui-*.png)
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createReferenceServer } from '@pullsign/reference-server'
import { createClock } from '@pullsign/reference-server/testing'
import { build } from 'esbuild'
import { chromium, type Page } from 'playwright'
import { createBackendClient } from 'pullsign'
import type { CreatedPayload } from 'pullsign/ui'
import { chromiumArgs, requireChromium } from './chromium.ts'

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))
const OUT = root('packages/sdk/docs/images')

/** One picture: the element, its theme, and what moves the request to the state it shows. */
interface Shot {
  name: string
  state: string
  theme?: 'light' | 'dark'
  /** `<pullsign-dialog>` instead of the panel. */
  dialog?: boolean
  /** The payload's life in minutes (1 for the expired one), given as `create` (then "renew" shows). */
  expire?: number
  /** What happens once the request is shown and its socket is open. */
  drive?: (uuid: string) => unknown
}

const server = createReferenceServer({ ledgerCloseMs: false, clock: createClock({ manual: true }) })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
const [alice] = server.platform.users.list()
if (!app || !alice) throw new Error('the demo fixtures changed: expected an app and a user')
const backend = createBackendClient({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
const user = { user: alice.uuid }

const SHOTS: Shot[] = [
  { name: 'waiting', state: 'waiting' },
  { name: 'waiting-dark', state: 'waiting', theme: 'dark' },
  { name: 'opened', state: 'opened', drive: (uuid) => server.wallet.open(uuid, user) },
  { name: 'signed', state: 'signed', drive: (uuid) => server.wallet.sign(uuid, user) },
  { name: 'rejected', state: 'rejected', drive: (uuid) => server.wallet.reject(uuid, user) },
  { name: 'expired', state: 'expired', expire: 1, drive: () => server.clock.advance(61) },
  { name: 'dialog', state: 'waiting', dialog: true },
]

const script = await build({
  entryPoints: [root('scripts/ui-screenshots-page.ts')],
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  alias: {
    pullsign: root('packages/sdk/src/index.ts'),
    'pullsign/ui': root('packages/sdk/src/ui/index.ts'),
    'pullsign/ui/define': root('packages/sdk/src/ui/define.ts'),
  },
  write: false,
})
const site = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://shop').pathname
  if (path === '/page.js') {
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(script.outputFiles[0]?.text)
  } else if (path === '/page') {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pullsign</title>' +
          '<style>body{margin:0;padding:8px;font-family:system-ui,sans-serif}</style>' +
          '<script type="module" src="/page.js"></script></head><body></body></html>',
      )
  } else res.writeHead(404).end()
})
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`

const browser = await chromium.launch({ executablePath: requireChromium(), args: chromiumArgs })
const context = await browser.newContext({
  viewport: { width: 480, height: 720 },
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
})

/** Shows `created` in a new page's element; resolves once it waits with its socket open. */
async function show(page: Page, shot: Shot, created: CreatedPayload) {
  await page.goto(`${shop}/page`)
  await page.waitForFunction(() => customElements.get('pullsign-request') !== undefined)
  await page.evaluate(
    ({ created, theme, dialog, renewable }) => {
      const element = document.createElement(dialog ? 'pullsign-dialog' : 'pullsign-request')
      element.setAttribute('theme', theme)
      element.clock = (window as unknown as { clock: typeof element.clock }).clock
      // The backend's created answer; as `create`, the expired panel offers a new request.
      if (renewable) element.create = () => Promise.resolve(created)
      else element.payload = created
      document.body.append(element)
      if (dialog) (element as HTMLElementTagNameMap['pullsign-dialog']).show()
    },
    {
      created,
      theme: shot.theme ?? 'light',
      dialog: shot.dialog ?? false,
      renewable: shot.expire !== undefined,
    },
  )
  const tag = shot.dialog ? 'pullsign-dialog' : 'pullsign-request'
  // Waiting, its socket open (the countdown shows the first expires_in), its QR code drawn.
  await page.waitForFunction((tag) => {
    const shadow = document.querySelector(tag)?.shadowRoot
    return (
      shadow?.querySelector('[part~=countdown]')?.textContent?.startsWith('Expires in') &&
      (shadow.querySelector('svg[part~=qr] path')?.getAttribute('d')?.length ?? 0) > 100
    )
  }, tag)
  return tag
}

await mkdir(OUT, { recursive: true })
for (const shot of SHOTS) {
  const created = await backend.payload.create({
    txjson: { TransactionType: 'SignIn' },
    options: { expire: shot.expire ?? 5 },
  })
  const page = await context.newPage()
  const tag = await show(page, shot, created)
  await shot.drive?.(created.uuid)
  await page.waitForFunction(
    ([tag, state]) =>
      (document.querySelector(tag as string) as { state?: string } | null)?.state === state,
    [tag, shot.state],
  )
  const element = shot.dialog
    ? page.locator('pullsign-dialog').locator('dialog')
    : page.locator('pullsign-request')
  const png = await element.screenshot({ animations: 'disabled', caret: 'hide' })
  await writeFile(`${OUT}/ui-${shot.name}.png`, png)
  console.log(`ui-${shot.name}.png  ${(png.length / 1024).toFixed(1)} KB`)
  await page.close()
}

await browser.close()
await new Promise<void>((resolve) => site.close(() => resolve()))
await backend.close()
await server.close()
