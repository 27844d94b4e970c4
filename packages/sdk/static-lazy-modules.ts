import { resolve } from 'node:path'
import type { Plugin } from 'esbuild'

/**
 * esbuild plugin of the script-tag builds: resolves `core/lazy-modules.ts` and
 * `runtimes/lazy-runtimes.ts` to their `-static.ts` twins, which import the same modules
 * statically (and `ui/locales/load.ts` to `load-by-url.ts`). An IIFE is one file,
 * so `import()` cannot save anything there; it only wraps every module it reaches in a lazy
 * initializer.
 *
 * @example
 * ```ts
 * await build({ entryPoints: ['src/iife.ts'], format: 'iife', plugins: [staticLazyModules] })
 * ```
 */
export const staticLazyModules: Plugin = {
  name: 'static-lazy-modules',
  setup(build) {
    build.onResolve({ filter: /(^|\/)lazy-(modules|runtimes)$/ }, (args) => ({
      path: resolve(args.resolveDir, `${args.path}-static.ts`),
    }))
    // The elements' locales: a bundler splits load.ts's imports into chunks; a script tag has no
    // bundler, so it imports them from beside itself (dist/ui/locales/<code>.js).
    build.onResolve({ filter: /(^|\/)locales\/load$/ }, (args) => ({
      path: resolve(args.resolveDir, `${args.path}-by-url.ts`),
    }))
  },
}
