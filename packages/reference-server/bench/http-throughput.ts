import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Hono } from 'hono'
import { API_PATHS } from 'pullsign/wire'
import type { NodeHttp1Handler } from 'srvx'
import { toNodeHandler } from 'srvx/node'
import { jsonResponse } from '../src/http/responses'
import { createReferenceServer } from '../src/index'
import { forkBenchChild, nextMessage } from './bench-child'
import { apiHeaders, bobAddress } from './bench-fixtures'
import { quick, report } from './bench-report'
import type { LoadRequest, LoadResult } from './load-generator'

// Issue 4: POST payload ≥ 0.5 and GET payload ≥ 0.7 of a bare node:http server answering a fixed
// JSON, 50 connections, rate limits off, the load generator in another process.
const CONNECTIONS = quick ? 4 : 50
const SECONDS = quick ? 1 : 10
const WARMUP_SECONDS = quick ? 0 : 2

const FIXED_JSON = JSON.stringify({ pong: true, auth: { application: { name: 'bare' } } })

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )

const loader = forkBenchChild('./load-generator.ts')
await nextMessage(loader, 'ready')

const load = async (request: Omit<LoadRequest, 'type' | 'connections' | 'seconds'>) => {
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

// The baseline: node:http and nothing else, in this same process.
const bare = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(FIXED_JSON)
})
const bareUrl = await listen(bare)
const bareBefore = await load({ url: `${bareUrl}/`, method: 'GET', headers: {} })

// The framework floor, same run: Hono on srvx's node adapter as the reference server mounts it,
// answering the same fixed JSON from one route with the server's own response helper.
const hono = new Hono()
hono.get('/', () => jsonResponse(JSON.parse(FIXED_JSON)))
const honoServer = createServer(toNodeHandler(hono.fetch) as NodeHttp1Handler)
const honoUrl = await listen(honoServer)
const floor = await load({ url: `${honoUrl}/`, method: 'GET', headers: {} })
honoServer.close()

const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
if (!app) throw new Error('the demo fixtures should hold an application')
const destination = bobAddress(server.platform)
const headers = apiHeaders(app)
const body = JSON.stringify({
  txjson: { TransactionType: 'Payment', Destination: destination, Amount: '1000000' },
  options: { expire: 10 },
  custom_meta: { instruction: 'Pay for order 42' },
})
const { uuid } = server.platform.payloads.create(app, JSON.parse(body))
const get = await load({
  url: `${endpoints.api}${API_PATHS.platform}/payload/${uuid}`,
  method: 'GET',
  headers,
})
const post = await load({
  url: `${endpoints.api}${API_PATHS.platform}/payload`,
  method: 'POST',
  headers,
  body,
})
// The same create with a different amount in every request: a miss of the create's encode memo
// (src/platform/transaction-check.ts) each time, as in a suite whose transactions never repeat.
const numberedPost = await load({
  url: `${endpoints.api}${API_PATHS.platform}/payload`,
  method: 'POST',
  headers,
  body: body.replace('"1000000"', '"{n}"'),
  numbered: true,
})
const bareAfter = await load({ url: `${bareUrl}/`, method: 'GET', headers: {} })
const baseline = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2
await server.close()

loader.disconnect()
bare.close()

const base = {
  name: `bare node:http fixed JSON (mean of before and after; ${bareBefore.cpu})`,
  value: baseline,
  unit: 'req/s',
}
report('http-throughput', [
  {
    name: `POST payload, ${CONNECTIONS} connections, ${SECONDS} s (p99 ${post.p99Ms} ms; ${post.cpu})`,
    value: post.requestsPerSecond,
    unit: 'req/s',
    baseline: base,
    goal: { judged: 'ratio', atLeast: 0.5 },
  },
  {
    name: `GET payload, ${CONNECTIONS} connections, ${SECONDS} s (p99 ${get.p99Ms} ms; ${get.cpu})`,
    value: get.requestsPerSecond,
    unit: 'req/s',
    baseline: base,
    goal: { judged: 'ratio', atLeast: 0.7 },
  },
  {
    name: `POST payload, every amount different (p99 ${numberedPost.p99Ms} ms; ${numberedPost.cpu})`,
    value: numberedPost.requestsPerSecond,
    unit: 'req/s',
    baseline: base,
    goal: null,
  },
  {
    name: `Hono on srvx, one route answering the fixed JSON: the framework floor (${floor.cpu})`,
    value: floor.requestsPerSecond,
    unit: 'req/s',
    baseline: base,
    goal: null,
  },
])
