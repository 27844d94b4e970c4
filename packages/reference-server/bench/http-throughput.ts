import { createServer, type OutgoingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { API_PATHS } from 'pullsign/wire'
import { FastResponse, type NodeHttp1Handler } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { forkBenchChild, nextMessage } from './bench-child'
import { apiHeaders, bobAddress, builtServer } from './bench-fixtures'
import { quick, report } from './bench-report'
import type { LoadRequest, LoadResult } from './load-generator'

// POST payload ≥ 0.5 and GET payload ≥ 0.7 of a bare node:http server answering a fixed
// JSON, 50 connections, rate limits off, the load generator in another process. The judged
// baseline answers the route's own bytes (see bench/README.md, "What each bench measures").
const CONNECTIONS = quick ? 4 : 50
const SECONDS = quick ? 1 : 10
const WARMUP_SECONDS = quick ? 0 : 2
// A route and its baseline take turns in this many runs of SECONDS / SLICES each.
const SLICES = quick ? 1 : 5

/** A fixed answer a bare server gives to every request. */
interface FixedAnswer {
  status: number
  headers: OutgoingHttpHeaders
  body: string
}

type Load = Omit<LoadRequest, 'type' | 'connections' | 'seconds'>

const TINY: FixedAnswer = {
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ pong: true, auth: { application: { name: 'bare' } } }),
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )

const loader = forkBenchChild('./load-generator.ts')
await nextMessage(loader, 'ready')

interface Run extends LoadResult {
  /** CPU time of this (the server's) process over the run, as a share of its wall time. */
  serverCpu: number
  wallMs: number
}

