import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
