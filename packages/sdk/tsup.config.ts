import { defineConfig } from 'tsup'
import { nodeStandIns } from './node-stand-ins'
import { staticLazyModules } from './static-lazy-modules'

/**
 * One config, named builds (as msw does): the library entries for bundlers (ESM + CJS + d.ts), the
 * main entry again for Node (the `node` export condition: a keep-alive `node:http` transport by
 * default, same types), and the script-tag build that defines `window.PullSign`.
 */
export default defineConfig([
  {
    name: 'library',
    entry: {
      index: 'src/index.ts',
      'wire/index': 'src/wire/index.ts',
      'verify/index': 'src/verify/index.ts',
      'batch/index': 'src/batch/index.ts',
      'links/index': 'src/links/index.ts',
      'ui/index': 'src/ui/index.ts',
      'react/index': 'src/react/index.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    tsconfig: 'tsconfig.build.json',
    target: 'es2022',
    splitting: true,
    treeshake: true,
  },
  {
    name: 'node',
    entry: { 'node/index': 'src/index.ts' },
    format: ['esm', 'cjs'],
    platform: 'node',
    esbuildPlugins: [nodeStandIns],
    tsconfig: 'tsconfig.build.json',
    target: 'es2022',
    splitting: true,
    treeshake: true,
  },
  {
    name: 'iife',
    entry: { 'pullsign.iife': 'src/iife.ts' },
    format: ['iife'],
    platform: 'browser',
    // es2022 keeps #private fields native: down-levelled, each becomes a WeakMap and helpers.
    target: 'es2022',
    esbuildPlugins: [staticLazyModules],
    tsconfig: 'tsconfig.build.json',
    // esbuild minifies, then terser goes over its output: terser's compressor and mangler take
    // another ~4% off the gzip size (bench/README.md). Only the script tag is minified.
    minifyWhitespace: true,
    minifyIdentifiers: true,
    minifySyntax: true,
    minify: 'terser',
    // pure_getters: reading a property has no side effect here (no getter is read for an effect);
    // unsafe_arrows: a function expression that uses no `this` becomes an arrow (none is called
    // with `new`). Together ~75 B of the script tag's gzip size.
    terserOptions: { ecma: 2020, compress: { passes: 2, pure_getters: true, unsafe_arrows: true } },
    outExtension: () => ({ js: '.js' }),
  },
])
