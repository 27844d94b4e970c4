export { loadOfetch } from '../core/lazy-modules'

/**
 * The `node` entry's stand-in for `core/lazy-modules.ts`'s WebSocket loader: isomorphic-ws by
 * name, so a server bundle (esbuild or webpack for Node) carries `ws` along for Node 20.
 *
 * @example
 * ```ts
 * const module = await loadWebSocketModule()
 * ```
 */
export const loadWebSocketModule = () => import('isomorphic-ws')
