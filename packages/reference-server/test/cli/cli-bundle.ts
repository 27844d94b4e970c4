// vitest globalSetup: bundles the CLI from its sources once per run, so each CLI test spawns
// `node <bundle>` (~0.5 s of CPU) instead of `node --import tsx src/cli.ts` (~2.5 s: tsx's loader
// hooks resolve and load ~330 modules one by one). The sources as they are now, never a dist.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'esbuild'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI bundled from src/cli.ts for this run (cli-process.ts spawns it). */
    cliEntry: string
  }
}

const pkg = fileURLToPath(new URL('../../', import.meta.url))
const workspace = fileURLToPath(new URL('../../../../', import.meta.url))

/**
 * Only the workspace's sources are bundled: each package from node_modules stays a module of its
 * own, imported by its absolute path, the file Node resolves from the importing source (checked:
 * the same file as Node's `import.meta.resolve` for every import), so the bundle loads the very
 * modules `tsx src/cli.ts` loads.
 */
const nodeModulesExternal: Plugin = {
  name: 'node-modules-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('node:')) return undefined
      const resolved = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'resolving',
      })
      if (resolved.errors.length > 0) return { errors: resolved.errors }
      if (resolved.external || !resolved.path.includes('/node_modules/')) return undefined
      return { path: resolved.path, external: true }
    })
  },
}

export default async function setup(project: TestProject) {
  // Inside the package, so what the CLI resolves at run time from its own file
  // (createRequire(import.meta.url): pullsign's script-tag build, ripple-keypairs) resolves as
  // from src/.
  const parent = join(pkg, 'node_modules/.cache')
  mkdirSync(parent, { recursive: true })
  const dir = mkdtempSync(join(parent, 'cli-under-test-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    await build({
      entryPoints: { cli: join(pkg, 'src/cli.ts') },
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      // Chunks for the dynamic imports, as the ES modules they are: without splitting, esbuild
      // wraps modules in lazy initialisers and a cycle reads a binding before it is set.
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // The workspace's tsconfig maps `pullsign` and its subpaths to the SDK's sources, as tsx
      // run from the workspace does.
      tsconfig: join(workspace, 'tsconfig.json'),
      absWorkingDir: workspace,
      plugins: [nodeModulesExternal],
      logLevel: 'silent',
    })
  } catch (err) {
    remove()
    throw err
  }
  project.provide('cliEntry', join(dir, 'cli.mjs'))
  return remove
}
