import { latenciesOf, percentile, wallNow } from './arrival-latencies'
import { forkBenchChild, nextMessage } from './bench-child'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'
import type { ArrivalReport, ConnectRequest } from './socket-clients'

// 10,000 concurrent payload sockets: server memory per idle socket ≤ 10 KB (clients in
// another process, after forced GC), and p99 from resolution to message ≤ 100 ms under 200
// resolutions per second.
const gc = ensureGc()
const SOCKETS = quick ? 200 : 10_000
const RESOLUTIONS_PER_SECOND = 200
const RESOLUTIONS = quick ? 50 : 2_000
const PARALLEL_HANDSHAKES = 200

const clients = forkBenchChild('./socket-clients.ts')
await nextMessage(clients, 'ready')

const connectAll = async (urls: string[]) => {
  clients.send({ type: 'connect', urls, parallel: PARALLEL_HANDSHAKES } satisfies ConnectRequest)
  await nextMessage(clients, 'connected')
}
const closeAll = async () => {
  clients.send({ type: 'close' })
  await nextMessage(clients, 'closed')
}
const perSocket = (before: { heapUsed: number; rss: number }) => {
  const after = settledMemory(gc)
  return {
    heap: (after.heapUsed - before.heapUsed) / SOCKETS,
    rss: (after.rss - before.rss) / SOCKETS,
  }
}

// The reference server: one payload per socket, created before the memory baseline is taken.
const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const { platform } = server
const [app] = platform.applications.list()
const [alice] = platform.users.list()
if (!app || !alice) throw new Error('the demo fixtures should hold an application and Alice')
const uuids = Array.from(
  { length: SOCKETS },
  () => platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } }).uuid,
)
const before = settledMemory(gc)
await connectAll(uuids.map((uuid) => `${endpoints.api.replace(/^http/, 'ws')}/sign/${uuid}`))
const cost = perSocket(before)

// Resolutions at a steady rate, each timed from just before the wallet signs (so signing counts
// against us) to the resolve message's arrival in the client process.
const started = new Map<string, number>()
const interval = 1000 / RESOLUTIONS_PER_SECOND
const t0 = performance.now()
for (let i = 0; i < RESOLUTIONS; i++) {
  const due = t0 + i * interval
  const wait = due - performance.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  const uuid = uuids[i]
  if (!uuid) break
  started.set(uuid, wallNow())
  await platform.wallet.sign(uuid, { user: alice.uuid })
}
const achievedRate = RESOLUTIONS / ((performance.now() - t0) / 1000)
await new Promise((resolve) => setTimeout(resolve, 500))
clients.send({ type: 'report' })
const { arrivals } = await nextMessage<ArrivalReport>(clients, 'arrivals')
const latencies = latenciesOf(arrivals, started)
if (latencies.length !== RESOLUTIONS) {
  throw new Error(`expected ${RESOLUTIONS} resolve messages, got ${latencies.length}`)
}
await closeAll()
await server.close()

// Baseline, same run, in a fresh process of its own (bare-ws-server.ts): a bare `ws` server
// holding as many sockets, each sent one welcome frame.
const bare = forkBenchChild('./bare-ws-server.ts', { exposeGc: true })
const { port: barePort } = await nextMessage<{ port: number }>(bare, 'ready')
await connectAll(Array.from({ length: SOCKETS }, (_, i) => `ws://127.0.0.1:${barePort}/sign/${i}`))
bare.send({ type: 'measure' })
const bareMeasured = await nextMessage<{ heap: number; rss: number }>(bare, 'measured')
const bareCost = { heap: bareMeasured.heap / SOCKETS, rss: bareMeasured.rss / SOCKETS }
await closeAll()
bare.disconnect()
clients.disconnect()

const kb = (bytes: number) => bytes / 1024
report('payload-sockets', [
  {
    name: `server heap per idle payload socket, ${SOCKETS.toLocaleString('en-US')} sockets`,
    value: kb(cost.heap),
    unit: 'KB',
    baseline: { name: 'bare ws server heap per socket', value: kb(bareCost.heap), unit: 'KB' },
    goal: { judged: 'value', atMost: 10 },
  },
  {
    name: `server RSS per idle payload socket, ${SOCKETS.toLocaleString('en-US')} sockets`,
    value: kb(cost.rss),
    unit: 'KB',
    baseline: { name: 'bare ws server RSS per socket', value: kb(bareCost.rss), unit: 'KB' },
    goal: { judged: 'value', atMost: 10 },
  },
  {
    name: `p99 resolution → resolve message, ${RESOLUTIONS} resolutions at ${achievedRate.toFixed(0)}/s among ${SOCKETS.toLocaleString('en-US')} sockets (p50 ${percentile(latencies, 0.5).toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms)`,
    value: percentile(latencies, 0.99),
    unit: 'ms',
    baseline: null,
    goal: { judged: 'value', atMost: 100 },
  },
])
