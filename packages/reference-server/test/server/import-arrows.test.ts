import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Data flows one way: adapters (http/, ws/, web/) call the
// platform (http/ renders web/'s pages, never the other way round), the wallet drives the platform, the platform drives the ledger, and the ledger knows
// nothing above it. Each rule names a source folder and the folders it must never import.
const FORBIDDEN: Record<string, readonly string[]> = {
  ledger: ['platform', 'wallet', 'identity', 'http', 'ws', 'web'],
  platform: ['wallet', 'http', 'ws', 'web'],
  wallet: ['http', 'ws', 'web'],
  identity: ['wallet', 'http', 'ws', 'web'],
  web: ['http', 'ws', 'wallet'],
}

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'(\.[^']+)'/g

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })

/** The top folder of src/ a file (or an imported folder's index) is in; '' for a file at the top. */
const folderOf = (path: string) => {
  const parts = relative(SRC, path).split(sep)
  const isFolder = statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
  return parts.length > 1 || isFolder ? (parts[0] ?? '') : ''
}

const arrows = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
    from: relative(SRC, file),
    fromFolder: folderOf(file),
    toFolder: folderOf(resolve(dirname(file), match[1] ?? '')),
    specifier: match[1] ?? '',
  })),
)

describe('import arrows point one way', () => {
  it('finds the imports it judges (the reader works)', () => {
    expect(arrows.length).toBeGreaterThan(300)
    expect(arrows).toContainEqual(
      expect.objectContaining({ from: 'create-platform.ts', toFolder: 'wallet' }),
    )
  })

  it.each(Object.entries(FORBIDDEN))('%s/ imports none of %j', (folder, forbidden) => {
    const wrong = arrows.filter(
      (arrow) => arrow.fromFolder === folder && forbidden.includes(arrow.toFolder),
    )
    expect(wrong.map((arrow) => `${arrow.from} -> ${arrow.specifier}`)).toEqual([])
  })

  it('registers routes only in http/', () => {
    const routeModules = sourceFiles(SRC)
      .filter((file) => /\bnew Hono\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(routeModules.length).toBeGreaterThan(5)
    expect(routeModules.filter((file) => folderOf(join(SRC, file)) !== 'http')).toEqual([])
  })
})
