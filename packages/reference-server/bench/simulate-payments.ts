import { ammBench, BENCH_FUNDS } from './amm-bench-setup'
import { quick, report } from './bench-report'
import { cpuSeconds, ledgerBench } from './ledger-bench-setup'

// Issue 43 §5, docs/protocol.md §8.14: the node's `simulate` of an issued Payment (1.25 USD holder
// to holder through the gateway), one call at a time through the JSON-RPC route in-process
// (`POST /ledger/TESTNET` on the fetch handler): the unsigned tx_json autofilled, encoded and
// applied to a throw-away copy of the open ledger, metadata answered; goal ≥ 2,000/s, against
// `account_info` of the same account over the same route (what the route alone costs).
const NETWORK = 'TESTNET'
const CALLS = quick ? 200 : 10_000

const bench = await ledgerBench(NETWORK)
const { server, ledger, keyOf, rpc } = bench
const { token, hold } = ammBench(bench)
const payer = keyOf('Bench payer', BENCH_FUNDS)
const payee = keyOf('Bench payee', BENCH_FUNDS)
hold(payer, ['USD'], '1000000')
hold(payee, ['USD'], '1000000')
ledger.close(NETWORK)

const simulate = {
  tx_json: {
    TransactionType: 'Payment',
    Account: payer.address,
    Destination: payee.address,
    Amount: token('USD', '1.25'),
  },
}
const accountInfo = { account: payer.address }

// `count` calls one after another: wall and CPU seconds.
const timedCalls = async (method: string, params: Record<string, unknown>, count: number) => {
  const start = performance.now()
  const cpu = cpuSeconds()
  for (let i = 0; i < count; i++) {
    const result = await rpc(method, params)
    if (method === 'simulate' && result.engine_result !== 'tesSUCCESS') {
      throw new Error(`simulate answered ${String(result.engine_result)}`)
    }
  }
  return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu }
}
const sequence = ledger.account(NETWORK, payer.address)?.sequence
// Warm-up of both, then simulate and the baseline in turn, half each time: a change in the shared
// machine's load falls on both.
await timedCalls('simulate', simulate, CALLS / 10)
await timedCalls('account_info', accountInfo, CALLS / 10)
let simulating = { wall: 0, cpu: 0 }
let baseline = { wall: 0, cpu: 0 }
for (let half = 0; half < 2; half++) {
  const s = await timedCalls('simulate', simulate, CALLS / 2)
  const b = await timedCalls('account_info', accountInfo, CALLS / 2)
  simulating = { wall: simulating.wall + s.wall, cpu: simulating.cpu + s.cpu }
  baseline = { wall: baseline.wall + b.wall, cpu: baseline.cpu + b.cpu }
}
// Simulated, never applied: the payer's sequence has not moved.
if (ledger.account(NETWORK, payer.address)?.sequence !== sequence) {
  throw new Error('simulate changed the ledger')
}

await server.close()

report('simulate-payments', [
  {
    name: `simulate of an issued Payment over the node's JSON-RPC route in-process, one at a time, ${CALLS} calls`,
    value: CALLS / simulating.wall,
    unit: 'calls/s',
    baseline: {
      name: 'account_info of the same account over the same route',
      value: CALLS / baseline.wall,
      unit: 'calls/s',
    },
    goal: { judged: 'value', atLeast: 2000 },
  },
  {
    name: 'the same calls per second of CPU time (process.cpuUsage), for the reader',
    value: CALLS / simulating.cpu,
    unit: 'calls/CPU-s',
    baseline: {
      name: 'account_info per second of CPU time',
      value: CALLS / baseline.cpu,
      unit: 'calls/CPU-s',
    },
    goal: null,
  },
])
