import { createRequire } from 'node:module'
import { join } from 'node:path'
import { build } from 'esbuild'
import { expect, test } from 'vitest'
import { installedProject } from './consumer-project'

// An app bundles the packed package with esbuild, as users do: `import 'pullsign/ui/define'`
// only for its effect. The package's `sideEffects` must keep it; `pullsign/ui` alone registers
// nothing, so a bare import of it may go.
const project = await installedProject()

const bundle = async (contents: string) => {
  const result = await build({
    stdin: { contents, resolveDir: project, loader: 'js' },
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: join(project, 'out-ui-define'),
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    absWorkingDir: project,
  })
  return result.outputFiles.find((file) => file.path.endsWith('stdin.js'))?.text ?? ''
}

test('esbuild keeps a bare import of pullsign/ui/define (it registers the elements) and drops a bare import of pullsign/ui', async () => {
  const define = await bundle("import 'pullsign/ui/define'")
  expect(define).toMatch(/^defineElements\(\);$/m)
  for (const name of [
    'pullsign-request',
    'pullsign-dialog',
    'pullsign-button',
    'pullsign-qr',
    'pullsign-countdown',
  ]) {
    expect(define).toContain(`"${name}"`)
  }
  // No locale but English in it: the others are chunks of their own, loaded when asked for.
  expect(define).toContain('Sign with your wallet')
  expect(define).not.toContain('Onderteken met je wallet')
  expect((await bundle("import 'pullsign/ui'")).trim()).toBe('')
  // The script tag is a subpath of its own.
  expect(
    createRequire(join(project, 'package.json')).resolve('pullsign/pullsign-ui.iife.js'),
  ).toMatch(/pullsign\/dist\/pullsign-ui\.iife\.js$/)
})
