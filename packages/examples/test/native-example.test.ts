import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const run = promisify(execFile)
const examples = fileURLToPath(new URL('..', import.meta.url))

test('native/deep-link.ts signs in through the deep link, uses the JWT, and the backend verifies it', async () => {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'native/deep-link.ts'], {
    cwd: examples,
    timeout: 60_000,
  })
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => line.replace(/^\[\+\s*\d+ ms\] /, ''))
  const expected = [
    /^event retrieving$/,
    /^event ready$/,
    /^app: opening http:\/\/127\.0\.0\.1:\d+\/oauth\/auth in the system browser$/,
    /^browser: the wallet shows sign-in request [0-9a-f-]{36}$/,
    /^app: opened with myapp:\/\/signin\?code=…$/,
    /^event success$/,
    /^signed in as (r\w+) \(Alice\)$/,
    /^ping with the JWT: pong=true$/,
    /^userstore: \{"theme":"dark"\}$/,
    /^backend: JWT verified, sub (r\w+), app Native app$/,
    /^event logout$/,
    /^event loggedout$/,
  ]
  expect(lines.length, stdout).toBe(expected.length)
  for (const [i, pattern] of expected.entries()) expect(lines[i], stdout).toMatch(pattern)
  expect(lines[6]?.split(' ')[3]).toBe(lines[9]?.split(' ')[4]?.replace(',', ''))
}, 90_000)
