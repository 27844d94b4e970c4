import * as webSocket from 'isomorphic-ws'
import * as ofetch from 'ofetch'

// The script-tag build's stand-in for lazy-modules.ts: the same loaders, over modules already in
// the file.

/** @example `const { ofetch } = await loadOfetch()` */
export const loadOfetch = async () => ofetch
/** @example `const module = await loadWebSocketModule()` */
export const loadWebSocketModule = async () => webSocket
