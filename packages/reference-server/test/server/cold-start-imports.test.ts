import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })

// A value import (not `import type`) of the module, anywhere in a file.
const valueImportOf = (name: string) =>
  new RegExp(`(?:^|\\n)\\s*import\\s+(?!type\\b)[^'"]*?from\\s+'${name}'`)

describe('what the package loads at import (the cold start, bench/cold-start.ts)', () => {
  it('ripple-keypairs is required on first use only, through ripple-keypairs-module.ts', () => {
    const importers = sourceFiles(SRC)
      .filter((file) => valueImportOf('ripple-keypairs').test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(importers).toEqual([])
    // The reader finds a value import where there is one.
    expect(valueImportOf('ripple-keypairs').test("import { sign } from 'ripple-keypairs'")).toBe(
      true,
    )
    expect(valueImportOf('ripple-keypairs').test("import type { x } from 'ripple-keypairs'")).toBe(
      false,
    )
  })
})
