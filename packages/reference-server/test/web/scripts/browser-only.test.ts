import { readdirSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { DEMO_XAPP_SCRIPT } from '../../../src/web/page-scripts.gen'

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
    // the one exception: the demo xApp's `import type * as Sdk from 'pullsign'`, the SDK's public
    // types for the script-tag global, erased by the bundler (the bundle is checked below)
    const allowed = (line: string) =>
      / -> \.\/[a-z-]+$/.test(line) || line === 'demo-xapp.ts -> pullsign'
    expect(imports.filter((line) => !allowed(line))).toEqual([])
    const source = readFileSync(resolve(SCRIPTS, 'demo-xapp.ts'), 'utf8')
    expect(source).toMatch(/^import type \* as Sdk from 'pullsign'$/m)
  })

  it('the demo xApp bundle carries none of the SDK: it uses the script-tag global', () => {
    expect(DEMO_XAPP_SCRIPT.source).not.toMatch(/createXappClient\s*\(\s*options|class PullSign/)
    expect(DEMO_XAPP_SCRIPT.source.length).toBeLessThan(6000)
  })
})
