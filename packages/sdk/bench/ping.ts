/**
 * 2,000 sequential `ping` calls against the reference server through the SDK, through the field's
 * backend SDK (`xumm-sdk` 1.11.2: node-fetch with a keep-alive agent) and through raw `fetch`
 * (same URL, same headers, JSON parsed), in the same run. The three alternate call by call, in a
 * rotating order, so that machine noise, JIT and GC hit each alike.
 * Goals (issue 41 §1, in every run of five on a quiet machine): SDK / raw ≤ 0.70 and
 * SDK / xumm-sdk ≤ 0.80, on the totals and on the medians.
 *
 * Run: node --import tsx bench/ping.ts, after a build (`npx -y pnpm@10.34.8 --filter pullsign build`)
 */
import { performance } from 'node:perf_hooks'
import { createReferenceServer } from '@pullsign/reference-server'
import { XummSdk } from 'xumm-sdk'
import { median } from './stats'

// The build's `node` entry, what `import 'pullsign'` gives a Node program (in this repository
// `pullsign` names the sources, which default to the global fetch). Its types are the main entry's.
const nodeEntry = '../dist/node/index.js'
const { PullSign } = (await import(nodeEntry)) as typeof import('pullsign')

const CALLS = 2_000
const WARMUP = 300

const server = createReferenceServer({ rateLimits: false, ledgerCloseMs: false })
const endpoints = await server.listen(0)
const [app] = server.platform.applications.list()
if (!app) throw new Error('the reference server has no application')
const pullsign = new PullSign({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints })
const xumm = new XummSdk(app.apiKey, app.apiSecret)
xumm.setEndpoint(endpoints.api)
const url = `${endpoints.api}/api/v1/platform/ping`
const headers = {
  accept: 'application/json',
  'x-api-key': app.apiKey,
  'x-api-secret': app.apiSecret,
}

const contenders: Array<{ name: string; call: () => Promise<unknown>; times: number[] }> = [
  {
    name: 'raw fetch',
    call: async () => {
      const response = await fetch(url, { headers })
      if (!response.ok) throw new Error(`raw ping failed: ${response.status}`)
      return response.json()
    },
    times: [],
  },
  { name: 'pullsign', call: () => pullsign.ping(), times: [] },
  { name: 'xumm-sdk', call: () => xumm.ping(), times: [] },
]
const [raw, sdk, field] = contenders as [
  (typeof contenders)[0],
  (typeof contenders)[0],
  (typeof contenders)[0],
]

for (let i = 0; i < WARMUP; i++) for (const { call } of contenders) await call()
for (let i = 0; i < CALLS; i++) {
  for (let k = 0; k < contenders.length; k++) {
    const { call, times } = contenders[(i + k) % contenders.length] as (typeof contenders)[0]
    const start = performance.now()
    await call()
    times.push(performance.now() - start)
  }
}
await pullsign.close()
await server.close()

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
const line = (name: string, values: number[]) =>
  `${name.padEnd(10)} total ${sum(values).toFixed(0)} ms, median ${(median(values) * 1000).toFixed(0)} µs/call`
const ratio = (of: number[], to: number[], what: 'total' | 'median') =>
  what === 'total' ? sum(of) / sum(to) : median(of) / median(to)
console.log(`${CALLS} sequential pings each, against the reference server, alternating`)
for (const { name, times } of contenders) console.log(line(name, times))
for (const what of ['total', 'median'] as const) {
  const toRaw = ratio(sdk.times, raw.times, what)
  const toField = ratio(sdk.times, field.times, what)
  console.log(
    `pullsign / raw fetch: ${what} ${toRaw.toFixed(3)} (goal ≤ 0.70: ${toRaw <= 0.7 ? 'met' : 'NOT met'}); ` +
      `pullsign / xumm-sdk: ${what} ${toField.toFixed(3)} (goal ≤ 0.80: ${toField <= 0.8 ? 'met' : 'NOT met'})`,
  )
}
