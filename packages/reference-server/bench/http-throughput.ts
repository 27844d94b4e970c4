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

// Issue 4: POST payload ≥ 0.5 and GET payload ≥ 0.7 of a bare node:http server answering a fixed
// JSON, 50 connections, rate limits off, the load generator in another process. The judged
// baseline answers the route's own bytes (see bench/README.md, "Which fixed JSON").
const CONNECTIONS = quick ? 4 : 50
const SECONDS = quick ? 1 : 10
const WARMUP_SECONDS = quick ? 0 : 2

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

const load = async (request: Load) => {
  if (WARMUP_SECONDS > 0) {
    loader.send({ type: 'load', ...request, connections: CONNECTIONS, seconds: WARMUP_SECONDS })
    await nextMessage<LoadResult>(loader, 'result')
  }
  const cpuBefore = process.cpuUsage()
  const wallBefore = performance.now()
  loader.send({ type: 'load', ...request, connections: CONNECTIONS, seconds: SECONDS })
  const result = await nextMessage<LoadResult>(loader, 'result')
  const used = process.cpuUsage(cpuBefore)
  // Which side was the limit: a server share near 1 means the server core was saturated.
  const serverCpu = (used.user + used.system) / 1000 / (performance.now() - wallBefore)
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(
      `${request.method} ${request.url}: ${result.non2xx} non-2xx, ${result.errors} errors`,
    )
  }
  return {
    ...result,
    cpu: `server CPU ${serverCpu.toFixed(2)}, load CPU ${result.cpuShare.toFixed(2)}`,
  }
}

// node:http and nothing else, in this same process: the same request (path, headers, body) as the
// route it is compared with, answered with fixed bytes, measured before and after the route.
const bareLoad = async (answer: FixedAnswer, request: Load) => {
  const bare = createServer((_req, res) => {
    res.writeHead(answer.status, answer.headers)
    res.end(answer.body)
  })
  const origin = await listen(bare)
  const path = new URL(request.url).pathname
  const result = await load({ ...request, url: `${origin}${path}` })
  bare.close()
  return result
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

// The route against its bare twin, the twin measured before and after (mean).
const compare = async (request: Load) => {
  const answer = await capture(request)
  const before = await bareLoad(answer, request)
  const route = await load(request)
  const after = await bareLoad(answer, request)
  const bare = (before.requestsPerSecond + after.requestsPerSecond) / 2
  return { route, bare, bareCpu: before.cpu, answerBytes: Buffer.byteLength(answer.body) }
}

// The tiny answer of earlier runs, for the reader: what node:http does when nothing is sent.
const tiny = await bareLoad(TINY, { url: 'http://127.0.0.1/', method: 'GET', headers: {} })

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
// GET of a different payload each time, over more payloads than the server remembers record texts
// of (src/platform/record-texts.ts): every answer is built afresh, as when a suite reads each
// payload once.
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
// (src/platform/transaction-check.ts) each time, as in a suite whose transactions never repeat.
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
    `bare node:http answering the same ${measured.answerBytes} bytes to the same request (mean of before and after; ${measured.bareCpu})`,
    measured.bare,
  )
const tinyBase = line(
  `bare node:http answering a ${TINY.body.length}-byte JSON (${tiny.cpu})`,
  tiny.requestsPerSecond,
)
const run = `${CONNECTIONS} connections, ${SECONDS} s`
report('http-throughput', [
  {
    ...line(
      `POST payload, ${run} (p99 ${post.route.p99Ms} ms; ${post.route.cpu})`,
      post.route.requestsPerSecond,
    ),
    baseline: twin(post),
    goal: { judged: 'ratio', atLeast: 0.5 },
  },
  {
    ...line(
      `GET payload, ${run} (p99 ${get.route.p99Ms} ms; ${get.route.cpu})`,
      get.route.requestsPerSecond,
    ),
    baseline: twin(get),
    goal: { judged: 'ratio', atLeast: 0.7 },
  },
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
      get.bare,
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
