import { quick, report } from './bench-report'
import {
  type BenchKey,
  cpuRateLine,
  heapAfterGc,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// docs/protocol.md §8.7 on one network: OfferCreate crossing a book of 10,000 resting offers
// (100 qualities of 100 offers, from 10 makers), goal ≥ 1,000 a second; the cost of each more
// offer crossed (takers that take 10 offers against takers that take 1); heap per resting offer.
const NETWORK = 'TESTNET'
const RESTING = quick ? 200 : 10_000
const MAKERS = 10
const SINGLE = quick ? 20 : 1_000
const MULTI = quick ? 5 : 100
const FUNDS = 10_000_000_000_000n // 10 million XRP each

const { server, ledger, keyOf, nextSequence, signed, submit, timed } = await ledgerBench(NETWORK)

const issuer = keyOf('Bench issuer', FUNDS)
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })
const makers = Array.from({ length: MAKERS }, (_, i) => keyOf(`Bench maker ${i}`, FUNDS))
const takers = [keyOf('Bench taker A', FUNDS), keyOf('Bench taker B', FUNDS)]
for (const holder of [...makers, ...takers]) {
  submit(
    signed(
      holder,
      { TransactionType: 'TrustSet', LimitAmount: usd('1000000000') },
      nextSequence(holder),
    ),
  )
  submit(
    signed(
      issuer,
      { TransactionType: 'Payment', Destination: holder.address, Amount: usd('1000000') },
      nextSequence(issuer),
    ),
  )
}

// Each resting offer sells 1 USD for 1.000 to 1.099 XRP: 100 qualities, oldest first within each.
const restingBlobs = Array.from({ length: RESTING }, (_, i) => {
  const maker = makers[i % MAKERS] as BenchKey
  const price = 1_000_000 + (i % 100) * 1_000
  return signed(
    maker,
    { TransactionType: 'OfferCreate', TakerPays: String(price), TakerGets: usd('1') },
    nextSequence(maker),
  )
})
ledger.close(NETWORK)
const heapBefore = heapAfterGc()
timed(restingBlobs)
ledger.close(NETWORK)
const bytesPerOffer = (heapAfterGc() - heapBefore) / RESTING
restingBlobs.length = 0

// Takers buy `size` USD at up to 1.2 XRP each: each takes `size` resting offers, best first.
const takerBlobs = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => {
    const taker = takers[i % takers.length] as BenchKey
    return signed(
      taker,
      {
        TransactionType: 'OfferCreate',
        TakerPays: usd(String(size)),
        TakerGets: String(1_200_000 * size),
      },
      nextSequence(taker),
    )
  })
const single = takerBlobs(SINGLE, 1)
const multi = takerBlobs(MULTI, 10)
const singleTime = timed(single)
const multiTime = timed(multi)
const left = ledger.bookOffers(NETWORK, {
  takerGets: { currency: 'USD', issuer: issuer.address },
  takerPays: { currency: 'XRP', issuer: null },
  limit: 1,
})
if (left.offers.length === 0) throw new Error('the book ran dry')

// Baseline: decoding and verifying the same single-offer blobs alone.
const verifyPerSecond = SINGLE / verifyTimed(single).wall
await server.close()

const perSingle = singleTime.wall / SINGLE
const perMulti = multiTime.wall / MULTI
report('ledger-offers', [
  {
    name: `OfferCreate taking the best of ${RESTING.toLocaleString('en-US')} resting offers (one crossed each), ${SINGLE} applied`,
    value: SINGLE / singleTime.wall,
    unit: 'offers/s',
    baseline: verifyBaseline(verifyPerSecond),
    goal: { judged: 'value', atLeast: 1000 },
  },
  cpuRateLine(
    'the same per second of CPU time (process.cpuUsage), for the reader',
    'offers/CPU-s',
    SINGLE / singleTime.cpu,
  ),
  {
    name: `cost of each more offer crossed (takers of 10 offers against takers of 1, ${MULTI} of 10)`,
    value: ((perMulti - perSingle) / 9) * 1e6,
    unit: 'µs/offer',
    baseline: { name: 'one OfferCreate crossing one offer', value: perSingle * 1e6, unit: 'µs' },
    goal: null,
  },
  {
    name: 'heap per resting offer after GC (Offer, its book and owner directory entries, the placing transaction within the history bound)',
    value: bytesPerOffer,
    unit: 'bytes',
    baseline: null,
    goal: null,
  },
])
