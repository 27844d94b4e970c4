import { ammBench, BENCH_FUNDS } from './amm-bench-setup'
import { quick, report } from './bench-report'
import {
  type BenchKey,
  cpuRateLine,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// Issue 43 §5 on one network: Payments crossing a book of 10,000 resting offers with an AMM
// beside it (rippled BookStep.cpp: the pool's offer sized to the book's best quality, then the
// book's offers, AMMLiquidity.cpp). Each Payment delivers 1 USD to a shop for at most 1.2 XRP on
// the default path (the XRP/USD book and pool): applied, a ledger closed every 1,000; goal ≥ 800/s.
const NETWORK = 'TESTNET'
const RESTING = quick ? 200 : 10_000
const MAKERS = 10
const PAYMENTS = quick ? 100 : 5_000
const PAYERS = 4

const bench = await ledgerBench(NETWORK)
const { server, ledger, keyOf, nextSequence, signed, submit, timed, rpc } = bench
const { token, trust, hold, createAmm } = ammBench(bench)

const makers = Array.from({ length: MAKERS }, (_, i) => keyOf(`Bench maker ${i}`, BENCH_FUNDS))
for (const maker of makers) hold(maker, ['USD'], '1000000')
const provider = keyOf('Bench liquidity provider', BENCH_FUNDS)
hold(provider, ['USD'], '1000000')
// The pool starts at 1 XRP per USD, below the book: the first payments move it up to the book.
createAmm(provider, '10000000000', token('USD', '10000'))
const shop = keyOf('Bench shop', BENCH_FUNDS)
trust(shop, ['USD'])
const payers = Array.from({ length: PAYERS }, (_, i) => keyOf(`Bench payer ${i}`, BENCH_FUNDS))

// Each resting offer sells 1 USD for 1.000 to 1.099 XRP: 100 qualities, oldest first within each.
for (let i = 0; i < RESTING; i++) {
  const maker = makers[i % MAKERS] as BenchKey
  const price = 1_000_000 + (i % 100) * 1_000
  submit(
    signed(
      maker,
      { TransactionType: 'OfferCreate', TakerPays: String(price), TakerGets: token('USD', '1') },
      nextSequence(maker),
    ),
  )
}
ledger.close(NETWORK)

// Pre-signed: the payers pay the shop 1 USD each in turn, for at most 1.2 XRP.
const blobs = Array.from({ length: PAYMENTS }, (_, i) => {
  const payer = payers[i % PAYERS] as BenchKey
  return signed(
    payer,
    {
      TransactionType: 'Payment',
      Destination: shop.address,
      Amount: token('USD', '1'),
      SendMax: '1200000',
    },
    nextSequence(payer),
  )
})
// What the pool holds of USD, by the node's `amm_info`.
const poolUsd = async () => {
  const { amm } = await rpc('amm_info', {
    asset: { currency: 'XRP' },
    asset2: { currency: 'USD', issuer: token('USD', '0').issuer },
  })
  return Number((amm as { amount2: { value: string } }).amount2.value)
}
const poolBefore = await poolUsd()
const paying = timed(blobs)
const fromPool = poolBefore - (await poolUsd())
const left = ledger.bookOffers(NETWORK, {
  takerGets: { currency: 'USD', issuer: token('USD', '0').issuer },
  takerPays: { currency: 'XRP', issuer: null },
  limit: 1,
})
if (left.offers.length === 0) throw new Error('the book ran dry')
// Baseline: only decoding and verifying the same blobs.
const verifying = verifyTimed(blobs)

await server.close()

report('amm-book-payments', [
  {
    name: `Payments of 1 USD for XRP crossing ${RESTING.toLocaleString('en-US')} resting offers and an XRP/USD pool, one network, ${PAYMENTS} applied`,
    value: PAYMENTS / paying.wall,
    unit: 'payments/s',
    baseline: verifyBaseline(PAYMENTS / verifying.wall),
    goal: { judged: 'value', atLeast: 800 },
  },
  cpuRateLine(
    'the same payments per second of CPU time (process.cpuUsage), for the reader',
    'payments/CPU-s',
    PAYMENTS / paying.cpu,
    { value: PAYMENTS / verifying.cpu, unit: '/CPU-s' },
  ),
  {
    name: 'of the USD delivered, what the pool gave (the rest came from the book)',
    value: fromPool,
    unit: 'USD',
    baseline: { name: 'USD delivered', value: PAYMENTS, unit: 'USD' },
    goal: null,
  },
])
