import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createReferenceServer } from '@pullsign/reference-server'

/**
 * The xApp example: a reference server in this process, the xApp's static site (this folder's
 * index.html and pullsign's script-tag build) on another port, and a launch of the xApp for Alice.
 * It prints the host simulator page to open; there the xApp pays Bob through its xApp JWT and
 * the page's Sign button answers as Alice's wallet. Ctrl-C stops it.
 */
const page = readFileSync(new URL('./index.html', import.meta.url), 'utf8')
// pullsign's script-tag build (`pnpm build` makes it); its exports map lists only the modules.
const bundle = readFileSync(
  new URL('dist/pullsign.iife.js', import.meta.resolve('pullsign/package.json')),
  'utf8',
)

const server = createReferenceServer()
const endpoints = await server.listen(0)
const [alice, bob] = server.platform.users.list()
if (!alice || !bob) throw new Error('the reference server started without its demo users')

let config = ''
const site = createServer((req, res) => {
  const path = req.url?.split('?')[0]
  if (path === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page)
  else if (path === '/pullsign.iife.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(bundle)
  } else if (path === '/config.json') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(config)
  } else res.writeHead(404).end()
})
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`

const app = server.platform.applications.create({ name: 'Pay Bob', xapp: { url: siteUrl } })
config = JSON.stringify({ apiKey: app.apiKey, api: endpoints.api, bob: bob.accounts[0]?.address })
const { hostUrl } = server.platform.xapps.launch({ application: app.uuid, user: alice.uuid })

console.log(`reference server on ${endpoints.api}; xApp "Pay Bob" served at ${siteUrl}`)
console.log(`open ${hostUrl}`)
console.log('(the one-time token lives 60 s: launch again from the dashboard, xApps section)')
