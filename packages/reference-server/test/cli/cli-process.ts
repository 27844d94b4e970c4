import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { inject, onTestFinished } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))

/** A running CLI process and what it printed so far. */
export interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

/**
 * Runs the CLI from its sources (bundled for this run by cli-bundle.ts; cwd = the workspace);
 * the process is killed when the test that started it ends, whatever the outcome.
 */
export const run = (args: string[]): Run => {
  const child = spawn(process.execPath, [inject('cliEntry'), ...args], {
    cwd: root,
    stdio: 'pipe',
  })
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  // 'close', not 'exit': after 'exit' the last of stdout and stderr may still be on their way.
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exit }
}

/**
 * Resolves once the CLI's output matches `pattern`, as soon as it is printed (no polling, no
 * deadline: the test's timeout bounds a hang); fails if the process ends without printing it.
 */
export const printed = (cli: Run, pattern: RegExp | string): Promise<string> => {
  const seen = () =>
    typeof pattern === 'string' ? cli.stdout().includes(pattern) : pattern.test(cli.stdout())
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!seen()) return false
      cli.child.stdout?.off('data', check)
      resolve(cli.stdout())
      return true
    }
    if (check()) return
    // After run()'s own listener (registered first), so stdout() already holds the chunk.
    cli.child.stdout?.on('data', check)
    // Settled once the process has ended and its output is all in (at once if it already has).
    void cli.exit.then(() => {
      if (check()) return
      cli.child.stdout?.off('data', check)
      reject(new Error(`no ${pattern} in stdout: ${cli.stdout()} stderr: ${cli.stderr()}`))
    })
  })
}

/** Waits until the banner is printed and reads the endpoints and credentials from it. */
export const started = async (cli: Run) => {
  const text = await printed(cli, 'Ctrl-C stops the server.')
  const field = (name: string) => {
    const match = new RegExp(`${name}\\s+(\\S+)`).exec(text)
    if (!match?.[1]) throw new Error(`no ${name} in the banner: ${text}`)
    return match[1]
  }
  return { text, api: field('api'), key: field('x-api-key'), secret: field('x-api-secret') }
}
