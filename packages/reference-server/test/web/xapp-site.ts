import { createServer } from 'node:http'
import { listenOnLoopback } from '../server/loopback-listen'

/**
 * A tiny xApp for browser tests, on its own loopback origin: it speaks the framed bridge of
 * docs/protocol.md §7.2 (posts `XAPP_PROXY_INIT`, waits for the ACK), exchanges its OTT at
 * `{api}/api/v1/jwt/authorize` across origins (CORS), keeps every wallet event it receives in
 * `window.received`, and exposes `window.send(command)` (a string is posted as is). Its URL
 * carries `api` and `key`, as a real xApp has them built in.
 */
const XAPP_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test xApp</title></head>
<body><h1>Test xApp</h1><p id="state">waiting for the host</p><p id="auth">not authorized</p><ol id="received"></ol>
<script>
  var params = new URLSearchParams(location.search)
  window.received = []
  window.acked = false
  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return
    if (event.data === 'XAPP_PROXY_INIT_ACK') {
      window.acked = true
      document.getElementById('state').textContent = 'bridge ready'
      if (window.onAck) window.onAck()
      return
    }
    var message = JSON.parse(event.data)
    window.received.push(message)
    var item = document.createElement('li')
    item.textContent = event.data
    document.getElementById('received').appendChild(item)
  })
  window.send = function (command) {
    window.parent.postMessage(typeof command === 'string' ? command : JSON.stringify(command), '*')
  }
  // median round trip of XAPP_PROXY_INIT -> XAPP_PROXY_INIT_ACK through the host page, ms
  window.measure = function (times) {
    var samples = []
    return new Promise(function (resolve) {
      function next() {
        if (samples.length === times) {
          window.onAck = null
          samples.sort(function (a, b) { return a - b })
          return resolve(samples[Math.floor(times / 2)])
        }
        var start = performance.now()
        window.onAck = function () { samples.push(performance.now() - start); next() }
        window.send('XAPP_PROXY_INIT')
      }
      next()
    })
  }
  window.send('XAPP_PROXY_INIT')
  fetch(params.get('api') + '/api/v1/jwt/authorize', {
    headers: { 'x-api-key': params.get('key'), 'x-api-ott': params.get('xAppToken') }
  }).then(function (res) { return res.json() }).then(function (body) {
    window.authorized = body
    document.getElementById('auth').textContent = body.jwt ? 'authorized as ' + body.ott.account : 'refused'
  })
</script></body></html>`

/** Serves the test xApp at GET `/xapp` on a free loopback port (another origin than the server). */
export async function startXappSite() {
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/xapp')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(XAPP_PAGE)
      return
    }
    res.writeHead(404).end()
  })
  return listenOnLoopback(server)
}
