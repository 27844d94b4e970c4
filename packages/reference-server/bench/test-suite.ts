import { execFileSync } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

// Issue 27's suite: 20 files × 5 tests in vitest's default config (forks, each file isolated),
// four ways in the same run, alternating: a plain msw `setupServer` suite (the baseline), a
// reference server per file through the kit, the kit's server behind msw (no port), and one
// shared server with a tenant per file (the kit's url mode). Prints each suite's wall time and
// its overhead per file against the baseline. Needs `pnpm build`: the built packages are copied
// into the suites' node_modules, as users install them, because vitest runs a package in
// node_modules natively but transforms and runs any file outside it (a workspace link or the
// package's self-reference) through its own module runner, in every file.
const FILES = 20
const TESTS = 5
const ROUNDS = Number(process.argv[2] ?? 2)
const here = fileURLToPath(new URL('.', import.meta.url))
const work = join(here, '.suite')
const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url))

// vitest's defaults but for the timeouts: a loaded machine must not fail a suite, only slow it.
const TIMEOUTS = 'testTimeout: 120_000, hookTimeout: 120_000'
const signIn = "{ txjson: { TransactionType: 'SignIn' } }"
const kitTests = Array.from(
  { length: TESTS },
  (_, i) => `test('payload ${i}', async () => {
  const { uuid } = await env.client.payload.create(${signIn})
  await env.users[0].sign(uuid)
  expect((await env.client.payload.get(uuid)).meta.signed).toBe(true)
})`,
).join('\n')

const SUITES: Record<string, { file: string; config?: string; setup?: string }> = {
  msw: {
    file: `import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
const server = setupServer(http.get('https://api.example/item/:id', ({ params }) => HttpResponse.json({ id: params.id, signed: true })))
beforeAll(() => server.listen())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())
${Array.from(
  { length: TESTS },
  (_, i) => `test('item ${i}', async () => {
  const body = await (await fetch('https://api.example/item/${i}')).json()
  expect(body.signed).toBe(true)
})`,
).join('\n')}
`,
  },
  'kit server per file': {
    file: `import { createTestEnvironment } from '@pullsign/reference-server/testing'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
let env
beforeAll(async () => { env = await createTestEnvironment() })
afterEach(() => env.reset())
afterAll(() => env.close())
${kitTests}
`,
  },
  'msw route': {
    file: `import { createReferenceServer } from '@pullsign/reference-server'
import { createHandlers } from '@pullsign/reference-server/msw'
import { setupServer } from 'msw/node'
import { createBackendClient } from 'pullsign'
import { afterAll, beforeAll, expect, test } from 'vitest'
const endpoints = { api: 'http://ref.test', oauth: 'http://ref.test/oauth', links: 'http://ref.test' }
const ref = createReferenceServer({ endpoints })
const msw = setupServer(...createHandlers(ref))
const [app] = ref.platform.applications.list()
const [alice] = ref.platform.users.list()
const env = {
  client: createBackendClient({ apiKey: app.apiKey, apiSecret: app.apiSecret, endpoints }),
  users: [{ sign: (uuid) => ref.wallet.sign(uuid, { user: alice.uuid }) }],
}
beforeAll(() => msw.listen())
afterAll(async () => { msw.close(); await ref.close() })
${kitTests}
`,
  },
  'kit shared server': {
    config: `export default { test: { ${TIMEOUTS}, globalSetup: ['./global-setup.mjs'] } }\n`,
    setup: `import { createReferenceServer } from '@pullsign/reference-server'
export default async function setup(project) {
  const server = createReferenceServer()
  project.provide('pullsignUrl', (await server.listen(0)).api)
  return () => server.close()
}
`,
    file: `import { createTestEnvironment } from '@pullsign/reference-server/testing'
import { afterAll, afterEach, beforeAll, expect, inject, test } from 'vitest'
let env
beforeAll(async () => { env = await createTestEnvironment({ url: inject('pullsignUrl') }) })
afterEach(() => env.reset())
afterAll(() => env.close())
${kitTests}
`,
  },
}

