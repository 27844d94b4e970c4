import { readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const SCRIPTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/web/scripts')
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'/g

describe('the page scripts are bundled into pages, so they import only each other', () => {
  const imports = readdirSync(SCRIPTS)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      [...readFileSync(resolve(SCRIPTS, name), 'utf8').matchAll(IMPORT)].map(
        (match) => `${name} -> ${match[1]}`,
      ),
    )

  it('finds the imports it judges (the reader works)', () => {
    expect(imports).toContain('sign-page.ts -> ./page-data')
  })

  it('no server module, no package: nothing of the server ends up in a browser', () => {
    expect(imports.filter((line) => !/ -> \.\/[a-z-]+$/.test(line))).toEqual([])
  })
})
