import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import type { Platform } from '../src/create-platform'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// docs/protocol.md §8.7 on one network: OfferCreate crossing a book of 10,000 resting offers
// (100 qualities of 100 offers, from 10 makers), goal ≥ 1,000 a second; the cost of each more
// offer crossed (takers that take 10 offers against takers that take 1); heap per resting offer.
const NETWORK = 'TESTNET'
const RESTING = quick ? 200 : 10_000
const MAKERS = 10
const SINGLE = quick ? 20 : 1_000
const MULTI = quick ? 5 : 100
const UNIT = 1_000_000n

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const platform: Platform = server.platform
const { ledger } = platform

const keyOf = (name: string) => {
  const key = platform.users.create({ name, accounts: 1 }).accounts[0]
  if (!key) throw new Error(`${name} has no account`)
  ledger.fund(key.address, 10_000_000n * UNIT, [NETWORK])
  return key
}
type Key = ReturnType<typeof keyOf>

const signed = (key: Key, fields: Record<string, unknown>, sequence: number) => {
  const tx = {
    Account: key.address,
    Fee: '12',
    Sequence: sequence,
    SigningPubKey: key.publicKey,
    ...fields,
  }
  return encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), key.privateKey) })
}
const sequences = new Map<string, number>()
const nextSequence = (key: Key) => {
  const sequence = sequences.get(key.address) ?? ledger.account(NETWORK, key.address)?.sequence ?? 0
  sequences.set(key.address, sequence + 1)
  return sequence
}
const submit = (blob: string) => {
  const { engine_result } = ledger.submit(NETWORK, blob)
  if (engine_result !== 'tesSUCCESS') throw new Error(`submit answered ${engine_result}`)
}

const issuer = keyOf('Bench issuer')
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })
const makers = Array.from({ length: MAKERS }, (_, i) => keyOf(`Bench maker ${i}`))
const takers = [keyOf('Bench taker A'), keyOf('Bench taker B')]
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
  const maker = makers[i % MAKERS] as Key
  const price = 1_000_000 + (i % 100) * 1_000
  return signed(
    maker,
    { TransactionType: 'OfferCreate', TakerPays: String(price), TakerGets: usd('1') },
    nextSequence(maker),
  )
})
const heapAfterGc = () => {
  globalThis.gc?.()
  globalThis.gc?.()
  return process.memoryUsage().heapUsed
}
ledger.close(NETWORK)
const heapBefore = heapAfterGc()
for (const [index, blob] of restingBlobs.entries()) {
  submit(blob)
  if (index % 1000 === 999) ledger.close(NETWORK)
}
ledger.close(NETWORK)
const bytesPerOffer = (heapAfterGc() - heapBefore) / RESTING
restingBlobs.length = 0

// Takers buy `size` USD at up to 1.2 XRP each: each takes `size` resting offers, best first.
const takerBlobs = (count: number, size: number) =>
  Array.from({ length: count }, (_, i) => {
    const taker = takers[i % takers.length] as Key
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
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
const timed = (blobs: string[]) => {
  const start = performance.now()
  const cpu = cpuSeconds()
  for (const [index, blob] of blobs.entries()) {
    submit(blob)
    if (index % 1000 === 999) ledger.close(NETWORK)
  }
  return { wall: (performance.now() - start) / 1000, cpu: cpuSeconds() - cpu }
}
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
const start = performance.now()
for (const blob of single) {
  const { TxnSignature, ...tx } = decode(blob)
  if (!verify(encodeForSigning(tx), String(TxnSignature), String(tx.SigningPubKey))) {
    throw new Error('signature does not verify')
  }
}
const verifyPerSecond = SINGLE / ((performance.now() - start) / 1000)
await server.close()

const perSingle = singleTime.wall / SINGLE
const perMulti = multiTime.wall / MULTI
report('ledger-offers', [
  {
    name: `OfferCreate taking the best of ${RESTING.toLocaleString('en-US')} resting offers (one crossed each), ${SINGLE} applied`,
    value: SINGLE / singleTime.wall,
    unit: 'offers/s',
    baseline: {
      name: 'decode + verify of the same blobs alone',
      value: verifyPerSecond,
      unit: '/s',
    },
    goal: { judged: 'value', atLeast: 1000 },
  },
  {
    name: 'the same per second of CPU time (process.cpuUsage), for the reader',
    value: SINGLE / singleTime.cpu,
    unit: 'offers/CPU-s',
    baseline: null,
    goal: null,
  },
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
