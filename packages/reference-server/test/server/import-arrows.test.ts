import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Data flows one way: adapters (http/, ws/, web/) call the platform and identity (http/ renders
// web/'s pages, never the other way round), identity uses the platform, the wallet drives the
// platform, the platform drives the ledger, and the ledger knows nothing above it; only the
// composition root (create-platform.ts) and the entry points at the top of src/ see every part.
// Each rule names a source folder and the folders it must never import.
const FORBIDDEN: Record<string, readonly string[]> = {
  ledger: ['platform', 'wallet', 'identity', 'http', 'ws', 'web'],
  platform: ['wallet', 'identity', 'http', 'ws', 'web'],
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

/** The file an import names: `x` is `x.ts` or the folder `x/` (its index.ts). */
const fileOf = (path: string) =>
  statSync(path, { throwIfNoEntry: false })?.isDirectory() === true
    ? join(path, 'index.ts')
    : path.endsWith('.ts')
      ? path
      : `${path}.ts`

const arrows = sourceFiles(SRC).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
    from: relative(SRC, file),
    to: relative(SRC, fileOf(resolve(dirname(file), match[1] ?? ''))),
    fromFolder: folderOf(file),
    toFolder: folderOf(resolve(dirname(file), match[1] ?? '')),
    specifier: match[1] ?? '',
  })),
)

/** The circles (strongly connected files, Tarjan) of more than one file in a graph of imports. */
const circlesOf = (next: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    low.set(file, index.get(file) ?? 0)
    stack.push(file)
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0))
      } else if (stack.includes(to)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0))
      }
    }
    if (low.get(file) !== index.get(file)) return
    const circle: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member !== undefined) circle.push(member)
    } while (member !== undefined && member !== file)
    if (circle.length > 1) found.push(circle.sort())
  }
  for (const file of next.keys()) if (!index.has(file)) visit(file)
  return found
}

const importGraph = new Map<string, string[]>()
for (const arrow of arrows) {
  importGraph.set(arrow.from, [...(importGraph.get(arrow.from) ?? []), arrow.to])
}

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

  it('no import circle crosses a folder (sub-folders included)', () => {
    const crossing = circlesOf(importGraph).filter(
      (circle) => new Set(circle.map(dirname)).size > 1,
    )
    expect(crossing).toEqual([])
  })

  it('finds a circle where there is one (the circle finder works)', () => {
    const graph = new Map([
      ['platform/a.ts', ['identity/b.ts', 'platform/c.ts']],
      ['identity/b.ts', ['platform/index.ts']],
      ['platform/index.ts', ['platform/a.ts']],
      ['platform/c.ts', []],
    ])
    expect(circlesOf(graph)).toEqual([['identity/b.ts', 'platform/a.ts', 'platform/index.ts']])
    expect(arrows).toContainEqual(
      expect.objectContaining({ from: 'create-platform.ts', to: 'platform/index.ts' }),
    )
  })

  it('registers routes only in http/', () => {
    const routeModules = sourceFiles(SRC)
      .filter((file) => /\bnew Hono\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(routeModules.length).toBeGreaterThan(5)
    expect(routeModules.filter((file) => folderOf(join(SRC, file)) !== 'http')).toEqual([])
  })
})
