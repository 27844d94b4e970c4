import { Agent, request as httpRequest } from 'node:http'
import fc from 'fast-check'
import WebSocket from 'ws'
import { builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import { type FuzzRequest, fuzzRequests, nodeFrames } from './fuzz-requests'
import { type FuzzNetwork, fuzzTransactions, type TransactionFuzzHost } from './fuzz-transactions'
import { ensureGc, settledMemory } from './gc-process'
import { signInToken, xappTokens } from './identity-fixtures'

// The project's own fuzz (docs/protocol.md §1: a 500 must never happen): generated requests over
// every route (bench/fuzz-requests.ts), sent over node:http as a client may send them (malformed
// Host headers, dot segments and escapes kept on the request line), 16 at a time on keep-alive
// connections. Reports the 5xx answers, requests that got no answer, the slowest answer and the
// growth of the process's RSS (server and load generator share the process).
const gc = ensureGc()
const TOTAL = quick ? 2_000 : 100_000
const IN_FLIGHT = 16
const BATCH = 1_000
const NO_ANSWER_MS = 10_000

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: 4000 })
const endpoints = await server.listen(0)
const { hostname, port, host: ownHost } = new URL(endpoints.api)
const app = server.platform.applications.list()[0]
const [alice] = server.platform.users.list()
if (!app || !alice) throw new Error('the demo fixtures should hold an application and a user')
const payload = server.platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } })
const known = [payload.uuid, alice.uuid, app.uuid, alice.accounts[0]?.address ?? '', 'A'.repeat(64)]
// Real credentials of the OAuth, JWT and xApp routes (docs/protocol.md §7.3), and one the server
// must refuse (an xApp JWT the app signed itself).
const bearer = await signInToken(server, alice.uuid)
const xapp = await xappTokens(server, alice.uuid)
known.push(xapp.app.uuid, xapp.ott)
const requests = fuzzRequests({
  known,
  auth: { 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
  credentials: [
    { authorization: `Bearer ${bearer}` },
    { authorization: `Bearer ${xapp.jwt}` },
    { authorization: `Bearer ${xapp.selfMinted}` },
    { authorization: `Bearer ${bearer}`, 'x-api-key': app.apiKey, 'x-api-secret': app.apiSecret },
    { 'x-api-key': xapp.app.apiKey, 'x-api-ott': crypto.randomUUID() },
  ],
})
const agent = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT })

interface Outcome {
  status: number | null
  ms: number
}

const send = (fuzz: FuzzRequest) =>
  new Promise<Outcome>((resolve) => {
    const started = performance.now()
    const done = (status: number | null) => resolve({ status, ms: performance.now() - started })
    const body = fuzz.body === undefined ? undefined : Buffer.from(fuzz.body)
    const req = httpRequest(
      {
        agent,
        hostname,
        port,
        method: fuzz.method,
        path: fuzz.path,
        headers: {
          ...fuzz.headers,
          host: fuzz.host === 'own' ? ownHost : fuzz.host,
          ...(body ? { 'content-length': body.byteLength } : {}),
        },
        timeout: NO_ANSWER_MS,
      },
      (res) => {
        res.resume()
        res.on('end', () => done(res.statusCode ?? null))
        res.on('error', () => done(null))
      },
    )
    req.on('timeout', () => req.destroy())
    req.on('error', () => done(null))
    req.end(body)
  })

const rssBefore = settledMemory(gc).rss
const statuses = new Map<number | 'none', number>()
const failures: string[] = []
let slowest = { ms: 0, what: '' }
const started = performance.now()
for (let sent = 0, seed = 1; sent < TOTAL; sent += BATCH, seed++) {
  const batch = fc.sample(requests, { numRuns: Math.min(BATCH, TOTAL - sent), seed })
  let next = 0
  const worker = async () => {
    for (let index = next++; index < batch.length; index = next++) {
      const fuzz = batch[index] as FuzzRequest
      const { status, ms } = await send(fuzz)
      const key = status ?? 'none'
      statuses.set(key, (statuses.get(key) ?? 0) + 1)
      const what = `${fuzz.method} ${fuzz.path.slice(0, 120)} (Host ${fuzz.host}, body ${fuzz.body?.length ?? 0} chars)`
      if ((status === null || status >= 500) && failures.length < 10) {
        failures.push(`${status ?? 'no answer'}: ${what}`)
      }
      if (ms > slowest.ms) slowest = { ms, what }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
}
const seconds = (performance.now() - started) / 1000

// Refusals change no state (docs/protocol.md §1, §7.3): requests one at a time, the server's
// state read before and after each; an answer of 400 or more must leave it as it was.
const { platform } = server
const stateOf = () =>
  JSON.stringify([
    platform.payloads.size,
    platform.applications.list().length,
    platform.users.list().length,
    platform.payloads.record(payload.uuid).meta,
    platform.clock.now() - Date.now() > 1000 ? 'advanced' : 'real',
    platform.push.received(alice.uuid).length,
  ])
const REFUSAL_CHECKS = quick ? 500 : 5_000
let refusals = 0
const changedByRefusal: string[] = []
for (const fuzz of fc.sample(requests, { numRuns: REFUSAL_CHECKS, seed: 4242 })) {
  const before = stateOf()
  const { status } = await send(fuzz)
  if (status === null || status < 400) continue
  refusals++
  if (stateOf() !== before && changedByRefusal.length < 10) {
    changedByRefusal.push(`${status}: ${fuzz.method} ${fuzz.path.slice(0, 120)}`)
  }
}
for (const change of changedByRefusal) console.log(`  refusal changed state: ${change}`)

// The ledger node's frames (docs/protocol.md §8.6): generated rippled requests and raw text on
// one socket, each answered in rippled's envelope before the next is sent; an error answer must
// leave the accounts as they were, no answer may be `internal`, and the socket must stay open.
const FRAMES = quick ? 500 : 5_000
const address = alice.accounts[0]?.address ?? ''
const ledgerState = () => JSON.stringify(platform.ledger.account('TESTNET', address))
const socket = new WebSocket(`${endpoints.api.replace(/^http/, 'ws')}/ledger/TESTNET`)
await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
const frames = fc.sample(nodeFrames([address]), { numRuns: FRAMES, seed: 31 })
let frameErrors = 0
let badAnswers = 0
let changedByFrameError = 0
for (const frame of frames) {
  const before = ledgerState()
  const answer = await new Promise<string | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), NO_ANSWER_MS)
    socket.once('message', (data) => {
      clearTimeout(timer)
      resolve(String(data))
    })
    socket.send(frame)
  })
  let parsed: { type?: unknown; status?: unknown; error?: unknown } | null = null
  try {
    parsed = answer === null ? null : JSON.parse(answer)
  } catch {
    parsed = null
  }
  const shaped = parsed !== null && (parsed.type === 'response' || parsed.type === 'error')
  if (!shaped || parsed?.error === 'internal') {
    if (badAnswers++ < 5)
      console.log(`  node frame answered ${answer?.slice(0, 200)}: ${frame.slice(0, 200)}`)
    continue
  }
  if (parsed?.error !== undefined) {
    frameErrors++
    if (ledgerState() !== before && changedByFrameError++ < 5)
      console.log(`  node error changed state: ${frame.slice(0, 200)}`)
  }
}
const socketAlive = socket.readyState === WebSocket.OPEN
socket.terminate()

