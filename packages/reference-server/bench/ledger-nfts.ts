import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import type { Platform } from '../src/create-platform'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// docs/protocol.md §8.7, issue 33: NFTokenMints applied per second by the simulated ledger on one
// network (decode, signature check, the issuer's serial, NFTokenPage insert and split, metadata),
// goal ≥ 2,000/s, against decoding and verifying the same blobs alone; and the heap each minted
// token costs once stored (its share of an NFTokenPage, the page objects, the transactions the
// ledger keeps), measured with a full GC before and after.
const NETWORK = 'TESTNET'
const MINTS = quick ? 200 : 20_000
const CLOSE_EVERY = 1_000

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const platform: Platform = server.platform
const { ledger } = platform

const user = platform.users.create({ name: 'Bench minter', accounts: 1 })
const key = user.accounts[0]
if (!key) throw new Error('the minter has no account')
ledger.fund(key.address, 1_000_000_000_000n, [NETWORK])

const first = ledger.account(NETWORK, key.address)?.sequence ?? 0
const blobs: string[] = []
for (let i = 0; i < MINTS; i++) {
  const tx = {
    TransactionType: 'NFTokenMint',
    Account: key.address,
    Fee: '12',
    Sequence: first + i,
    NFTokenTaxon: i % 16,
    Flags: 8,
    TransferFee: 250,
    URI: '697066733A2F2F62616679',
    SigningPubKey: key.publicKey,
  }
  blobs.push(encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), key.privateKey) }))
}

// CPU seconds of this process next to wall time: others' load on a shared machine moves the wall
// time much more than the CPU time.
const cpuSeconds = () => {
  const { user: u, system } = process.cpuUsage()
  return (u + system) / 1e6
}
const heapAfterGc = () => {
  globalThis.gc?.()
  return process.memoryUsage().heapUsed
}

const heapBefore = heapAfterGc()
let start = performance.now()
let cpuStart = cpuSeconds()
for (const [index, blob] of blobs.entries()) {
  const { engine_result } = ledger.submit(NETWORK, blob)
  if (engine_result !== 'tesSUCCESS') throw new Error(`mint ${index} answered ${engine_result}`)
  if (index % CLOSE_EVERY === CLOSE_EVERY - 1) ledger.close(NETWORK)
}
const mintsPerSecond = MINTS / ((performance.now() - start) / 1000)
const mintsPerCpuSecond = MINTS / (cpuSeconds() - cpuStart)
ledger.close(NETWORK)
const bytesPerToken = (heapAfterGc() - heapBefore) / MINTS
const held = ledger.account(NETWORK, key.address)?.ownerCount ?? 0

// Baseline: only decoding and verifying the same blobs.
start = performance.now()
cpuStart = cpuSeconds()
for (const blob of blobs) {
  const { TxnSignature, ...tx } = decode(blob)
  if (!verify(encodeForSigning(tx), String(TxnSignature), String(tx.SigningPubKey))) {
    throw new Error('signature does not verify')
  }
}
const verifyPerSecond = MINTS / ((performance.now() - start) / 1000)
const verifyPerCpuSecond = MINTS / (cpuSeconds() - cpuStart)

await server.close()

report('ledger-nfts', [
  {
    name: `NFTokenMint by one account, one network, ${MINTS} applied (${held} NFTokenPages)`,
    value: mintsPerSecond,
    unit: 'mints/s',
    baseline: {
      name: 'decode + verify of the same blobs alone',
      value: verifyPerSecond,
      unit: '/s',
    },
    goal: { judged: 'value', atLeast: 2000 },
  },
  {
    name: 'the same mints per second of CPU time (process.cpuUsage), for the reader',
    value: mintsPerCpuSecond,
    unit: 'mints/CPU-s',
    baseline: {
      name: 'decode + verify per second of CPU time',
      value: verifyPerCpuSecond,
      unit: '/CPU-s',
    },
    goal: null,
  },
  {
    name: 'heap per minted token after a full GC (its page share, and the kept transactions)',
    value: bytesPerToken,
    unit: 'bytes',
    baseline: null,
    goal: null,
  },
])
