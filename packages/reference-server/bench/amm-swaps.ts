import { ammBench, BENCH_FUNDS } from './amm-bench-setup'
import { quick, report } from './bench-report'
import {
  type BenchKey,
  cpuRateLine,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// Issue 43 §5 on one network: swaps through a pool of two issued assets (a USD/EUR AMM, no
// book), each a self-Payment of 1 EUR with SendMax 1.02 USD (or back) on the default path, which
// between two issued currencies is the direct book alone and so the pool (rippled
// PaySteps.cpp toStrands, BookStep.cpp, AMMLiquidity.cpp): submitted, signatures checked, a ledger
// closed every 1,000 and after the last, every one validated; goal ≥ 1,000/s.
const NETWORK = 'TESTNET'
const SWAPS = quick ? 200 : 20_000
const SWAPPERS = 4

const bench = await ledgerBench(NETWORK, { ledgerHistory: SWAPS + 1000 })
const { server, ledger, keyOf, nextSequence, signed, timed, validatedCount } = bench
const { token, hold, createAmm } = ammBench(bench)

const provider = keyOf('Bench liquidity provider', BENCH_FUNDS)
hold(provider, ['USD', 'EUR'], '100000000')
createAmm(provider, token('USD', '10000000'), token('EUR', '10000000'))
const swappers = Array.from({ length: SWAPPERS }, (_, i) =>
  keyOf(`Bench swapper ${i}`, BENCH_FUNDS),
)
for (const swapper of swappers) hold(swapper, ['USD', 'EUR'], '1000000')
ledger.close(NETWORK)

// Pre-signed: each swapper buys 1 EUR with USD, then 1 USD with EUR, in turn: the pool stays
// balanced.
const blobs = Array.from({ length: SWAPS }, (_, i) => {
  const swapper = swappers[i % SWAPPERS] as BenchKey
  const [buy, pay] = Math.floor(i / SWAPPERS) % 2 === 0 ? ['EUR', 'USD'] : ['USD', 'EUR']
  return signed(
    swapper,
    {
      TransactionType: 'Payment',
      Destination: swapper.address,
      Amount: token(buy as string, '1'),
      SendMax: token(pay as string, '1.02'),
    },
    nextSequence(swapper),
  )
})
const swapping = timed(blobs, { validated: true })
const validated = validatedCount(blobs)
if (validated !== SWAPS)
  throw new Error(`${SWAPS - validated} swaps were not validated with tesSUCCESS`)
// Baseline: only decoding and verifying the same blobs.
const verifying = verifyTimed(blobs)

await server.close()

report('amm-swaps', [
  {
    name: `swaps through a USD/EUR pool (self-Payments on the default path), one network, ${SWAPS} validated`,
    value: SWAPS / swapping.wall,
    unit: 'swaps/s',
    baseline: verifyBaseline(SWAPS / verifying.wall),
    goal: { judged: 'value', atLeast: 1000 },
  },
  cpuRateLine(
    'the same swaps per second of CPU time (process.cpuUsage), for the reader',
    'swaps/CPU-s',
    SWAPS / swapping.cpu,
    { value: SWAPS / verifying.cpu, unit: '/CPU-s' },
  ),
])
