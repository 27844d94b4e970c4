import { defineConfig } from 'tsup'

export default defineConfig([
  {
    name: 'library',
    entry: { index: 'src/index.ts', msw: 'src/msw.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    tsconfig: 'tsconfig.build.json',
    target: 'node20',
    platform: 'node',
    // import.meta.url in the CommonJS build (web/script-tag-sdk.ts resolves the SDK's file from it;
    // src/ledger/signatures/ripple-keypairs-module.ts loads ripple-keypairs with createRequire)
    shims: true,
  },
  {
    name: 'cli',
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    tsconfig: 'tsconfig.build.json',
    target: 'node20',
    platform: 'node',
    // The CLI runs the library build beside it (dist/index.js) rather than a second copy of the
    // server bundled into dist/cli.js: one copy in the tarball, one module state at run time.
    esbuildPlugins: [
      {
        name: 'library-bundle',
        setup(build) {
          build.onResolve({ filter: /^\.\/index$/ }, () => ({ path: './index.js', external: true }))
        },
      },
    ],
  },
])
