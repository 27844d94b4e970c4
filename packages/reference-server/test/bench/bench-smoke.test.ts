import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { RESULT_PREFIX } from '../../bench/bench-report'

const runBench = fileURLToPath(new URL('../../bench/run.ts', import.meta.url))

interface Summary {
  bench: string
  quick: boolean
  lines: { name: string; value: number; unit: string; goal: unknown }[]
}

// The benches are not part of the suite (they take minutes and judge speed); this runs each in a
// tiny configuration so they cannot rot: every bench must finish and report real numbers.
describe('benches (quick configuration)', () => {
  test('bench/run.ts --quick runs every bench to a result', { timeout: 420_000 }, () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', runBench, '--quick'], {
      encoding: 'utf8',
      timeout: 400_000,
    })
    const output = `${result.stdout}\n${result.stderr}`
    expect(result.status, output.slice(-3000)).toBe(0)
    const summaries = output
      .split('\n')
      .filter((line) => line.startsWith(RESULT_PREFIX))
      .map((line) => JSON.parse(line.slice(RESULT_PREFIX.length)) as Summary)
    expect(summaries.map((s) => s.bench)).toEqual([
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
      'ledger node',
      'ledger streams',
      'fuzz',
      'auth-flood',
      'cold-start',
      'dev-chain-file',
    ])
    for (const summary of summaries) {
      expect(summary.quick).toBe(true)
      for (const line of summary.lines) {
        expect(Number.isFinite(line.value), `${summary.bench}: ${line.name} = ${line.value}`).toBe(
          true,
        )
      }
    }
  })
})
