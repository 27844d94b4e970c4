import { forkBenchChild, nextMessage } from './bench-child'
import { apiHeaders, bobAddress, builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import { ensureGc, releasedMemory } from './gc-process'
import { signInToken } from './identity-fixtures'
import type { ConnectRequest } from './socket-clients'

// The soak of issue 22: ten minutes of mixed work on one server over loopback, with 2,000 payload
// sockets held open by another process: payload lifecycles (signed, rejected, cancelled), OAuth
// sign-ins (auth → wallet → signin → userinfo) and xApp launches (launch → authorize → jwt/ping).
// Prints RSS and heap after GC each minute, then the calls that failed and the RSS growth after
// the first minute. A long-running server is given a retention (resolved payloads forgotten after
// 60 s), as a shared host would run it; every other store keeps its default bound; rate limits
// are off (every call comes from 127.0.0.1). No environment variables: glibc's default arenas, as
// a library user runs it. 2026-11-28: 0 failed calls, RSS 160.7 → 169.3 MB (+5.4 %), heap 40.6 →
// 43.9 MB (bench/README.md, "Soak").
const gc = ensureGc()
// `--seconds N` runs a shorter soak (a diagnosis); the judged run is ten minutes.
const secondsArg = process.argv.indexOf('--seconds')
const SECONDS = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : quick ? 20 : 600
const WARM_UP_SECONDS = quick ? 5 : 60
const SOCKETS = quick ? 200 : 2_000
const OPERATIONS_PER_SECOND = 40
const MAX_OPERATIONS = SECONDS * OPERATIONS_PER_SECOND

const createReferenceServer = await builtServer()
const server = createReferenceServer({
  rateLimits: false,
  ledgerCloseMs: 4000,
  retention: { resolvedTtlSeconds: 60 },
})
const endpoints = await server.listen(0)
const { platform } = server
const [app] = platform.applications.list()
const [alice, bob] = platform.users.list()
if (!app || !alice || !bob)
  throw new Error('the demo fixtures should hold an application and users')
const xapp = platform.applications.create({
  name: 'Soak xApp',
  xapp: { url: 'https://x.example/' },
})
const destination = bobAddress(platform)

const failures: string[] = []
let failed = 0
const fail = (what: string) => {
  failed++
  if (failures.length < 10) failures.push(what)
}
const expectOk = async (what: string, res: Response) => {
  if (res.status >= 400) fail(`${what}: ${res.status} ${(await res.text()).slice(0, 200)}`)
  else await res.arrayBuffer()
  return res
}
const control = (path: string, body: unknown) =>
  fetch(`${endpoints.api}/__ref/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
const createPayload = async () => {
  const res = await fetch(`${endpoints.api}/api/v1/platform/payload`, {
    method: 'POST',
    headers: apiHeaders(app),
    body: JSON.stringify({
      txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1000' },
    }),
  })
  if (res.status !== 200) {
    fail(`create: ${res.status}`)
    return null
  }
  return ((await res.json()) as { uuid: string }).uuid
}

// One operation of each kind, in turn.
const OPERATIONS: (() => Promise<unknown>)[] = [
  async () => {
    const uuid = await createPayload()
    if (uuid) await expectOk('sign', await control(`payloads/${uuid}/sign`, { user: alice.uuid }))
  },
  async () => {
    const uuid = await createPayload()
    if (uuid) await expectOk('reject', await control(`payloads/${uuid}/reject`, { user: bob.uuid }))
  },
  async () => {
    const uuid = await createPayload()
    if (!uuid) return
    const res = await fetch(`${endpoints.api}/api/v1/platform/payload/${uuid}`, {
      method: 'DELETE',
      headers: apiHeaders(app),
    })
    await expectOk('cancel', res)
  },
  async () => {
    const token = await signInToken(server, alice.uuid).catch((error: unknown) => {
      fail(`sign-in: ${String(error)}`)
      return null
    })
    if (!token) return
    const res = await fetch(`${endpoints.oauth}/userinfo`, {
      headers: { authorization: `Bearer ${token}` },
    })
    await expectOk('userinfo', res)
  },
  async () => {
    const launched = await control('xapps/launch', { application: xapp.uuid, user: bob.uuid })
    if (launched.status !== 200) return fail(`launch: ${launched.status}`)
    const { ott } = (await launched.json()) as { ott: string }
    const res = await fetch(`${endpoints.api}/api/v1/jwt/authorize`, {
      headers: { 'x-api-key': xapp.apiKey, 'x-api-ott': ott },
    })
    if (res.status !== 200) return fail(`authorize: ${res.status}`)
    const { jwt } = (await res.json()) as { jwt: string }
    const ping = await fetch(`${endpoints.api}/api/v1/jwt/ping`, {
      headers: { authorization: `Bearer ${jwt}` },
    })
    await expectOk('jwt/ping', ping)
  },
]

// 2,000 sockets on payloads that stay open the whole time, held by another process.
const clients = forkBenchChild('./socket-clients.ts')
await nextMessage(clients, 'ready')
const held = Array.from(
  { length: SOCKETS },
  () => platform.payloads.create(app, { txjson: { TransactionType: 'SignIn' } }).uuid,
)
clients.send({
  type: 'connect',
  urls: held.map((uuid) => `${endpoints.api.replace(/^http/, 'ws')}/sign/${uuid}`),
  parallel: 100,
} satisfies ConnectRequest)
await nextMessage(clients, 'connected')

const mb = (bytes: number) => Math.round(bytes / 1024 / 10.24) / 100
const samples: { second: number; rss: number; heapUsed: number }[] = []
const started = performance.now()
const elapsed = () => (performance.now() - started) / 1000
let operations = 0
let nextSample = 0
while (elapsed() < SECONDS && operations < MAX_OPERATIONS) {
  const due = operations / OPERATIONS_PER_SECOND
  const wait = (due - elapsed()) * 1000
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  const operation = OPERATIONS[operations % OPERATIONS.length]
  operations++
  await operation?.().catch((error: unknown) => fail(`operation threw: ${String(error)}`))
  if (elapsed() >= nextSample) {
    nextSample += quick ? 5 : 60
    const sample = { second: Math.round(elapsed()), ...(await releasedMemory(gc)) }
    samples.push(sample)
    // The curve as it goes: a run that drifts shows it long before the end.
    console.log(
      `${sample.second} s: ${operations} operations, ${failed} failed; after GC RSS ${mb(sample.rss)} MB, heap ${mb(sample.heapUsed)} MB`,
    )
  }
}
await platform.webhooks.settled()
const end = await releasedMemory(gc)
clients.send({ type: 'close' })
await nextMessage(clients, 'closed')
clients.disconnect()
await server.close()

const afterWarmUp = samples.find((sample) => sample.second >= WARM_UP_SECONDS)
console.log(`operations: ${operations} in ${Math.round(elapsed())} s, ${SOCKETS} sockets held open`)
console.log(
  `after GC, RSS / heap (MB): ${samples.map((s) => `${s.second}s ${mb(s.rss)} / ${mb(s.heapUsed)}`).join(', ')}`,
)
console.log(
  `after the first minute RSS ${mb(afterWarmUp?.rss ?? 0)} MB heap ${mb(afterWarmUp?.heapUsed ?? 0)} MB; at the end RSS ${mb(end.rss)} MB heap ${mb(end.heapUsed)} MB`,
)
for (const failure of failures) console.log(`  ${failure}`)
const growth = afterWarmUp ? ((end.rss - afterWarmUp.rss) / afterWarmUp.rss) * 100 : Number.NaN

report('soak', [
  {
    name: `operations per second (signed, rejected, cancelled payloads, sign-ins, xApp launches)`,
    value: operations / elapsed(),
    unit: 'op/s',
    baseline: null,
    goal: null,
  },
  {
    name: 'calls that failed',
    value: failed,
    unit: 'calls',
    baseline: null,
    goal: { judged: 'value', atMost: 0 },
  },
  {
    name: `RSS growth after the first ${WARM_UP_SECONDS} s (after GC), ${SOCKETS} sockets open`,
    value: growth,
    unit: '%',
    baseline: null,
    goal: { judged: 'value', atMost: 10 },
  },
])
