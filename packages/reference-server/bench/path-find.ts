import { ammBench, BENCH_FUNDS } from './amm-bench-setup'
import { percentile } from './arrival-latencies'
import { quick, report } from './bench-report'
import { cpuSeconds, ledgerBench } from './ledger-bench-setup'

// Issue 43 §5, docs/protocol.md §8.14: the node's `ripple_path_find` over 50 books and 20 AMMs,
// one request at a time through the JSON-RPC route in-process (`POST /ledger/TESTNET` on the fetch
// handler). A payer holding USD asks how to deliver 10 EUR; there is no USD/EUR book, and 25
// currencies stand between: a book USD→Cn and a book Cn→EUR for each (4 offers each), and beside
// the books of ten of them a USD/Cn and a Cn/EUR pool. Each answer is the path search of
// rippled's Pathfinder (every book and pool one hop deep, each candidate's flow); goal: p99 ≤ 20
// ms, against the p99 of `account_info` over the same route (what the route alone costs).
const NETWORK = 'TESTNET'
const BRIDGES = 25
const POOLED = 10
const OFFERS_PER_BOOK = 4
const REQUESTS = quick ? 20 : 1_000

const bench = await ledgerBench(NETWORK)
const { server, ledger, keyOf, rpc } = bench
const { token, trust, hold, apply, createAmm } = ammBench(bench)

const bridges = Array.from({ length: BRIDGES }, (_, i) => `C${String(i + 1).padStart(2, '0')}`)
const maker = keyOf('Bench market maker', BENCH_FUNDS)
hold(maker, ['USD', 'EUR', ...bridges], '100000000')
for (const bridge of bridges) {
  // The maker sells 10 of the bridge currency for USD, and 10 EUR for it, at 1.00 to 1.03.
  for (let k = 0; k < OFFERS_PER_BOOK; k++) {
    const price = String(10 + k / 10)
    apply(maker, {
      TransactionType: 'OfferCreate',
      TakerPays: token('USD', price),
      TakerGets: token(bridge, '10'),
    })
    apply(maker, {
      TransactionType: 'OfferCreate',
      TakerPays: token(bridge, price),
      TakerGets: token('EUR', '10'),
    })
  }
}
for (const bridge of bridges.slice(0, POOLED)) {
  createAmm(maker, token('USD', '10000'), token(bridge, '10000'))
  createAmm(maker, token(bridge, '10000'), token('EUR', '10000'))
}
const payer = keyOf('Bench payer', BENCH_FUNDS)
hold(payer, ['USD'], '1000000')
const shop = keyOf('Bench shop', BENCH_FUNDS)
trust(shop, ['EUR'])
ledger.close(NETWORK)

const pathFind = {
  source_account: payer.address,
  destination_account: shop.address,
  destination_amount: token('EUR', '10'),
}
const accountInfo = { account: payer.address }
// The payer can pay with XRP (the simulator's market, docs/protocol.md §8.5) or USD: the USD
// answer must go through the bridges.
const first = await rpc('ripple_path_find', pathFind)
const alternatives = first.alternatives as { paths_computed: unknown[]; source_amount: unknown }[]
const paidInUsd = alternatives.find((each) => typeof each.source_amount === 'object')
if (!paidInUsd || paidInUsd.paths_computed.length === 0) {
  throw new Error(`ripple_path_find found no USD path: ${JSON.stringify(first)}`)
}

// Each call's milliseconds, in turns of 100 with the baseline's: a change in the shared machine's
// load falls on both.
const latencies = { pathFind: [] as number[], accountInfo: [] as number[] }
const cpu = { pathFind: 0, accountInfo: 0 }
const timedCall = async (method: string, params: Record<string, unknown>, into: number[]) => {
  const start = performance.now()
  await rpc(method, params)
  into.push(performance.now() - start)
}
// `count` calls, adding their CPU seconds to `cpu[which]`.
const timedCalls = async (
  which: keyof typeof cpu,
  method: string,
  params: Record<string, unknown>,
  count: number,
) => {
  const started = cpuSeconds()
  for (let i = 0; i < count; i++) await timedCall(method, params, latencies[which])
  cpu[which] += cpuSeconds() - started
}
for (let turn = 0; turn < REQUESTS; turn += 100) {
  const count = Math.min(100, REQUESTS - turn)
  await timedCalls('pathFind', 'ripple_path_find', pathFind, count)
  await timedCalls('accountInfo', 'account_info', accountInfo, count)
}
const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
const found = sorted(latencies.pathFind)
const baseline = sorted(latencies.accountInfo)

await server.close()

report('path-find', [
  {
    name: `ripple_path_find USD → 10 EUR over ${2 * BRIDGES} books and ${2 * POOLED} AMMs, one at a time over the node's JSON-RPC route in-process, p99 of ${REQUESTS} (p50 ${percentile(found, 0.5).toFixed(2)} ms; ${alternatives.length} alternatives, ${paidInUsd.paths_computed.length} paths in USD)`,
    value: percentile(found, 0.99),
    unit: 'ms',
    baseline: {
      name: 'p99 of account_info over the same route',
      value: percentile(baseline, 0.99),
      unit: 'ms',
    },
    goal: { judged: 'value', atMost: 20 },
  },
  {
    name: 'CPU per ripple_path_find (process.cpuUsage, mean), for the reader: the wall p99 moves with the machine’s load',
    value: (cpu.pathFind / REQUESTS) * 1000,
    unit: 'ms',
    baseline: {
      name: 'CPU per account_info',
      value: (cpu.accountInfo / REQUESTS) * 1000,
      unit: 'ms',
    },
    goal: null,
  },
])
