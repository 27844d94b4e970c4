import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { UUID } from '../../src/platform/ids'
import { XAPP_HOST_SCRIPT } from '../../src/web/pages/xapp-host/xapp-host-script'

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src')
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? sourceFiles(path) : entry.name.endsWith('.ts') ? [path] : []
  })

describe('one UUID pattern (platform/ids.ts)', () => {
  it('no other source file spells a UUID pattern of its own', () => {
    const spelled = sourceFiles(SRC)
      .filter((file) => /\{8\}[-(]/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file))
    expect(spelled).toEqual(['platform/ids.ts'])
  })

  it('the xApp host script checks uuids with it', () => {
    const match = /var UUID = \/(.+)\/i\n/.exec(XAPP_HOST_SCRIPT)
    expect(match?.[1]).toBe(UUID.source)
  })
})
