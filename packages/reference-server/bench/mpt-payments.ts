import { decodeAccountID } from 'ripple-address-codec'
import { quick, report } from './bench-report'
import {
  type BenchKey,
  cpuRateLine,
  ledgerBench,
  verifyBaseline,
  verifyTimed,
} from './ledger-bench-setup'

// docs/protocol.md §8.18 on one network: Multi-Purpose Token payments applied per second by the
// simulated ledger (decode, signature check, both holders' authorization, the lock checks, the
// transfer fee burned, two MPTokens and the issuance updated, balance record), goal ≥ 2,000/s,
// against decoding and verifying the same blobs in the same run.
const NETWORK = 'TESTNET'
const PAYMENTS = quick ? 200 : 20_000

const { server, keyOf, sequenceOf, signed, submit, timed } = await ledgerBench(NETWORK)

const issuer = keyOf('Bench MPT issuer')
const holders = [keyOf('Bench MPT holder A'), keyOf('Bench MPT holder B')]
// rippled Indexes.cpp makeMptID: the create's Sequence, then the issuer's AccountID.
const issuerId = Buffer.from(decodeAccountID(issuer.address)).toString('hex')
const mptId = `${sequenceOf(issuer.address).toString(16).padStart(8, '0')}${issuerId}`.toUpperCase()
const mpt = (value: string) => ({ mpt_issuance_id: mptId, value })
// Transferable and lockable, a 1 % transfer fee.
submit(signed(issuer, { TransactionType: 'MPTokenIssuanceCreate', Flags: 0x22, TransferFee: 1000 }))
for (const holder of holders) {
  submit(signed(holder, { TransactionType: 'MPTokenAuthorize', MPTokenIssuanceID: mptId }))
  submit(
    signed(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: mpt('1000000000'),
    }),
  )
}

// Pre-signed: holders pay each other 100 units, 101 with the fee, alternating.
const blobs: string[] = []
const next = holders.map((h) => sequenceOf(h.address))
for (let i = 0; i < PAYMENTS; i++) {
  const from = i % 2
  const sequence = next[from] ?? 0
  next[from] = sequence + 1
  blobs.push(
    signed(
      holders[from] as BenchKey,
      {
        TransactionType: 'Payment',
        Destination: holders[1 - from]?.address,
        Amount: mpt('100'),
        SendMax: mpt('101'),
      },
      sequence,
    ),
  )
}
// Applied, a ledger closed every 1,000: wall and CPU seconds.
const paying = timed(blobs)
// Baseline: only decoding and verifying the same blobs.
const verifying = verifyTimed(blobs)

await server.close()

report('mpt-payments', [
  {
    name: `MPT payments holder to holder with a 1 % transfer fee, one network, ${PAYMENTS} applied`,
    value: PAYMENTS / paying.wall,
    unit: 'payments/s',
    baseline: verifyBaseline(PAYMENTS / verifying.wall),
    goal: { judged: 'value', atLeast: 2000 },
  },
  cpuRateLine(
    'the same payments per second of CPU time (process.cpuUsage), for the reader',
    'payments/CPU-s',
    PAYMENTS / paying.cpu,
    { value: PAYMENTS / verifying.cpu, unit: '/CPU-s' },
  ),
])
