import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'

/**
 * esbuild plugin of the `node` entry: resolves `core/default-fetch.ts` to `node/default-fetch.ts`
 * (a keep-alive `node:http` transport, loaded on the first request) and `core/lazy-modules.ts` to
 * `node/lazy-modules.ts` (isomorphic-ws imported by name, so a server bundle carries `ws` for
 * Node 20). The types are the same, so one set of declarations serves both builds.
 *
 * @example
 * ```ts
 * await build({ entryPoints: ['src/index.ts'], platform: 'node', plugins: [nodeStandIns] })
 * ```
 */
export const nodeStandIns: Plugin = {
  name: 'node-stand-ins',
  setup(build) {
    build.onResolve({ filter: /(^|\/)default-fetch$/ }, (args) => ({
      path: resolve(args.resolveDir, '../node/default-fetch.ts'),
    }))
    build.onResolve({ filter: /^\.\/lazy-modules$/ }, (args) => ({
      path: resolve(args.resolveDir, '../node/lazy-modules.ts'),
    }))
  },
}
