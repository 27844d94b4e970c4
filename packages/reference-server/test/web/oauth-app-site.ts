import { createServer } from 'node:http'
import type { RefApplication } from '../../src/control-api-types'
import { listenOnLoopback } from '../server/loopback-listen'
import type { TestServer } from '../server/test-server'

// The application's page: a button opens the authorization URL in a popup (as a browser SDK
// does); every message the page receives is kept with its origin, for the test to read.
const APP_PAGE = `<!doctype html><meta charset="utf-8"><title>App</title>
<button id="login">Sign in</button>
<script>
window.received = []
window.addEventListener('message', function (event) {
  window.received.push({ origin: event.origin, data: event.data, type: typeof event.data })
})
document.getElementById('login').addEventListener('click', function () {
  window.open(new URLSearchParams(location.search).get('auth'), 'signin', 'width=600,height=790')
})
</script>`

/**
 * A browser application on loopback for the OAuth tests: `/app?auth=<url>` is its page with a
 * sign-in button that opens `auth` in a popup, `/callback` is its redirect URI.
 */
export async function startOAuthAppSite() {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/app')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(APP_PAGE)
      return
    }
    if (req.url?.startsWith('/callback')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Callback</h1>')
      return
    }
    res.writeHead(404).end()
  })
  const site = await listenOnLoopback(server)
  return { ...site, redirectUri: `${site.base}/callback` }
}

/** The application's site, and the application registered on `t` with its redirect URI. */
export async function startOAuthApp(t: TestServer, name: string) {
  const site = await startOAuthAppSite()
  const res = await t.control('applications', { name, redirectUris: [site.redirectUri] })
  return { site, client: (await res.json()) as RefApplication }
}
