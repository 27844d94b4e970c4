import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

const root = fileURLToPath(new URL('../../../..', import.meta.url))
const script = fileURLToPath(new URL('./leave-subscription-open.ts', import.meta.url))

// The bound a hung process would hit: well past a normal run, well short of the SDK's reconnect
// loop (20 attempts, backoff up to 10 s), which kept such a process alive for minutes.
const BOUND_MS = 60_000

test(
  'a process that leaves a subscription open exits by itself after server.close() and client.close()',
  async () => {
    // From the repository root, so tsx resolves pullsign and the reference server to their sources.
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const bound = setTimeout(() => child.kill('SIGKILL'), BOUND_MS)
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
    )
    clearTimeout(bound)
    expect({ code, signal }, output).toEqual({ code: 0, signal: null })
    const lines = output.trim().split('\n')
    expect(lines[0]).toMatch(/^subscribed to [0-9a-f-]{36}$/)
    expect(lines).toContain('resolved rejected: AbortError')
    expect(lines.at(-1)).toBe('closed; subscription ended: true')
  },
  BOUND_MS + 10_000,
)