// Issue 42's transaction types with generated fields, flags and amounts (bench/fuzz-transactions.ts),
// signed with the definitions each node serves and submitted over its socket, one at a time:
// rippled's new types on TESTNET, xahaud's on XAHAU.
const TRANSACTIONS = quick ? 100 : 2_000
const nodeSockets = new Map<FuzzNetwork, WebSocket>()
for (const network of ['TESTNET', 'XAHAU'] as const) {
  const ws = new WebSocket(`${endpoints.api.replace(/^http/, 'ws')}/ledger/${network}`)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  nodeSockets.set(network, ws)
}
const transactionHost: TransactionFuzzHost = {
  ledger: platform.ledger as unknown as TransactionFuzzHost['ledger'],
  ask: (network, frame) =>
    new Promise((resolve) => {
      const ws = nodeSockets.get(network) as WebSocket
      ws.once('message', (data) => resolve(JSON.parse(String(data))))
      ws.send(JSON.stringify(frame))
    }),
}
const transactionOutcomes = [
  await fuzzTransactions(transactionHost, 'TESTNET', { count: TRANSACTIONS, seed: 42 }),
  await fuzzTransactions(transactionHost, 'XAHAU', { count: TRANSACTIONS, seed: 43 }),
]
for (const ws of nodeSockets.values()) ws.terminate()
const transactionsSubmitted = transactionOutcomes.reduce((sum, o) => sum + o.submitted, 0)
const badTransactions = transactionOutcomes.flatMap((o) => o.bad)
const nativeCreated = transactionOutcomes.flatMap((o) => o.nativeCreated)
for (const bad of [...badTransactions, ...nativeCreated].slice(0, 5)) console.log(`  ${bad}`)
agent.destroy()
await server.close()
const rssGrowth = (settledMemory(gc).rss - rssBefore) / 1024 / 1024

const count = (test: (status: number | 'none') => boolean) =>
  [...statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0)
const serverErrors = count((status) => status !== 'none' && status >= 500)
const noAnswer = count((status) => status === 'none')
console.log(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`)
for (const failure of failures) console.log(`  ${failure}`)
console.log(`slowest answer: ${slowest.what}`)

report('fuzz', [
  {
    name: `generated requests over every route, ${IN_FLIGHT} in flight`,
    value: TOTAL / seconds,
    unit: 'req/s',
    baseline: null,
    goal: null,
  },
  {
    name: 'answers with a 5xx status',
    value: serverErrors,
    unit: 'requests',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `requests with no answer within ${NO_ANSWER_MS / 1000} s`,
    value: noAnswer,
    unit: 'requests',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  { name: 'slowest answer', value: slowest.ms, unit: 'ms', baseline: null, goal: null },
  {
    name: `refusals (of ${refusals} sent one at a time) that changed the server's state`,
    value: changedByRefusal.length,
    unit: 'requests',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `ledger node frames (of ${FRAMES}) not answered in rippled's envelope, or answered internal`,
    value: badAnswers,
    unit: 'frames',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `ledger node error answers (of ${frameErrors}) that changed the ledger`,
    value: changedByFrameError,
    unit: 'frames',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `issue 42's transactions (of ${transactionsSubmitted} submitted) answered internal, an exception or an invariant failure`,
    value: badTransactions.length,
    unit: 'transactions',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: "issue 42's transactions after which the ledger held more native",
    value: nativeCreated.length,
    unit: 'transactions',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: 'ledger node socket closed by the fuzz',
    value: socketAlive ? 0 : 1,
    unit: 'sockets',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `RSS growth over ${TOTAL.toLocaleString('en-US')} requests (after GC)`,
    value: rssGrowth,
    unit: 'MB',
    baseline: null,
    goal: null,
  },
])
