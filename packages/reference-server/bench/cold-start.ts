import { execFile } from 'node:child_process'
import { loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { type BenchLine, quick, report } from './bench-report'

// A contract test's cold start (issue 27): in a fresh process, import the built package, create
// the server, listen, create a payment (raw fetch with the demo application's key), sign it through
// the control API and GET it; against `import('msw/node')` alone, the cost a plain msw suite pays
// per test file. Each round starts one process of each, alternating, so a change in the shared
// machine's load falls on both; the medians are judged. Goal: the first signed payload within
// 2.5 × msw's import, and `reset()` within 3 ms.
const ROUNDS = quick ? 1 : 15
const CHILD = fileURLToPath(new URL('./cold-start-child.mjs', import.meta.url))

type ServerTimes = Record<
  | 'import'
  | 'create'
  | 'listen'
  | 'firstCreate'
  | 'sign'
  | 'get'
  | 'total'
  | 'rss'
  | 'heapUsed'
  | 'firstReset'
  | 'reset',
  number
>

const runChild = <T>(mode: 'server' | 'msw') =>
  new Promise<T>((resolve, reject) => {
    execFile(process.execPath, [CHILD, mode], (error, stdout, stderr) => {
      if (error) reject(new Error(`cold-start child (${mode}): ${stderr || error.message}`))
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as T)
    })
  })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const loadBefore = loadavg()
const servers: ServerTimes[] = []
const msw: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  // Which one starts first alternates too.
  if (round % 2 === 0) {
    servers.push(await runChild<ServerTimes>('server'))
    msw.push((await runChild<{ msw: number }>('msw')).msw)
  } else {
    msw.push((await runChild<{ msw: number }>('msw')).msw)
    servers.push(await runChild<ServerTimes>('server'))
  }
}
const loadAfter = loadavg()
const of = (key: keyof ServerTimes) => median(servers.map((times) => times[key]))
const mswMedian = median(msw)
const ms = (name: string, key: keyof ServerTimes): BenchLine => ({
  name,
  value: of(key),
  unit: 'ms',
  baseline: null,
  goal: null,
})

console.log(
  `${ROUNDS} rounds; load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
)
report('cold-start', [
  {
    name: 'import to first signed payload, median of fresh processes',
    value: of('total'),
    unit: 'ms',
    baseline: { name: "import('msw/node'), median", value: mswMedian, unit: 'ms' },
    goal: { judged: 'ratio', atMost: 2.5 },
  },
  ms('  import @pullsign/reference-server', 'import'),
  ms('  createReferenceServer()', 'create'),
  ms('  listen(0)', 'listen'),
  ms('  first create (POST /payload)', 'firstCreate'),
  ms('  sign (POST /__ref/payloads/{uuid}/sign)', 'sign'),
  ms('  get (GET /payload/{uuid})', 'get'),
  { ...ms('reset() after the first payload', 'firstReset') },
  {
    name: 'reset(), median of 20 after it',
    value: of('reset'),
    unit: 'ms',
    baseline: null,
    goal: { judged: 'value', atMost: 3 },
  },
  {
    name: 'RSS at the first signed payload',
    value: of('rss') / 2 ** 20,
    unit: 'MB',
    baseline: null,
    goal: null,
  },
  {
    name: 'heap used at the first signed payload',
    value: of('heapUsed') / 2 ** 20,
    unit: 'MB',
    baseline: null,
    goal: null,
  },
])
