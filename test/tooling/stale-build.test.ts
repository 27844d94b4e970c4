import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { isBuildStale } from '../../scripts/stale-build.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A package whose every file was written at `at` (seconds), dist/ too. */
const fakePackage = (at: number, withDist = true) => {
  const dir = mkdtempSync(join(tmpdir(), 'pullsign-stale-'))
  dirs.push(dir)
  mkdirSync(join(dir, 'src', 'deep'), { recursive: true })
  const files = ['package.json', 'tsup.config.ts', 'README.md', 'src/index.ts', 'src/deep/part.ts']
  if (withDist) {
    mkdirSync(join(dir, 'dist'))
    files.push('dist/index.js', 'dist/index.d.ts')
  }
  for (const file of files) touch(dir, file, at)
  return dir
}

const touch = (dir: string, file: string, at: number) => {
  writeFileSync(join(dir, file), '')
  utimesSync(join(dir, file), at, at)
}

describe('demo and demo:browser rebuild only when sources are newer than dist/', () => {
  test('no dist/: stale', () => {
    expect(isBuildStale(fakePackage(1000, false))).toBe(true)
  })

  test('dist/ as new as everything: up to date', () => {
    expect(isBuildStale(fakePackage(1000))).toBe(false)
  })

  test.each([
    ['src/deep/part.ts', true],
    ['tsup.config.ts', true],
    ['package.json', true],
    ['README.md', false],
  ])('%s changed after the build: stale %s', (file, stale) => {
    const dir = fakePackage(1000)
    touch(dir, file, 2000)
    expect(isBuildStale(dir)).toBe(stale)
  })

  test('one dist/ file older than a source (a build cut short): stale', () => {
    const dir = fakePackage(1000)
    touch(dir, 'src/index.ts', 1500)
    touch(dir, 'dist/index.js', 2000)
    expect(isBuildStale(dir)).toBe(true)
  })

  test('the root demo scripts go through the check, not an unconditional build', () => {
    const { scripts } = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { scripts: Record<string, string> }
    for (const name of ['demo', 'demo:browser']) {
      expect(scripts[name]).toMatch(/^tsx scripts\/build-if-stale\.ts && /)
    }
  })
})

describe('the demo builds with the pnpm that runs it', () => {
  test('a stale package is built by the running pnpm, not a nested npx (npm would warn about pnpm settings)', () => {
    const dir = fakePackage(1000)
    touch(dir, 'src/index.ts', 2000)
    // A pnpm and an npx that only record how they were called; the npx also warns as npm does.
    const bin = mkdtempSync(join(tmpdir(), 'pullsign-pnpm-'))
    dirs.push(bin)
    const calls = join(bin, 'calls.log')
    const pnpm = join(bin, 'pnpm.cjs')
    writeFileSync(
      pnpm,
      `require('node:fs').appendFileSync(${JSON.stringify(calls)}, 'pnpm ' + process.argv.slice(2).join(' ') + ' in ' + process.cwd() + '\\n')\n`,
    )
    writeFileSync(
      join(bin, 'npx'),
      `#!/bin/sh\necho 'npm warn Unknown env config "verify-deps-before-run"' >&2\necho "npx $*" >> '${calls}'\n`,
    )
    chmodSync(join(bin, 'npx'), 0o755)
    const root = fileURLToPath(new URL('../../', import.meta.url))
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-if-stale.ts', dir], {
      cwd: root,
      encoding: 'utf8',
      // What `pnpm demo` hands its scripts: itself in npm_execpath, its settings as npm_config_*.
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        npm_execpath: pnpm,
        npm_config_verify_deps_before_run: 'false',
      },
    })
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('building (sources newer than dist/)')
    expect(run.stderr).not.toMatch(/npm warn/)
    expect(readFileSync(calls, 'utf8')).toBe(`pnpm run build in ${dir}\n`)
  })
})
