import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'

/**
 * esbuild plugin of the `node` build: resolves `core/default-fetch.ts` to
 * `node/default-fetch.ts`, so the package's `node` entry defaults to a keep-alive
 * `node:http` transport while every other entry keeps the global `fetch` and no Node built-in.
 *
 * @example
 * ```ts
 * await build({ entryPoints: ['src/index.ts'], platform: 'node', plugins: [nodeDefaultFetch] })
 * ```
 */
export const nodeDefaultFetch: Plugin = {
  name: 'node-default-fetch',
  setup(build) {
    build.onResolve({ filter: /(^|\/)default-fetch$/ }, (args) => ({
      path: resolve(args.resolveDir, '../node/default-fetch.ts'),
    }))
  },
}
