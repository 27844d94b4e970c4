/**
 * Cold import of the built `pullsign` (dist, as installed from npm) in a fresh Node process, as a
 * ratio to an empty `node -e ""`, median of alternating runs. Build first (`pnpm build`).
 *
 * Run: node --import tsx bench/cold-import.ts
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { median } from './stats'

const RUNS = 25
const sdkRoot = fileURLToPath(new URL('..', import.meta.url))
if (!existsSync(`${sdkRoot}/dist/index.js`)) {
  throw new Error('dist/index.js is missing: run `npx -y pnpm@10.34.8 build` first')
}

// Node resolves a package's own name through its "exports" (self-reference), so this loads
// dist/index.js exactly as a consumer's `import 'pullsign'` would.
const cases = {
  'node -e ""': ['-e', ''],
  "import('pullsign')": ['--input-type=module', '-e', "await import('pullsign')"],
  "require('pullsign')": ['-e', "require('pullsign')"],
  "import('pullsign/verify')": ['--input-type=module', '-e', "await import('pullsign/verify')"],
} as const

const times: Record<string, number[]> = {}
for (let run = 0; run < RUNS; run++) {
  for (const [name, args] of Object.entries(cases)) {
    const start = performance.now()
    const result = spawnSync(process.execPath, args, { cwd: sdkRoot, stdio: 'pipe' })
    const elapsed = performance.now() - start
    if (result.status !== 0) throw new Error(`${name} failed: ${String(result.stderr)}`)
    times[name] = [...(times[name] ?? []), elapsed]
  }
}

const baseline = median(times['node -e ""'] ?? [])
console.log(`cold start, median of ${RUNS} alternating runs`)
for (const [name, values] of Object.entries(times)) {
  const ms = median(values)
  console.log(`${name.padEnd(28)} ${ms.toFixed(1)} ms  ratio ${(ms / baseline).toFixed(2)}`)
}
