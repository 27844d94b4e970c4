import { spawnSync } from 'node:child_process'
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test } from 'vitest'
import { provisionChromium } from '../../scripts/chromium.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))
const missing = '/nonexistent/pullsign-test/chromium'

// A fake apt-get first on PATH: it only records that it was called.
const fakeBin = mkdtempSync(join(tmpdir(), 'pullsign-apt-'))
const aptLog = join(fakeBin, 'apt-get.log')
writeFileSync(join(fakeBin, 'apt-get'), `#!/bin/sh\necho "$@" >> '${aptLog}'\n`)
chmodSync(join(fakeBin, 'apt-get'), 0o755)
afterAll(() => rmSync(fakeBin, { recursive: true, force: true }))

/** Runs `node --import tsx` in the repository root with `CHROMIUM_PATH` set and the fake apt-get. */
const run = (chromium: string, args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...process.env,
      CHROMIUM_PATH: chromium,
      PATH: `${fakeBin}:${process.env.PATH}`,
    },
  })

describe('Chromium for the browser tests', { timeout: 30_000 }, () => {
  test('loading the vitest config checks and installs nothing, even with Chromium missing', () => {
    const loaded = run(missing, [
      '--input-type=module',
      '-e',
      "const { default: config } = await import('./vitest.config.ts'); console.log(config.test.projects.length)",
    ])
    expect(loaded.stderr).not.toMatch(/Chromium not found/)
    expect(loaded.status, loaded.stderr).toBe(0)
    expect(Number(loaded.stdout.trim())).toBeGreaterThan(1)
    expect(existsSync(aptLog)).toBe(false)
  })

  test('the provisioning step fails with what to do when CHROMIUM_PATH points nowhere', () => {
    const step = run(missing, ['scripts/provision-chromium.ts'])
    expect(step.status).toBe(1)
    expect(step.stderr).toContain(`Chromium not found at ${missing}`)
    expect(step.stderr).toMatch(/apt-get install chromium.*CHROMIUM_PATH/)
    expect(existsSync(aptLog)).toBe(false)
  })

  test('as root with Debian chromium missing, it says it will install before apt-get starts', () => {
    // The fake apt-get logs each call to the same file as the lines shown to the person, and
    // "installs" chromium where it is expected.
    const target = join(fakeBin, 'usr-bin-chromium')
    const apt = join(fakeBin, 'recording-apt-get')
    const order = join(fakeBin, 'order.log')
    writeFileSync(
      apt,
      `#!/bin/sh\necho "apt-get $*" >> '${order}'\n[ "$1" = install ] && touch '${target}'\nexit 0\n`,
    )
    chmodSync(apt, 0o755)
    const path = provisionChromium({
      path: target,
      mayInstall: true,
      aptGet: apt,
      log: (line) => appendFileSync(order, `said: ${line}\n`),
    })
    expect(path).toBe(target)
    const lines = readFileSync(order, 'utf8').trim().split('\n')
    expect(lines).toEqual([
      expect.stringMatching(
        /^said: \[chromium\] .* not found: installing Debian's chromium package as root .*CHROMIUM_PATH/,
      ),
      'apt-get update -qq',
      'apt-get install -y -qq chromium',
    ])
  })

  test('without the right to install, it never runs apt-get and says what to do', () => {
    const said: string[] = []
    const apt = join(fakeBin, 'must-not-run')
    expect(() =>
      provisionChromium({
        path: missing,
        mayInstall: false,
        aptGet: apt,
        log: (line) => said.push(line),
      }),
    ).toThrow(/Chromium not found at .*apt-get install chromium/)
    expect(said).toEqual([])
  })

  test('the provisioning step passes and names the binary when it is there', () => {
    const step = run(process.execPath, ['scripts/provision-chromium.ts'])
    expect(step.status, step.stderr).toBe(0)
    expect(step.stdout).toContain(`[chromium] ${process.execPath}`)
  })

  test('the root test script provisions first, and CI runs exactly the README test command', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts
    expect(scripts.test).toMatch(/^tsx scripts\/provision-chromium\.ts && /)
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const command = readme.match(/^(npx -y pnpm@\S+ install && npx -y pnpm@\S+ test)\s/m)?.[1]
    expect(command, 'the README has no test command line').toBeDefined()
    const ci = readFileSync(join(root, '.ci/run'), 'utf8').trim().split('\n')
    expect(
      ci.filter(
        (line) =>
          line && !line.startsWith('#') && !line.startsWith('set ') && !line.startsWith('cd '),
      ),
    ).toEqual([command])
  })
})
