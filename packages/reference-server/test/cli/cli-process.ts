import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const cli = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
})

/** A running CLI process and what it printed so far. */
export interface Run {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<number | null>
}

/** Runs the CLI from its sources with tsx (cwd = the workspace, whose tsconfig maps pullsign). */
export const run = (args: string[]): Run => {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: root,
    stdio: 'pipe',
  })
  children.push(child)
  let out = ''
  let err = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    err += chunk
  })
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  return { child, stdout: () => out, stderr: () => err, exit }
}

/** Waits until the CLI's output matches `pattern` (the child is a separate process). */
export const printed = async (cli: Run, pattern: RegExp | string): Promise<string> => {
  const deadline = Date.now() + 20_000
  const seen = () =>
    typeof pattern === 'string' ? cli.stdout().includes(pattern) : pattern.test(cli.stdout())
  while (!seen()) {
    if (Date.now() > deadline || cli.child.exitCode !== null) {
      throw new Error(`no ${pattern} in stdout: ${cli.stdout()} stderr: ${cli.stderr()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return cli.stdout()
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
