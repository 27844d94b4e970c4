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

// V8 gives the pages of a collected heap back to the system on background threads, after the
// collection returns: RSS read at once can still count tens of MB the heap no longer holds.
const RELEASE_PAUSE_MS = 250

/**
 * {@link settledMemory} read again after a pause in which the collector's background threads
 * give freed pages back: RSS as it stays, for a curve over minutes.
 */
export async function releasedMemory(gc: () => void): Promise<{ heapUsed: number; rss: number }> {
  settledMemory(gc)
  await new Promise((resolve) => setTimeout(resolve, RELEASE_PAUSE_MS))
  return settledMemory(gc)
}
