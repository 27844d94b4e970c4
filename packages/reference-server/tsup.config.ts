import { readFile } from 'node:fs/promises'
import type { Plugin } from 'esbuild'
import { defineConfig } from 'tsup'

// A bundled JSON file (ripple-binary-codec's definitions, 160 KB) as `JSON.parse` of one string:
// V8 reads a string and parses JSON in a third of the time it takes to compile and run the same
// data as an object literal, at every start of a process (bench/README.md, cold start).
const jsonAsParse: Plugin = {
  name: 'json-as-parse',
  setup(build) {
    build.onLoad({ filter: /\.json$/ }, async (args) => {
      const data = JSON.stringify(JSON.parse(await readFile(args.path, 'utf8')))
      return { contents: `module.exports = JSON.parse(${JSON.stringify(data)})`, loader: 'js' }
    })
  },
}

// bignumber.js ships a CommonJS and an ES module file of the same code. ripple-binary-codec
// `require`s it and our ledger code `import`s it, and esbuild resolves each import kind to its own
// file (the package's `require` and `import` conditions): both were bundled, 84 KB each. Every
// import of it resolves as a `require` does, so one copy (the CommonJS file, whose module.exports
// is the default export an `import` reads) serves both.
const oneBigNumber: Plugin = {
  name: 'one-bignumber',
  setup(build) {
    build.onResolve({ filter: /^bignumber\.js$/ }, async ({ path, kind, importer, resolveDir }) => {
      if (kind === 'require-call') return undefined
      const { path: file, errors } = await build.resolve(path, {
        kind: 'require-call',
        importer,
        resolveDir,
      })
      return { path: file, errors }
    })
  },
}

export default defineConfig([
  {
    name: 'library',
    entry: { index: 'src/index.ts', msw: 'src/msw.ts', testing: 'src/testing.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    tsconfig: 'tsconfig.build.json',
    target: 'node20',
    platform: 'node',
    // import.meta.url in the CommonJS build (web/script-tag-sdk.ts resolves the SDK's file from it;
    // src/ledger/signatures/ripple-keypairs-module.ts loads ripple-keypairs with createRequire)
    shims: true,
    // Dependencies not in package.json's `dependencies` (zod, hono, srvx, ripple-binary-codec,
    // ripple-address-codec, bignumber.js, lru-cache) are bundled, tree-shaken: a fresh process
    // reads one file instead of ~220 (the cold start, bench/README.md). So are the SDK's constants
    // and links: `pullsign/links` would load a second ripple-address-codec (with @noble/hashes)
    // of its own; the SDK itself stays a dependency (the kit's client, the public types).
    noExternal: ['pullsign/wire', 'pullsign/links'],
    // Their CommonJS parts `require` node built-ins, which an ES module has no `require` for:
    // this one serves them.
    banner: ({ format }) =>
      format === 'esm'
        ? {
            js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
          }
        : undefined,
    // A cjs `import()` would need jest's --experimental-vm-modules: there it becomes a require.
    esbuildOptions(options, { format }) {
      if (format === 'cjs') options.supported = { ...options.supported, 'dynamic-import': false }
    },
    // The test kit runs the server of dist/index beside it rather than a copy of its own (the cjs
    // build does not split chunks): one copy in the tarball, one module state at run time.
    esbuildPlugins: [
      jsonAsParse,
      oneBigNumber,
      {
        name: 'testing-uses-library',
        setup(build) {
          const file = build.initialOptions.format === 'cjs' ? './index.cjs' : './index.js'
          build.onResolve({ filter: /^\.\/index$/ }, (args) =>
            args.importer.endsWith('testing.ts') ? { path: file, external: true } : undefined,
          )
        },
      },
    ],
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
