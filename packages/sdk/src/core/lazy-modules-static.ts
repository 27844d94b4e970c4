import { ofetch } from 'ofetch'

// The script-tag build's stand-in for lazy-modules.ts: the same loaders over modules already in
// the file, handing out only what the callers use so the rest of each module shakes out. The
// script tag runs in a page, whose WebSocket is the global one that defaultWebSocket takes before
// it ever loads this module: nothing to hand out (isomorphic-ws's browser entry only looks the
// global up too).

/** @example `const { ofetch } = await loadOfetch()` */
export const loadOfetch = async () => ({ ofetch })
/** @example `const module = await loadWebSocketModule()` */
export const loadWebSocketModule = async (): Promise<{ default?: unknown }> => ({})
