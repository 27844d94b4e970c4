import { spawnSync } from 'node:child_process'

/**
 * Memory benches need `global.gc`: when it is missing, runs this same script again with
 * `--expose-gc` (keeping tsx and the arguments) and exits with its status, so
 * `node --import tsx bench/<name>.ts` just works.
 */
export function ensureGc(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) return gc
  const script = process.argv[1]
  if (!script) throw new Error('cannot tell which script to run again with --expose-gc')
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', ...process.execArgv, script, ...process.argv.slice(2)],
    { stdio: 'inherit' },
  )
  return process.exit(result.status ?? 1)
}

/** Runs the collector until the heap stops shrinking, then reads heap and RSS. */
export function settledMemory(gc: () => void): { heapUsed: number; rss: number } {
  let previous = Number.POSITIVE_INFINITY
  for (let round = 0; round < 6; round++) {
    gc()
    const used = process.memoryUsage().heapUsed
    if (previous - used < 64 * 1024) break
    previous = used
  }
  const { heapUsed, rss } = process.memoryUsage()
  return { heapUsed, rss }
}
