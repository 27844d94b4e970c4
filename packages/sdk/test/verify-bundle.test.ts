import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { expect, test } from 'vitest'

const entry = fileURLToPath(new URL('../src/verify/index.ts', import.meta.url))

test('esbuild bundles pullsign/verify for the browser: no Node built-in is reached', async () => {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
    metafile: true,
    // Comments out, so the check below reads code only (a TSDoc example may mention node:module).
    minify: true,
  })
  expect(result.errors).toEqual([])
  const inputs = Object.keys(result.metafile.inputs)
  const builtins = inputs.filter((path) => /^(node:)?(crypto|buffer|stream|util)$/.test(path))
  expect(builtins).toEqual([])
  const code = result.outputFiles[0]?.text ?? ''
  expect(code).not.toMatch(/require\(["'](node:)?crypto["']\)|from ["']node:/)
  // What the subpath is for made it into the bundle.
  expect(code).toContain('HMAC')
})
