import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { quick, RESULT_PREFIX } from './bench-report'

// Every bench, one after another, each in its own node process (with --expose-gc for
// the memory ones), so a bench never measures the garbage of the previous one.
const BENCHES = [
  'http-throughput',
  'lifecycles',
  'payload-sockets',
  'payload-memory',
  'ledger-payments',
  'credential-payments',
  'ledger-offers',
  'ledger-objects',
  'ledger-nfts',
  'mpt-payments',
  'amm-swaps',
  'amm-book-payments',
  'simulate-payments',
  'path-find',
  'amm-memory',
  'ledger-node',
  'ledger-streams',
  'fuzz',
  'auth-flood',
  'cold-start',
  'dev-chain-file',
] as const

const runOne = (name: string) =>
  new Promise<{ name: string; code: number | null; summary: string | null }>((resolve) => {
    const script = fileURLToPath(new URL(`./${name}.ts`, import.meta.url))
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', script, ...(quick ? ['--quick'] : [])],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let summary: string | null = null
    let pending = ''
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        if (line.startsWith(RESULT_PREFIX)) summary = line
        else console.log(line)
      }
    })
    child.on('close', (code) => {
      if (pending.startsWith(RESULT_PREFIX)) summary = pending
      resolve({ name, code, summary })
    })
  })

const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const results = []
for (const name of BENCHES) {
  if (only.length > 0 && !only.includes(name)) continue
  results.push(await runOne(name))
}
console.log('\n== summary')
for (const { name, code, summary } of results) {
  const lines = summary
    ? (
        JSON.parse(summary.slice(RESULT_PREFIX.length)) as {
          lines: { name: string; pass: boolean; goal: unknown }[]
        }
      ).lines
    : []
  const judged = lines.filter((line) => line.goal !== null)
  const passed = judged.filter((line) => line.pass).length
  console.log(
    `${name}: ${summary ? `${passed}/${judged.length} goals met` : 'no result'}${code === 0 ? '' : ` (exit ${code})`}`,
  )
  if (summary) console.log(summary)
}
if (results.some((result) => result.summary === null || (result.code !== 0 && !quick))) {
  process.exitCode = 1
}
