import WebSocket from 'isomorphic-ws'
import { ofetch } from 'ofetch'

// The script-tag build's stand-in for lazy-modules.ts: the same loaders over modules already in
// the file, handing out only what the callers use so the rest of each module shakes out.

/** @example `const { ofetch } = await loadOfetch()` */
export const loadOfetch = async () => ({ ofetch })
/** @example `const module = await loadWebSocketModule()` */
export const loadWebSocketModule = async () => ({ default: WebSocket })