const dirOf = (name: string) => join(work, name.replaceAll(' ', '-'))
rmSync(work, { recursive: true, force: true })
// package.json and dist of each, as `npm install` leaves them; a package's own dependencies are
// found through a link to its workspace node_modules (the server's, further up, for the server).
const install = (name: string, from: string, linkDependencies: boolean) => {
  const to = join(work, 'node_modules', name)
  for (const entry of ['package.json', 'dist'])
    cpSync(join(from, entry), join(to, entry), { recursive: true })
  if (linkDependencies) symlinkSync(join(from, 'node_modules'), join(to, 'node_modules'), 'dir')
}
install('@pullsign/reference-server', join(here, '..'), false)
// A package of its own around the suites: without it the nearest package.json is the server's,
// whose name and exports make `@pullsign/reference-server` a self-reference to its `dist/`
// (outside node_modules) before node_modules is looked at, by Node and vitest alike.
writeFileSync(join(work, 'package.json'), '{ "private": true, "type": "module" }\n')
install('pullsign', join(here, '../../sdk'), true)
for (const [name, suite] of Object.entries(SUITES)) {
  const dir = dirOf(name)
  mkdirSync(dir, { recursive: true })
  writeFileSync(
    join(dir, 'vitest.config.mjs'),
    suite.config ?? `export default { test: { ${TIMEOUTS} } }\n`,
  )
  if (suite.setup) writeFileSync(join(dir, 'global-setup.mjs'), suite.setup)
  for (let i = 0; i < FILES; i++) writeFileSync(join(dir, `file-${i}.test.mjs`), suite.file)
}

// The CPU time of this process's waited-for children (Linux's /proc, fields 16 and 17, in clock
// ticks of 10 ms): on a machine shared with other runs, CPU moves far less with their load than
// wall time does. null where there is no /proc.
const childCpuMs = (): number | null => {
  if (!existsSync('/proc/self/stat')) return null
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[13]) + Number(fields[14])) * 10
}

const runSuite = (name: string): { wall: number; cpu: number | null } => {
  const started = performance.now()
  const cpuBefore = childCpuMs()
  execFileSync(process.execPath, [vitest, 'run', '--root', dirOf(name)], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NO_COLOR: '1' },
  })
  const cpuAfter = childCpuMs()
  return {
    wall: performance.now() - started,
    cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')
console.log(`suite bench: ${FILES} files × ${TESTS} tests, ${ROUNDS} rounds, load before ${load()}`)
const times: Record<string, number[]> = {}
const cpus: Record<string, number[]> = {}
for (let round = 0; round < ROUNDS; round++) {
  const order = Object.keys(SUITES)
  if (round % 2 === 1) order.reverse()
  for (const name of order) {
    const { wall, cpu } = runSuite(name)
    times[name] = [...(times[name] ?? []), wall]
    if (cpu !== null) cpus[name] = [...(cpus[name] ?? []), cpu]
    const cpuText = cpu === null ? '' : `, CPU ${cpu} ms`
    console.log(`  round ${round + 1} ${name}: ${wall.toFixed(0)} ms${cpuText} (load ${load()})`)
  }
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
// Issue 27's targets: the wall time a file adds over msw's, per file.
const TARGETS: Record<string, number> = { 'kit server per file': 150, 'kit shared server': 100 }
const signed = (ms: number) => `${ms >= 0 ? '+' : ''}${ms.toFixed(0)} ms`
const baseline = median(times.msw ?? [])
const cpuBaseline = median(cpus.msw ?? [])
for (const [name, values] of Object.entries(times)) {
  const perFile = (median(values) - baseline) / FILES
  const cpu = cpus[name]
  const cpuText = cpu
    ? `, CPU ${median(cpu).toFixed(0)} ms` +
      (name === 'msw' ? '' : ` (${signed((median(cpu) - cpuBaseline) / FILES)} per file)`)
    : ''
  const target = TARGETS[name]
  const verdict =
    target === undefined ? '' : `  ${perFile <= target ? 'PASS' : 'FAIL'} (≤ +${target} ms)`
  console.log(
    `${name.padEnd(20)} wall ${median(values).toFixed(0).padStart(6)} ms (runs ${values.map((v) => v.toFixed(0)).join(', ')})` +
      (name === 'msw' ? '' : `  per file ${signed(perFile)}`) +
      cpuText +
      verdict,
  )
}
console.log(`load after ${load()}`)
rmSync(work, { recursive: true, force: true })
