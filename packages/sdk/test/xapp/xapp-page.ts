import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'tsup'
import { staticLazyModules } from '../../static-lazy-modules'

const sdk = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

/** Builds the SDK's script-tag bundle from the sources (the same entry as the IIFE build). */
async function buildIife(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'pullsign-iife-'))
  try {
    await build({
      entry: { 'pullsign.iife': sdk('src/iife.ts') },
      format: ['iife'],
      platform: 'browser',
      target: 'es2022',
      esbuildPlugins: [staticLazyModules],
      outDir,
      tsconfig: sdk('tsconfig.build.json'),
      outExtension: () => ({ js: '.js' }),
      silent: true,
      config: false,
    })
    return readFileSync(join(outDir, 'pullsign.iife.js'), 'utf8')
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}

/**
 * The test xApp: a static page on its own loopback origin that loads the SDK bundle and starts
 * `new PullSign(key)` with the key and API from its URL (the URL's `xAppToken` makes it the xApp
 * runtime). It records every client event
 * name in `window.events`, every wallet event heard through `pullsign.xapp.on` in
 * `window.walletEvents`, every bridge log line in `window.logs`, and exposes the client as
 * `window.pullsign`. With `clock=manual` the client runs on a manual clock, `window.advance(ms)`.
 */
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>SDK xApp</title>
<script src="/pullsign.iife.js"></script></head><body><h1>SDK xApp</h1><p id="state">loading</p>
<script>
  var params = new URLSearchParams(location.search)
  var now = 0, timers = []
  var manual = {
    now: function () { return now },
    setTimeout: function (fn, ms) { var t = { at: now + ms, fn: fn }; timers.push(t); return t },
    clearTimeout: function (t) { timers = timers.filter(function (x) { return x !== t }) }
  }
  window.advance = function (ms) {
    var end = now + ms
    for (;;) {
      var due = timers.filter(function (t) { return t.at <= end }).sort(function (a, b) { return a.at - b.at })[0]
      if (!due) break
      timers = timers.filter(function (t) { return t !== due })
      now = due.at
      due.fn()
    }
    now = end
  }
  window.events = []
  window.logs = []
  var options = { apiKey: params.get('key'), endpoints: { api: params.get('api') }, log: function (m) { window.logs.push(m) } }
  if (params.get('clock') === 'manual') options.clock = manual
  var pullsign = new PullSign(options)
  ;['retrieved', 'success', 'ready', 'error', 'payload', 'qr', 'destination', 'networkswitch'].forEach(function (name) {
    pullsign.on(name, function (data) {
      window.events.push(name)
      if (name === 'ready') document.getElementById('state').textContent = 'ready as ' + data.account
      if (name === 'error') document.getElementById('state').textContent = 'error: ' + data.message
    })
  })
  window.walletEvents = []
  ;['payload', 'qr', 'destination', 'networkswitch'].forEach(function (name) {
    pullsign.xapp.on(name, function () { window.walletEvents.push(name) })
  })
  window.pullsign = pullsign
</script></body></html>`

/** Serves the test xApp at `/xapp` and the SDK bundle at `/pullsign.iife.js`. */
export async function startSdkXappSite() {
  const bundle = await buildIife()
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/xapp')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE)
    } else if (req.url === '/pullsign.iife.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle)
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
