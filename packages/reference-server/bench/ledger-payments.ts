import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import type { Platform } from '../src/create-platform'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// docs/protocol.md §8.5 on one network: issued-asset payments applied per second by the simulated
// ledger (decode, signature check, trust lines, rippling through a DefaultRipple issuer, balance
// record), goal ≥ 2,000/s; and the full Batch flow of §8.4 with 3 inner signers, in-process
// (3 inner payloads created and signed, the final payload created with their UUIDs, signed and
// applied): the median time of one flow.
const NETWORK = 'TESTNET'
const PAYMENTS = quick ? 200 : 20_000
const BATCH_FLOWS = quick ? 3 : 40

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const platform: Platform = server.platform
const { ledger } = platform

const keyOf = (name: string) => {
  const user = platform.users.create({ name, accounts: 1 })
  const key = user.accounts[0]
  if (!key) throw new Error(`${name} has no account`)
  return { user, key }
}
type Key = ReturnType<typeof keyOf>['key']

const signed = (key: Key, fields: Record<string, unknown>, sequence?: number) => {
  const tx = {
    Account: key.address,
    Fee: '12',
    Sequence: sequence ?? ledger.account(NETWORK, key.address)?.sequence,
    SigningPubKey: key.publicKey,
    ...fields,
  }
  return encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), key.privateKey) })
}
const submit = (blob: string) => {
  const { engine_result } = ledger.submit(NETWORK, blob)
  if (engine_result !== 'tesSUCCESS') throw new Error(`setup answered ${engine_result}`)
}

const issuer = keyOf('Bench issuer').key
const holders = [keyOf('Bench holder A').key, keyOf('Bench holder B').key]
const usd = (value: string) => ({ currency: 'USD', issuer: issuer.address, value })
submit(signed(issuer, { TransactionType: 'AccountSet', SetFlag: 8 }))
for (const holder of holders) {
  submit(signed(holder, { TransactionType: 'TrustSet', LimitAmount: usd('1000000000') }))
  submit(
    signed(issuer, {
      TransactionType: 'Payment',
      Destination: holder.address,
      Amount: usd('1000000'),
    }),
  )
}

// Pre-signed: holders pay each other 1.25 USD through the issuer, alternating.
const blobs: string[] = []
const next = holders.map((h) => ledger.account(NETWORK, h.address)?.sequence ?? 0)
for (let i = 0; i < PAYMENTS; i++) {
  const from = i % 2
  const to = holders[1 - from]?.address
  const sequence = next[from] ?? 0
  next[from] = sequence + 1
  blobs.push(
    signed(
      holders[from] as Key,
      { TransactionType: 'Payment', Destination: to, Amount: usd('1.25') },
      sequence,
    ),
  )
}
// CPU seconds of this process as well as wall time: on a shared machine the others' load moves
// the wall time of the two loops apart, and their CPU time much less.
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
let start = performance.now()
let cpuStart = cpuSeconds()
for (const [index, blob] of blobs.entries()) {
  submit(blob)
  if (index % 1000 === 999) ledger.close(NETWORK)
}
const paymentsPerSecond = PAYMENTS / ((performance.now() - start) / 1000)
const paymentsPerCpuSecond = PAYMENTS / (cpuSeconds() - cpuStart)

// Baseline: only decoding and verifying the same blobs.
start = performance.now()
cpuStart = cpuSeconds()
for (const blob of blobs) {
  const { TxnSignature, ...tx } = decode(blob)
  if (!verify(encodeForSigning(tx), String(TxnSignature), String(tx.SigningPubKey))) {
    throw new Error('signature does not verify')
  }
}
const verifyPerSecond = PAYMENTS / ((performance.now() - start) / 1000)
const verifyPerCpuSecond = PAYMENTS / (cpuSeconds() - cpuStart)

// The Batch flow with 3 inner signers.
const app = platform.applications.create({ name: 'Bench batch' })
const owner = keyOf('Batch owner')
const signers = [keyOf('Inner 1'), keyOf('Inner 2'), keyOf('Inner 3')]
const sequenceOf = (address: string) => ledger.account(NETWORK, address)?.sequence ?? 0
const batchFlow = async () => {
  const txjson = {
    TransactionType: 'Batch',
    Account: owner.key.address,
    Sequence: sequenceOf(owner.key.address),
    Flags: 65536,
    RawTransactions: signers.map(({ key }) => ({
      RawTransaction: {
        TransactionType: 'Payment',
        Account: key.address,
        Destination: owner.key.address,
        Amount: '1000',
        Fee: '0',
        SigningPubKey: '',
        Flags: 0x40000000,
        Sequence: sequenceOf(key.address),
      },
    })),
  }
  const uuids: string[] = []
  for (const { user, key } of signers) {
    const { uuid } = platform.payloads.create(app, {
      txjson,
      options: { submit: false, signer: key.address },
    })
    await platform.wallet.sign(uuid, { user: user.uuid, network: NETWORK })
    uuids.push(uuid)
  }
  const { uuid } = platform.payloads.create(app, { txjson: { ...txjson, BatchSigners: uuids } })
  const record = await platform.wallet.sign(uuid, { user: owner.user.uuid, network: NETWORK })
  if (record.response.dispatched_result !== 'tesSUCCESS') {
    throw new Error(`the Batch answered ${record.response.dispatched_result}`)
  }
}
const times: number[] = []
for (let i = 0; i < BATCH_FLOWS + 2; i++) {
  const begin = performance.now()
  await batchFlow()
  if (i >= 2) times.push(performance.now() - begin) // the first two warm up
}
times.sort((a, b) => a - b)
const median = times[Math.floor(times.length / 2)] ?? Number.NaN

await server.close()

report('ledger-payments', [
  {
    name: `issued payments holder to holder through a DefaultRipple issuer, one network, ${PAYMENTS} applied`,
    value: paymentsPerSecond,
    unit: 'payments/s',
    baseline: {
      name: 'decode + verify of the same blobs alone',
      value: verifyPerSecond,
      unit: '/s',
    },
    goal: { judged: 'value', atLeast: 2000 },
  },
  {
    name: 'the same payments per second of CPU time (process.cpuUsage), for the reader',
    value: paymentsPerCpuSecond,
    unit: 'payments/CPU-s',
    baseline: {
      name: 'decode + verify per second of CPU time',
      value: verifyPerCpuSecond,
      unit: '/CPU-s',
    },
    goal: null,
  },
  {
    name: `Batch flow with 3 inner signers in-process (4 payloads created and signed), median of ${times.length}`,
    value: median,
    unit: 'ms',
    baseline: null,
    goal: null,
  },
])
