import type { AddressInfo } from 'node:net'
import WebSocket, { WebSocketServer } from 'ws'
import { Wallet } from 'xrpl'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// The ledger node of docs/protocol.md §8.6 over one socket:
// 1. `account_info` requests/s against a bare `ws` server answering a fixed JSON of the same size
//    (goal ≥ 0.5×), rounds alternating, the best of each kept;
// 2. payments signed by xrpl.js, submitted through the node and validated by ledgers closing
//    every 100 ms: payments/s from the first submit to the last validation (goal ≥ 1,000/s).
const REQUESTS = quick ? 500 : 20_000
const ROUNDS = quick ? 1 : 3
const IN_FLIGHT = 16
const PAYERS = quick ? 10 : 50
const PAYMENTS = quick ? 200 : 10_000

const createReferenceServer = await builtServer()
const server = createReferenceServer({
  rateLimits: false,
  ledgerCloseMs: 100,
  ledgerHistory: PAYMENTS + 100,
})
const endpoints = await server.listen(0)
const nodeUrl = `${endpoints.api.replace(/^http/, 'ws')}/ledger/TESTNET`
const { ledger } = server.platform
const account = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
ledger.fund(account, 1_000_000_000n, ['TESTNET'])

const connect = async (url: string) => {
  const socket = new WebSocket(url, { perMessageDeflate: false })
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  return socket
}

// `count` frames, `IN_FLIGHT` at a time, each answered before its slot sends again: requests/s.
const pump = async (socket: WebSocket, frames: (i: number) => string, count: number) => {
  let sent = 0
  let answered = 0
  const started = performance.now()
  await new Promise<void>((resolve) => {
    socket.on('message', () => {
      answered++
      if (answered === count) resolve()
      else if (sent < count) socket.send(frames(sent++))
    })
    for (let i = 0; i < Math.min(IN_FLIGHT, count); i++) socket.send(frames(sent++))
  })
  socket.removeAllListeners('message')
  return count / ((performance.now() - started) / 1000)
}

// 1. account_info vs a bare ws server with the node's own answer as its fixed reply.
const nodeSocket = await connect(nodeUrl)
const infoFrame = JSON.stringify({ id: 1, command: 'account_info', account, api_version: 2 })
const fixed = await new Promise<string>((resolve) => {
  nodeSocket.once('message', (data) => resolve(String(data)))
  nodeSocket.send(infoFrame)
})
const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false })
bare.on('connection', (socket) => socket.on('message', () => socket.send(fixed)))
await new Promise((resolve) => bare.once('listening', resolve))
const bareSocket = await connect(`ws://127.0.0.1:${(bare.address() as AddressInfo).port}`)
let nodeRate = 0
let bareRate = 0
for (let round = 0; round < ROUNDS; round++) {
  nodeRate = Math.max(nodeRate, await pump(nodeSocket, () => infoFrame, REQUESTS))
  bareRate = Math.max(bareRate, await pump(bareSocket, () => infoFrame, REQUESTS))
}
bareSocket.close()
bare.close()

// 2. Payments signed by xrpl.js (before the clock starts: signing is the client's work).
const payers = Array.from({ length: PAYERS }, () => Wallet.generate())
for (const payer of payers) ledger.fund(payer.classicAddress, 10_000_000_000n, ['TESTNET'])
const destination = Wallet.generate().classicAddress
const blobs: string[] = []
const hashes: string[] = []
for (let i = 0; i < PAYMENTS; i++) {
  const payer = payers[i % PAYERS] as Wallet
  const sequence =
    (ledger.account('TESTNET', payer.classicAddress)?.sequence ?? 0) + Math.floor(i / PAYERS)
  const { tx_blob, hash } = payer.sign({
    TransactionType: 'Payment',
    Account: payer.classicAddress,
    Destination: destination,
    Amount: '1000000',
    Fee: '12',
    Sequence: sequence,
  })
  blobs.push(JSON.stringify({ command: 'submit', tx_blob }))
  hashes.push(hash)
}
const lastHash = hashes.at(-1) as string
const started = performance.now()
const validatedAll = new Promise<number>((resolve) => {
  const stop = ledger.onClose(() => {
    if (ledger.transaction(lastHash, 'TESTNET')?.transaction.validated) {
      stop()
      resolve(performance.now())
    }
  })
})
await pump(nodeSocket, (i) => blobs[i] as string, PAYMENTS)
const finished = await validatedAll
const paymentRate = PAYMENTS / ((finished - started) / 1000)
const applied = hashes.filter(
  (hash) => ledger.transaction(hash, 'TESTNET')?.transaction.validated,
).length
nodeSocket.close()
await server.close()

report('ledger node', [
  {
    name: `account_info over one socket, ${IN_FLIGHT} in flight`,
    value: nodeRate,
    unit: 'req/s',
    baseline: {
      name: 'bare ws server, fixed answer of the same size',
      value: bareRate,
      unit: 'req/s',
    },
    goal: { judged: 'ratio', atLeast: 0.5 },
  },
  {
    name: `payments signed by xrpl.js, submitted and validated (ledgers every 100 ms; ${applied} of ${PAYMENTS} validated)`,
    value: paymentRate,
    unit: 'payments/s',
    baseline: null,
    goal: { judged: 'value', atLeast: 1_000 },
  },
])
