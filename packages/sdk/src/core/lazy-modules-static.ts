import { ofetch } from 'ofetch'

// The script-tag build's stand-in for lazy-modules.ts: the same loaders over modules already in
// the file, handing out only what the callers use so the rest of each module shakes out. The
// script tag runs in a page, whose WebSocket is the global one (isomorphic-ws's browser entry
// only looks it up, through fallbacks no ES2022 browser needs).

/** @example `const { ofetch } = await loadOfetch()` */
export const loadOfetch = async () => ({ ofetch })
/** @example `const module = await loadWebSocketModule()` */
export const loadWebSocketModule = async () => ({ default: globalThis.WebSocket })
