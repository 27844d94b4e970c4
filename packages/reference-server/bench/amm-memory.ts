import { randomBytes } from 'node:crypto'
import { encodeAccountID } from 'ripple-address-codec'
import { ammBench, BENCH_FUNDS } from './amm-bench-setup'
import { quick, report } from './bench-report'
import { ensureGc, settledMemory } from './gc-process'
import { ledgerBench } from './ledger-bench-setup'

// Issue 43 §5: heap per AMM, goal ≤ 4 KB. One provider trusts the gateway for N currencies and
// holds 1,000 of each (the baseline: the same accounts and trust lines, no AMM), then creates an
// XRP/currency pool of each: the AMM entry, its pseudo-account, its trust line and the
// provider's LP-token line, their directory entries and state-tree leaves. Retained heap after a
// full GC at each reading, the history of transactions holding the same no-op AccountSets at both
// (what a pool costs for as long as it lives, not its AMMCreate's record while it is recent).
const NETWORK = 'TESTNET'
const AMMS = quick ? 20 : 1_000
// The history kept (transactions): before each reading, as many AccountSets as twice this fill it.
const HISTORY = 100
const WARM_UP = 50
// More lookups than the largest memo a lookup fills holds (keylets.ts: 8,192).
const MEMO_FILL = 10_000

const gc = ensureGc()
const bench = await ledgerBench(NETWORK, { ledgerHistory: HISTORY })
const { server, ledger, keyOf, nextSequence, signed, timed, rpc } = bench
const { gateway, token } = ammBench(bench)

const provider = keyOf('Bench liquidity provider', BENCH_FUNDS)
// Three-character codes A00, A01, … (base 36): never XRP. W00, W01, …: the warm-up's pools.
const code = (prefix: string, i: number) => `${prefix}${i.toString(36).padStart(2, '0')}`
const currencies = Array.from({ length: AMMS }, (_, i) => code('A', i))
const warmUp = Array.from({ length: WARM_UP }, (_, i) => code('W', i))
const providerBlob = (fields: Record<string, unknown>) =>
  signed(provider, fields, nextSequence(provider))
const ammFee = ledger.minimumFee(NETWORK, { TransactionType: 'AMMCreate' })
const creates = (codes: string[]) =>
  codes.map((currency) =>
    providerBlob({
      TransactionType: 'AMMCreate',
      Amount: '100000000',
      Amount2: token(currency, '100'),
      TradingFee: 500,
      Fee: ammFee,
    }),
  )
// Before each reading, the provider's no-op AccountSets fill the history: it holds the same
// transactions at both, whatever came before them.
const flush = () =>
  Array.from({ length: 2 * HISTORY }, () => providerBlob({ TransactionType: 'AccountSet' }))
// Every blob signed before the first reading, in the order they are submitted: the baseline's
// lines, and a few pools made before it so the code that makes one is compiled by then.
const setupBlobs = [
  ...[...currencies, ...warmUp].map((currency) =>
    providerBlob({ TransactionType: 'TrustSet', LimitAmount: token(currency, '1e15') }),
  ),
  ...[...currencies, ...warmUp].map((currency) =>
    signed(
      gateway,
      {
        TransactionType: 'Payment',
        Destination: provider.address,
        Amount: token(currency, '1000'),
      },
      nextSequence(gateway),
    ),
  ),
  ...creates(warmUp),
  ...flush(),
]
const createBlobs = [...creates(currencies), ...flush()]
const heapAfter = (blobs: string[]) => {
  timed(blobs, { validated: true })
  blobs.length = 0
  return settledMemory(gc).heapUsed
}

// The ledger's bounded memos of pure functions (keylets, AccountIDs: bench/README.md "Bounded
// caches") filled to their bounds first, by looking up accounts that do not exist: they hold as
// much at each reading, and a pool's share of them is not its own.
for (let i = 0; i < MEMO_FILL; i++) ledger.account(NETWORK, encodeAccountID(randomBytes(20)))
const start = settledMemory(gc).heapUsed
const baseline = heapAfter(setupBlobs)
const withPools = heapAfter(createBlobs)
// Every create succeeded (`timed` throws otherwise): the last pool is there.
await rpc('amm_info', {
  asset: { currency: 'XRP' },
  asset2: { currency: currencies.at(-1), issuer: gateway.address },
})

await server.close()

report('amm-memory', [
  {
    name: `heap per AMM after GC (XRP/token pools, ${AMMS} created by one provider, the history holding the same AccountSets at both readings)`,
    value: (withPools - baseline) / AMMS,
    unit: 'bytes',
    baseline: {
      name: `the same accounts and trust lines without the AMMs (and the ${WARM_UP} warm-up pools), per currency held`,
      value: (baseline - start) / (AMMS + WARM_UP),
      unit: 'bytes',
    },
    goal: { judged: 'value', atMost: 4096 },
  },
])
