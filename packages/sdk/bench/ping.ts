/**
 * 2,000 sequential `ping` calls against the reference server: through the SDK, and as raw fetch
 * doing the same requests (same URL, same headers, JSON parsed), in the same run. Blocks of the
 * two alternate so that drift (JIT, GC, sockets) hits both alike. Goal: SDK / raw ≤ 1.15.
 *
 * Run: node --import tsx bench/ping.ts
 */
import { performance } from 'node:perf_hooks'
import { createReferenceServer } from '@pullsign/reference-server'
import { PullSign } from 'pullsign'

const CALLS = 2_000
const BLOCK = 250
const WARMUP = 300

const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
if (!app) throw new Error('the reference server has no application')
const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
const url = `${endpoints.api}/api/v1/platform/ping`
const headers = {
  accept: 'application/json',
  'x-api-key': app.apiKey,
  'x-api-secret': app.apiSecret,
}

const raw = async () => {
  const response = await fetch(url, { headers })
  if (!response.ok) throw new Error(`raw ping failed: ${response.status}`)
  return response.json()
}
const sdk = () => pullsign.ping()

async function block(call: () => Promise<unknown>, count: number): Promise<number> {
  const start = performance.now()
  for (let i = 0; i < count; i++) await call()
  return performance.now() - start
}

await block(raw, WARMUP)
await block(sdk, WARMUP)
let rawMs = 0
let sdkMs = 0
for (let done = 0; done < CALLS; done += BLOCK) {
  rawMs += await block(raw, BLOCK)
  sdkMs += await block(sdk, BLOCK)
}
await server.close()

const ratio = sdkMs / rawMs
console.log(`${CALLS} sequential pings against the reference server`)
console.log(`raw fetch: ${rawMs.toFixed(0)} ms (${((rawMs * 1000) / CALLS).toFixed(0)} µs/call)`)
console.log(`pullsign:  ${sdkMs.toFixed(0)} ms (${((sdkMs * 1000) / CALLS).toFixed(0)} µs/call)`)
console.log(
  `ratio pullsign / raw: ${ratio.toFixed(3)} (goal ≤ 1.15: ${ratio <= 1.15 ? 'met' : 'NOT met'})`,
)
