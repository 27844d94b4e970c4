import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { API_PATHS, type PayloadSocketMessage } from 'pullsign/wire'
import { decode, encode, encodeForSigning } from 'ripple-binary-codec'
import { sign, verify } from '../src/ledger/signatures/keypair-signatures'
import { apiHeaders, bobAddress, builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'

// Full lifecycles per second in-process, goal ≥ 500/s. One lifecycle: create through the
// fetch handler, subscribe to the payload's events (what each payload socket relays), sign with a
// real signature (submitted to the ledger, which verifies it), the resolve message, and the
// webhook delivered over HTTP to a local receiver.
const SECONDS = quick ? 0.5 : 10
const IN_FLIGHT = 16

const waiting = new Map<string, () => void>()
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    const uuid = req.headers['x-xumm-payload']
    res.writeHead(200).end()
    if (typeof uuid === 'string') waiting.get(uuid)?.()
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false })
const { platform } = server
const app = platform.applications.create({ name: 'Bench shop', webhookUrl })
const payer = platform.users.create({ name: 'Bench payer', accounts: 1 })
const destination = bobAddress(platform)
const headers = apiHeaders(app)
const body = JSON.stringify({
  txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1' },
})
const createUrl = `${server.endpoints.api}${API_PATHS.platform}/payload`

const lifecycle = async () => {
  const res = await server.handler(new Request(createUrl, { method: 'POST', headers, body }))
  if (res.status !== 200) throw new Error(`create answered ${res.status}: ${await res.text()}`)
  const { uuid } = (await res.json()) as { uuid: string }
  const webhook = new Promise<void>((resolve) => waiting.set(uuid, resolve))
  let unsubscribe = () => {}
  const resolved = new Promise<PayloadSocketMessage>((resolve) => {
    unsubscribe = platform.payloads.subscribe(uuid, (message) => {
      if ('payload_uuidv4' in message) resolve(message)
    })
  })
  const record = await server.wallet.sign(uuid, { user: payer.uuid })
  if (record.response.dispatched_result !== 'tesSUCCESS') {
    throw new Error(`the ledger answered ${record.response.dispatched_result}`)
  }
  const message = await resolved
  if (!('signed' in message) || message.signed !== true) throw new Error('not signed')
  unsubscribe()
  await webhook
  waiting.delete(uuid)
}

const runFor = async (seconds: number, work: () => Promise<void>, inFlight: number) => {
  let done = 0
  const end = performance.now() + seconds * 1000
  const start = performance.now()
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < end) {
        await work()
        done++
      }
    }),
  )
  return done / ((performance.now() - start) / 1000)
}

// Baseline, same run: only the codec and cryptography of one lifecycle (encode, sign, decode and
// verify as the ledger does), on
// the same kind of payment; the ceiling any implementation of the lifecycle stays under.
const keys = platform.users.get(payer.uuid).accounts[0]
if (!keys) throw new Error('the payer has no account')
const tx = {
  TransactionType: 'Payment',
  Account: keys.address,
  Destination: destination,
  Amount: '1',
  Fee: '12',
  Sequence: 1,
  SigningPubKey: keys.publicKey,
}
const cryptoOnly = async () => {
  const blob = encode({ ...tx, TxnSignature: sign(encodeForSigning(tx), keys.privateKey) })
  const { TxnSignature, ...signed } = decode(blob)
  if (!verify(encodeForSigning(signed), String(TxnSignature), keys.publicKey)) {
    throw new Error('signature does not verify')
  }
}

await runFor(quick ? 0.2 : 2, lifecycle, IN_FLIGHT) // warm-up
const perSecond = await runFor(SECONDS, lifecycle, IN_FLIGHT)
const cryptoPerSecond = await runFor(quick ? 0.2 : 3, cryptoOnly, 1)
const delivered = platform.webhooks.attempts().filter((attempt) => attempt.ok).length

await server.close()
receiver.close()

report('lifecycles', [
  {
    name: `full lifecycles in-process, ${IN_FLIGHT} in flight, ${SECONDS} s (${delivered} webhooks delivered)`,
    value: perSecond,
    unit: 'lifecycles/s',
    baseline: {
      name: 'encode + sign + decode + verify of the payment alone',
      value: cryptoPerSecond,
      unit: '/s',
    },
    goal: { judged: 'value', atLeast: 500 },
  },
])
