import { loadWebSocketModule } from './lazy-modules'

/**
 * The part of the WHATWG `WebSocket` the SDK uses; the browser's `WebSocket`, `ws` and
 * `isomorphic-ws` all fit.
 *
 * @example
 * ```ts
 * const socket: WebSocketLike = new WebSocket('wss://xumm.app/sign/…')
 * ```
 */
export interface WebSocketLike {
  readonly readyState: number
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: unknown) => void) | null
}

/**
 * A WebSocket constructor (the injectable seam; defaults to the runtime's own `WebSocket`, else
 * `ws`).
 *
 * @example
 * ```ts
 * import WebSocket from 'ws'
 * const pullsign = new PullSign({ apiKey, apiSecret, WebSocket })
 * ```
 */
export type WebSocketConstructor = new (url: string) => WebSocketLike

/**
 * `readyState` of an open socket (WHATWG).
 *
 * @example
 * ```ts
 * if (socket.readyState === SOCKET_OPEN) socket.send('{"ping":true}')
 * ```
 */
export const SOCKET_OPEN = 1

/**
 * The default WebSocket: the runtime's own `globalThis.WebSocket` where there is one (browsers,
 * Deno, Bun, workerd, Node 22+), else `ws` (through isomorphic-ws), loaded on first use so
 * importing the SDK never loads it.
 *
 * @example
 * ```ts
 * const WebSocket = await defaultWebSocket()
 * ```
 */
export async function defaultWebSocket(): Promise<WebSocketConstructor> {
  const own = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket
  if (own) return own
  const module = await loadWebSocketModule()
  return (module.default ?? module) as unknown as WebSocketConstructor
}

/**
 * Turns a message event's data (string, Buffer, ArrayBuffer or Blob-less view) into text.
 *
 * @example
 * ```ts
 * socketText({ data: '{"opened":true}' }) // '{"opened":true}'
 * ```
 */
export function socketText(event: { data: unknown }): string {
  const { data } = event
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return new TextDecoder().decode(data as ArrayBuffer)
  }
  return String(data)
}
