import { Wallet } from 'xrpl'
import { latenciesOf, percentile, wallNow } from './arrival-latencies'
import { forkBenchChild, nextMessage } from './bench-child'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'
import type { StreamArrivals, StreamConnectRequest } from './ledger-stream-clients'

// docs/protocol.md §8.6 streams: 1,000 node sockets, each subscribed to the `ledger` stream and
// to an account of its own (clients in another process): server memory per socket (after forced
// GC, goal ≤ 10 KB) and, over 50 closes, p99 from the close to each socket's ledgerClosed
// (goal ≤ 50 ms).
const gc = ensureGc()
const SOCKETS = quick ? 100 : 1_000
const CLOSES = quick ? 5 : 50

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const { ledger } = server.platform
const accounts = Array.from({ length: SOCKETS }, () => Wallet.generate().classicAddress)
for (const account of accounts) ledger.fund(account, 10_000_000n, ['TESTNET'])
const clients = forkBenchChild('./ledger-stream-clients.ts')
await nextMessage(clients, 'ready')
const before = settledMemory(gc)
clients.send({
  type: 'connect',
  url: `${endpoints.api.replace(/^http/, 'ws')}/ledger/TESTNET`,
  accounts,
  parallel: 100,
} satisfies StreamConnectRequest)
await nextMessage(clients, 'connected')
const after = settledMemory(gc)

// One close first, not timed: it hashes the setup's 1,000 funded accounts into the state tree
// (a ledger's first close after a bulk funding) and compiles the publish path; the closes timed
// below are a running node's, each with an empty ledger.
ledger.close('TESTNET')
await new Promise((resolve) => setTimeout(resolve, 100))
const closedAt = new Map<number, number>()
for (let i = 0; i < CLOSES; i++) {
  closedAt.set(ledger.latestClosedIndex('TESTNET') + 1, wallNow())
  ledger.close('TESTNET')
  await new Promise((resolve) => setTimeout(resolve, 100))
}
await new Promise((resolve) => setTimeout(resolve, 500))
clients.send({ type: 'report' })
const { arrivals } = await nextMessage<StreamArrivals>(clients, 'arrivals')
const latencies = latenciesOf(arrivals, closedAt)
clients.send({ type: 'close' })
await nextMessage(clients, 'closed')
clients.disconnect()
await server.close()

report('ledger streams', [
  {
    name: `server RSS per node socket subscribed to ledger and an account, ${SOCKETS} sockets`,
    value: (after.rss - before.rss) / SOCKETS / 1024,
    unit: 'KB',
    baseline: null,
    goal: { judged: 'value', atMost: 10 },
  },
  {
    name: `p99 close → ledgerClosed on every socket (${latencies.length} of ${SOCKETS * CLOSES} arrived; p50 ${percentile(latencies, 0.5).toFixed(1)} ms)`,
    value: percentile(latencies, 0.99),
    unit: 'ms',
    baseline: null,
    goal: { judged: 'value', atMost: 50 },
  },
])
