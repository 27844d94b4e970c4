/**
 * 2,000 sequential `ping` calls against the reference server through the SDK, and 2,000 raw fetch
 * calls doing the same requests (same URL, same headers, JSON parsed), in the same run. The two
 * alternate call by call (in both orders) so that machine noise, JIT and GC hit both alike.
 * Goal: SDK / raw ≤ 1.15, on the totals and on the medians.
 *
 * Run: node --import tsx bench/ping.ts
 */
import { performance } from 'node:perf_hooks'
import { createReferenceServer } from '@pullsign/reference-server'
import { PullSign } from 'pullsign'
import { median } from './stats'

const CALLS = 2_000
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

const timed = async (call: () => Promise<unknown>): Promise<number> => {
  const start = performance.now()
  await call()
  return performance.now() - start
}

for (let i = 0; i < WARMUP; i++) {
  await raw()
  await sdk()
}
const rawTimes: number[] = []
const sdkTimes: number[] = []
for (let i = 0; i < CALLS; i++) {
  if (i % 2 === 0) {
    rawTimes.push(await timed(raw))
    sdkTimes.push(await timed(sdk))
  } else {
    sdkTimes.push(await timed(sdk))
    rawTimes.push(await timed(raw))
  }
}
await server.close()

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const line = (name: string, values: number[]) =>
  `${name.padEnd(10)} total ${sum(values).toFixed(0)} ms, median ${(median(values) * 1000).toFixed(0)} µs/call`
const totalRatio = sum(sdkTimes) / sum(rawTimes)
const medianRatio = median(sdkTimes) / median(rawTimes)
const verdict = (ratio: number) => (ratio <= 1.15 ? 'met' : 'NOT met')
console.log(`${CALLS} sequential pings each, against the reference server, alternating`)
console.log(line('raw fetch', rawTimes))
console.log(line('pullsign', sdkTimes))
console.log(
  `ratio pullsign / raw: total ${totalRatio.toFixed(3)} (goal ≤ 1.15: ${verdict(totalRatio)})`,
)
console.log(
  `ratio pullsign / raw: median ${medianRatio.toFixed(3)} (goal ≤ 1.15: ${verdict(medianRatio)})`,
)
