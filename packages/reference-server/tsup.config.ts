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
    sourcemap: true,
    // import.meta.url in the CJS build (ledger/x-address-precheck.ts resolves the codec's copy).
    shims: true,
  },
  {
    name: 'cli',
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    tsconfig: 'tsconfig.build.json',
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    banner: { js: '#!/usr/bin/env node' },
  },
])
