import { quick, report } from './bench-report'
import {
  cpuRateLine,
  heapAfterGc,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// docs/protocol.md §8.7, issue 33: NFTokenMints applied per second by the simulated ledger on one
// network (decode, signature check, the issuer's serial, NFTokenPage insert and split, metadata),
// goal ≥ 2,000/s, against decoding and verifying the same blobs alone; and the heap each minted
// token costs once stored (its share of an NFTokenPage, the page objects, the transactions the
// ledger keeps), measured with a full GC before and after.
const NETWORK = 'TESTNET'
const MINTS = quick ? 200 : 20_000

const { server, ledger, keyOf, sequenceOf, signed, timed } = await ledgerBench(NETWORK)
const key = keyOf('Bench minter', 1_000_000_000_000n)

const first = sequenceOf(key.address)
const blobs = Array.from({ length: MINTS }, (_, i) =>
  signed(
    key,
    {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: i % 16,
      Flags: 8,
      TransferFee: 250,
      URI: '697066733A2F2F62616679',
    },
    first + i,
  ),
)

const heapBefore = heapAfterGc()
const minting = timed(blobs)
ledger.close(NETWORK)
const bytesPerToken = (heapAfterGc() - heapBefore) / MINTS
const held = ledger.account(NETWORK, key.address)?.ownerCount ?? 0

// Baseline: only decoding and verifying the same blobs.
const verifying = verifyTimed(blobs)

await server.close()

report('ledger-nfts', [
  {
    name: `NFTokenMint by one account, one network, ${MINTS} applied (${held} NFTokenPages)`,
    value: MINTS / minting.wall,
    unit: 'mints/s',
    baseline: verifyBaseline(MINTS / verifying.wall),
    goal: { judged: 'value', atLeast: 2000 },
  },
  cpuRateLine(
    'the same mints per second of CPU time (process.cpuUsage), for the reader',
    'mints/CPU-s',
    MINTS / minting.cpu,
    { value: MINTS / verifying.cpu, unit: '/CPU-s' },
  ),
  {
    name: 'heap per minted token after a full GC (its page share, and the kept transactions)',
    value: bytesPerToken,
    unit: 'bytes',
    baseline: null,
    goal: null,
  },
])
