/**
 * The checkout examples: a reference server, and a shop whose own backend creates each payment
 * request with its API key and secret (POST /api/checkout; the secret never reaches a page) and
 * two pages that show it: `/elements/` with `<pullsign-request>` from the script tag
 * (`pullsign-ui.iife.js`), `/react/` with `usePayload` from `pullsign/react`, bundled by esbuild.
 * Open a page, click "Pay 1 XRP", then "Open in wallet" and sign on the reference server's sign
 * page (it plays the wallet), or scan the QR code.
 *
 * Run: npx tsx checkout/serve.ts   (then open the printed URLs; needs the SDK built)
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createReferenceServer, type ReferenceServerOptions } from '@pullsign/reference-server'
import { build } from 'esbuild'
import { createBackendClient } from 'pullsign'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const sdkDist = (file: string) =>
  new URL(
    `dist/${file}`,
    pathToFileURL(createRequire(import.meta.url).resolve('pullsign/package.json')),
  )

/**
 * Starts the reference server (with `options`: a test's manual clock) and the shop; `sitePort` 0
 * picks a free port.
 */
export async function startCheckoutExample(sitePort = 0, options: ReferenceServerOptions = {}) {
  const server = createReferenceServer(options)
  const endpoints = await server.listen(0)
  const [alice, bob] = server.platform.users.list()
  const shopAccount = bob?.accounts[0]?.address
  if (!alice || !shopAccount) throw new Error('the reference server started without its demo users')
  const app = server.platform.applications.create({ name: 'Checkout shop' })
  // The shop's backend: the only place with the API secret.
  const backend = createBackendClient({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
  const created: string[] = []
  const react = await build({
    entryPoints: [here('react/app.tsx')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
  })
  const files: Record<string, () => Promise<[string, string | Uint8Array]>> = {
    '/elements/': async () => ['text/html', await readFile(here('elements/index.html'))],
    '/elements/page.js': async () => ['text/javascript', await readFile(here('elements/page.js'))],
    '/react/': async () => ['text/html', await readFile(here('react/index.html'))],
    '/react/app.js': async () => ['text/javascript', react.outputFiles[0]?.contents ?? ''],
    '/pullsign-ui.iife.js': async () => [
      'text/javascript',
      await readFile(sdkDist('pullsign-ui.iife.js')),
    ],
  }
  const site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname
    if (path === '/api/checkout' && req.method === 'POST') {
      // One payment request per checkout: 1 XRP to the shop. The page gets the created answer
      // (uuid, links, QR): nothing secret.
      backend.payload
        .create({
          txjson: { TransactionType: 'Payment', Destination: shopAccount, Amount: '1000000' },
        })
        .then(
          (payload) => {
            created.push(payload.uuid)
            res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
          },
          (err: Error) => res.writeHead(502).end(err.message),
        )
      return
    }
    const file = req.method === 'GET' ? files[path] : undefined
    if (!file) {
      res.writeHead(404).end()
      return
    }
    file().then(
      ([type, body]) =>
        res
          .writeHead(200, {
            'content-type': type,
            // Nothing inline, no eval: the elements need neither.
            'content-security-policy': `default-src 'self'; connect-src 'self' ${endpoints.api} ${endpoints.api.replace(/^http/, 'ws')}; img-src ${endpoints.api}`,
          })
          .end(body),
      (err: Error) => res.writeHead(500).end(err.message),
    )
  })
  await new Promise<void>((resolve) => site.listen(sitePort, '127.0.0.1', resolve))
  const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  return {
    server,
    alice,
    backend,
    shop,
    /** The uuids the shop's backend created, in order. */
    created,
    pages: { elements: `${shop}/elements/`, react: `${shop}/react/` },
    close: async () => {
      await new Promise<void>((resolve) => site.close(() => resolve()))
      await backend.close()
      await server.close()
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const example = await startCheckoutExample(Number(process.env.PORT ?? 0))
  console.log(`elements (script tag): ${example.pages.elements}`)
  console.log(`React (usePayload):    ${example.pages.react}`)
  console.log('click "Pay 1 XRP", then sign through "Open in wallet"; Ctrl-C to stop')
}
