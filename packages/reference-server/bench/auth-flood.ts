import { Agent, request as httpRequest } from 'node:http'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'

// Issue 22 item 5: a flood of unauthenticated creations (`GET /oauth/auth`, `POST /detect/…`)
// from one address, 16 in flight on keep-alive connections, with the default rate limits (60 a
// minute per address, docs/protocol.md §7.3). Reports the answers by status and the RSS before
// and after (after GC; the generator shares the process).
const gc = ensureGc()
const TOTAL = quick ? 4_000 : 120_000
const IN_FLIGHT = 16

const createReferenceServer = await builtServer()
const server = createReferenceServer({ ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
const [alice] = server.platform.users.list()
if (!app || !alice) throw new Error('the demo fixtures should hold an application and a user')
const { hostname, port } = new URL(endpoints.api)
const auth = `/oauth/auth?${new URLSearchParams({
  client_id: app.apiKey,
  redirect_uri: 'http://localhost:3000/callback',
  response_type: 'code',
  state: 's',
})}`
const detect = `/detect/request:${alice.accounts[0]?.address}?amount=1`
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT })

const send = (method: string, path: string) =>
  new Promise<number>((resolve) => {
    const req = httpRequest({ agent, hostname, port, method, path }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', () => resolve(0))
    req.end()
  })

const before = settledMemory(gc).rss
const payloadsBefore = server.platform.payloads.size
const statuses = new Map<number, number>()
let next = 0
const started = performance.now()
const worker = async () => {
  for (let index = next++; index < TOTAL; index = next++) {
    const status = await (index % 2 === 0 ? send('GET', auth) : send('POST', detect))
    statuses.set(status, (statuses.get(status) ?? 0) + 1)
  }
}
await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
const seconds = (performance.now() - started) / 1000
const after = settledMemory(gc).rss
const created = server.platform.payloads.size - payloadsBefore
agent.destroy()
await server.close()

console.log(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`)
console.log(
  `payloads created: ${created}; RSS ${(before / 1048576).toFixed(1)} MB → ${(after / 1048576).toFixed(1)} MB`,
)
// The address may create 60 in each minute the flood lasted (a sliding minute).
const allowed = 60 * Math.ceil(seconds / 60)
report('auth-flood', [
  {
    name: 'requests per second',
    value: TOTAL / seconds,
    unit: 'req/s',
    baseline: null,
    goal: null,
  },
  {
    name: `payloads created by ${TOTAL.toLocaleString('en-US')} unauthenticated calls from one address in ${Math.ceil(seconds)} s`,
    value: created,
    unit: 'payloads',
    baseline: null,
    goal: { judged: 'value', atMost: allowed },
  },
  {
    name: 'RSS growth after the flood (after GC)',
    value: (after - before) / 1048576,
    unit: 'MB',
    baseline: null,
    goal: { judged: 'value', atMost: 20 },
  },
])
