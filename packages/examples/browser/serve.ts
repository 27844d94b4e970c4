/**
 * The browser examples: a reference server, and the shop's site serving two pages that sign in
 * with pullsign: `/iife/` (the script-tag build) and `/bundled/` (the ESM build through esbuild).
 * Open a page, click "Sign in", and sign in the popup (the reference server's sign page plays the
 * wallet).
 *
 * Run: npx tsx browser/serve.ts   (then open the printed URLs)
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createReferenceServer } from '@pullsign/reference-server'
import { build } from 'esbuild'

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url))
const sdkDist = (file: string) =>
  new URL(
    `dist/${file}`,
    pathToFileURL(createRequire(import.meta.url).resolve('pullsign/package.json')),
  )

/** Starts the reference server and the shop's site; `sitePort` 0 picks a free port. */
export async function startBrowserExample(sitePort = 0) {
  const server = createReferenceServer()
  const endpoints = await server.listen(0)
  const bundle = await build({
    entryPoints: [here('bundled/app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
  })
  const files: Record<string, () => Promise<[string, string | Uint8Array]>> = {
    '/iife/': async () => ['text/html', await readFile(here('iife/index.html'))],
    '/bundled/': async () => ['text/html', await readFile(here('bundled/index.html'))],
    '/bundled/app.js': async () => ['text/javascript', bundle.outputFiles[0]?.contents ?? ''],
    '/pullsign.iife.js': async () => [
      'text/javascript',
      await readFile(sdkDist('pullsign.iife.js')),
    ],
  }
  let config = ''
  const site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname
    if (path === '/config.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(config)
      return
    }
    const file = files[path]
    if (!file) {
      res.writeHead(404).end()
      return
    }
    file().then(
      ([type, body]) => res.writeHead(200, { 'content-type': type }).end(body),
      (err: Error) => res.writeHead(500).end(err.message),
    )
  })
  await new Promise<void>((resolve) => site.listen(sitePort, '127.0.0.1', resolve))
  const shop = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  // The application whitelists both pages as redirect URIs (docs/protocol.md §7.1).
  const app = server.platform.applications.create({
    name: 'Browser shop',
    redirectUris: [`${shop}/iife/`, `${shop}/bundled/`],
  })
  config = `window.SHOP_CONFIG = ${JSON.stringify({ apiKey: app.apiKey, endpoints })}`
  return {
    server,
    shop,
    pages: { iife: `${shop}/iife/`, bundled: `${shop}/bundled/` },
    close: async () => {
      await new Promise<void>((resolve) => site.close(() => resolve()))
      await server.close()
    },
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const example = await startBrowserExample(Number(process.env.PORT ?? 0))
  console.log(`script tag: ${example.pages.iife}`)
  console.log(`bundled:    ${example.pages.bundled}`)
  console.log('click "Sign in" and sign in the popup; Ctrl-C to stop')
}