// One autocannon run of `seconds`, with the server process's CPU share over it: a share near 1
// means the server core was the limit.
const run = async (request: Load, seconds: number): Promise<Run> => {
  const cpuBefore = process.cpuUsage()
  const wallBefore = performance.now()
  loader.send({ type: 'load', ...request, connections: CONNECTIONS, seconds })
  const result = await nextMessage<LoadResult>(loader, 'result')
  const wallMs = performance.now() - wallBefore
  const used = process.cpuUsage(cpuBefore)
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${request.method} ${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors`,
    )
  }
  return { ...result, serverCpu: (used.user + used.system) / 1000 / wallMs, wallMs }
}

// Runs taken as one: all their requests over all their time, the worst p99, CPU shares by time.
const summary = (runs: Run[]) => {
  const sum = (of: (each: Run) => number) => runs.reduce((total, each) => total + of(each), 0)
  const wallMs = sum((each) => each.wallMs)
  const share = (of: (each: Run) => number) =>
    (sum((each) => of(each) * each.wallMs) / wallMs).toFixed(2)
  return {
    requestsPerSecond:
      sum((each) => each.total) / sum((each) => each.total / each.requestsPerSecond),
    p99Ms: Math.max(...runs.map((each) => each.p99Ms)),
    // The server process's CPU time per answer: unlike a rate, it hardly moves when other
    // processes take the cores, so the twin's and the route's compare even on a loaded machine.
    cpuUsPerRequest:
      (sum((each) => each.serverCpu * each.wallMs) * 1000) / sum((each) => each.total),
    cpu: `server CPU ${share((each) => each.serverCpu)}, load CPU ${share((each) => each.cpuShare)}`,
  }
}

const load = async (request: Load) => {
  if (WARMUP_SECONDS > 0) await run(request, WARMUP_SECONDS)
  return summary([await run(request, SECONDS)])
}

// node:http and nothing else, in this same process, answering fixed bytes.
const fixedServer = async (answer: FixedAnswer) => {
  const server = createServer((_req, res) => {
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  })
  return { server, origin: await listen(server) }
}

// One real answer of the route, frozen: its status, the headers it sends, its body.
const capture = async (request: Load): Promise<FixedAnswer> => {
  const res = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  })
  const headers: OutgoingHttpHeaders = {}
  for (const [name, value] of res.headers) {
    if (name === 'content-type' || name.startsWith('x-ratelimit-')) headers[name] = value
  }
  return { status: res.status, headers, body: await res.text() }
}

// The route against its bare twin: the route's answer frozen, served by node:http to the same
// request (path, headers, body). Twin and route take turns in SLICES short runs, so a change in
// the shared machine's load falls on both alike.
const compare = async (request: Load) => {
  const answer = await capture(request)
  const { server: bare, origin } = await fixedServer(answer)
  const twin = { ...request, url: `${origin}${new URL(request.url).pathname}` }
  if (WARMUP_SECONDS > 0) {
    await run(twin, WARMUP_SECONDS)
    await run(request, WARMUP_SECONDS)
  }
  const twinRuns: Run[] = []
  const routeRuns: Run[] = []
  for (let slice = 0; slice < SLICES; slice++) {
    twinRuns.push(await run(twin, SECONDS / SLICES))
    routeRuns.push(await run(request, SECONDS / SLICES))
  }
  bare.close()
  return {
    route: summary(routeRuns),
    bare: summary(twinRuns),
    answerBytes: Buffer.byteLength(answer.body),
  }
}

// The tiny answer of earlier runs, for the reader: what node:http does when nothing is sent.
const tinyServer = await fixedServer(TINY)
const tiny = await load({ url: `${tinyServer.origin}/`, method: 'GET', headers: {} })
tinyServer.server.close()

// The framework floor, same run: Hono on srvx's node adapter as the reference server mounts it,
// answering the tiny JSON from one route with srvx's FastResponse, as the server's answers are.
const hono = new Hono()
hono.get(
  '/',
  () => new FastResponse(TINY.body, { headers: { 'content-type': 'application/json' } }),
)
const honoServer = createServer(toNodeHandler(hono.fetch) as NodeHttp1Handler)
const floor = await load({ url: `${await listen(honoServer)}/`, method: 'GET', headers: {} })
honoServer.close()

const createReferenceServer = await builtServer()
const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
if (!app) throw new Error('the demo fixtures should hold an application')
const headers = apiHeaders(app)
const body = JSON.stringify({
  txjson: {
    TransactionType: 'Payment',
    Destination: bobAddress(server.platform),
    Amount: '1000000',
  },
  options: { expire: 10 },
  custom_meta: { instruction: 'Pay for order 42' },
})
const { uuid } = server.platform.payloads.create(app, JSON.parse(body))
const payloadUrl = `${endpoints.api}${API_PATHS.platform}/payload`
const get = await compare({ url: `${payloadUrl}/${uuid}`, method: 'GET', headers })
// GET of a different payload each time, over more payloads than the server remembers records and
// their texts of (src/platform/payloads/record-memo.ts, src/http/record-bodies.ts): every answer is
// built afresh, as when a suite reads each payload once.
const manyUuids = Array.from(
  { length: 5_000 },
  () => server.platform.payloads.create(app, JSON.parse(body)).uuid,
)
const manyGet = await load({
  url: `${payloadUrl}/${uuid}`,
  method: 'GET',
  headers,
  paths: manyUuids.map((each) => new URL(`${payloadUrl}/${each}`).pathname),
})
const post = await compare({ url: payloadUrl, method: 'POST', headers, body })
// The same create with a different amount in every request: a miss of the create's encode memo
// (src/platform/payloads/transaction-check.ts) each time, as in a suite whose transactions never repeat.
const numberedPost = await load({
  url: payloadUrl,
  method: 'POST',
  headers,
  body: body.replace('"1000000"', '"{n}"'),
  numbered: true,
})
await server.close()
loader.disconnect()

const line = (name: string, value: number) => ({ name, value, unit: 'req/s' })
const twin = (measured: typeof get) =>
  line(
    `bare node:http answering the same ${measured.answerBytes} bytes to the same request, taking turns with the route (${measured.bare.cpu})`,
    measured.bare.requestsPerSecond,
  )
const tinyBase = line(
  `bare node:http answering a ${TINY.body.length}-byte JSON (${tiny.cpu})`,
  tiny.requestsPerSecond,
)
const runs = `${CONNECTIONS} connections, ${SLICES} × ${SECONDS / SLICES} s`
// Server CPU per answer, the route's against its twin's (lower is better: twin / route is the
// share of the twin's speed the route would reach on a core of its own).
const cpuLine = (route: string, measured: typeof get) => ({
  name: `server CPU per ${route} answer`,
  value: measured.route.cpuUsPerRequest,
  unit: 'µs',
  baseline: {
    name: `bare node:http's per answer of the same ${measured.answerBytes} bytes (twin / route: ${(measured.bare.cpuUsPerRequest / measured.route.cpuUsPerRequest).toFixed(2)})`,
    value: measured.bare.cpuUsPerRequest,
    unit: 'µs',
  },
  goal: null,
})
report('http-throughput', [
  {
    ...line(
      `POST payload, ${runs} (p99 ${post.route.p99Ms} ms; ${post.route.cpu})`,
      post.route.requestsPerSecond,
    ),
    baseline: twin(post),
    goal: { judged: 'ratio', atLeast: 0.5 },
  },
  {
    ...line(
      `GET payload, ${runs} (p99 ${get.route.p99Ms} ms; ${get.route.cpu})`,
      get.route.requestsPerSecond,
    ),
    baseline: twin(get),
    goal: { judged: 'ratio', atLeast: 0.7 },
  },
  cpuLine('POST', post),
  cpuLine('GET', get),
  {
    ...line(
      `POST payload, every amount different (p99 ${numberedPost.p99Ms} ms; ${numberedPost.cpu})`,
      numberedPost.requestsPerSecond,
    ),
    baseline: twin(post),
    goal: null,
  },
  {
    ...line(
      `GET payload, a different one of ${manyUuids.length.toLocaleString('en-US')} each time (p99 ${manyGet.p99Ms} ms; ${manyGet.cpu})`,
      manyGet.requestsPerSecond,
    ),
    baseline: twin(get),
    goal: null,
  },
  {
    ...line('POST payload against the tiny answer', post.route.requestsPerSecond),
    baseline: tinyBase,
    goal: null,
  },
  {
    ...line('GET payload against the tiny answer', get.route.requestsPerSecond),
    baseline: tinyBase,
    goal: null,
  },
  {
    ...line(
      `bare node:http answering the GET's ${get.answerBytes} bytes, against the tiny answer`,
      get.bare.requestsPerSecond,
    ),
    baseline: tinyBase,
    goal: null,
  },
  {
    ...line(
      `Hono on srvx, one route answering the tiny JSON: the framework floor (${floor.cpu})`,
      floor.requestsPerSecond,
    ),
    baseline: tinyBase,
    goal: null,
  },
])
