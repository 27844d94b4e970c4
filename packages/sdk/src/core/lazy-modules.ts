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

/**
 * Loads isomorphic-ws (so `ws`) on the first subscribe of a runtime without a WebSocket of its
 * own (Node 20), so importing the SDK never loads `ws`.
 *
 * @example
 * ```ts
 * const module = await loadWebSocketModule()
 * ```
 */
export const loadWebSocketModule = () => import('isomorphic-ws')
