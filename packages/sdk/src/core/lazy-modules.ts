/**
 * Loads ofetch on the first request (the script-tag build resolves this file to
 * `lazy-modules-static.ts`, see runtimes/lazy-runtimes.ts): on Node its entry brings node-fetch and `node:http` along,
 * which, imported eagerly, would double the SDK's cold import time.
 *
 * @example
 * ```ts
 * const { ofetch } = await loadOfetch()
 * ```
 */
export const loadOfetch = () => import('ofetch')

// A variable, so that no bundler follows it: a page, a worker or an app has a WebSocket of its own
// (isomorphic-ws's browser file would only look the same global up again), and only Node 20
// reaches this load. The `node` entry imports it by name (node/lazy-modules.ts).
const WEBSOCKET_MODULE = 'isomorphic-ws'

/**
 * Loads isomorphic-ws (so `ws`) on the first subscribe of a runtime without a WebSocket of its
 * own (Node 20), so importing the SDK never loads `ws`.
 *
 * @example
 * ```ts
 * const module = await loadWebSocketModule()
 * ```
 */
export const loadWebSocketModule = (): Promise<{ default?: unknown }> =>
  import(/* webpackIgnore: true */ /* @vite-ignore */ WEBSOCKET_MODULE)
