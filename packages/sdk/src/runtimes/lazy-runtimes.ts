/**
 * Loads the browser and native sign-in runtime on first use (docs/protocol.md §7.1), so a backend
 * bundle with code splitting never carries it. The script-tag build resolves this file to
 * `lazy-runtimes-static.ts`: one file cannot lazy-load, and esbuild's lazy-module wrappers would
 * only add bytes there.
 *
 * @example
 * ```ts
 * const { startBrowserRuntime } = await loadSignInRuntime()
 * ```
 */
export const loadSignInRuntime = () => import('./sign-in-runtime')

/**
 * Loads the xApp runtime on first use (docs/protocol.md §7.2).
 *
 * @example
 * ```ts
 * const { createXappRuntime } = await loadXappRuntime()
 * ```
 */
export const loadXappRuntime = () => import('./xapp/xapp-runtime')
