import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const run = promisify(execFile)
const examples = fileURLToPath(new URL('..', import.meta.url))

/** The websocket events (`event <name>` lines) of a demo output, in order. */
const eventNames = (text: string) => [...text.matchAll(/\] event (\w+)/g)].map((m) => m[1])

/** The first ```text block of a README: the demo output it shows. */
const sampleOf = (readme: string) => {
  const sample = /```text\n([\s\S]*?)```/.exec(readFileSync(readme, 'utf8'))?.[1]
  if (!sample) throw new Error(`no demo output in ${readme}`)
  return sample
}

test('the demo output in the root README and the examples README has the events of a real run', async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'backend/payment.ts'], {
    cwd: examples,
    timeout: 60_000,
  })
  const real = eventNames(stdout)
  expect(real.length, stdout).toBeGreaterThan(5)
  for (const readme of ['../../../README.md', '../README.md']) {
    const path = fileURLToPath(new URL(readme, import.meta.url))
    expect(eventNames(sampleOf(path)), `${path} vs a real run:\n${stdout}`).toEqual(real)
  }
}, 90_000)

test('the examples README lists every program in one table (no blank line splits it)', () => {
  const lines = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8').split(
    '\n',
  )
  const rows = lines.flatMap((line, index) => (line.startsWith('|') ? [index] : []))
  expect((rows.at(-1) ?? 0) - (rows[0] ?? 0), 'table rows must be contiguous').toBe(rows.length - 1)
  for (const script of ['demo', 'signin-push', 'browser', 'native', 'merchant', 'batch', 'xapp']) {
    expect(lines.filter((line) => line.startsWith(`| \`npm run ${script}\``))).toHaveLength(1)
  }
})
