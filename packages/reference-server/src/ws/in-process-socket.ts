import type { Endpoints } from 'pullsign/wire'
import type { NodeSockets } from '../ledger-api/node-sockets'
import { unknownNetwork } from '../platform/node-urls'
import type { PayloadSockets, SocketPeer } from './payload-sockets'
import {
  MAX_FRAME_BYTES,
  SOCKET_FORMS,
  type SocketRoute,
  socketRoute,
  unknownNetworkKey,
} from './socket-routes'

const CONNECTING = 0
const OPEN = 1
const CLOSING = 2
const CLOSED = 3
// What a browser reports for a connection that ended without a closing handshake.
const CLOSE_ABNORMAL = 1006
// What `ws` closes with when a frame is over the server's maxPayload.
const CLOSE_TOO_BIG = 1009

/**
 * A WebSocket connected to the reference server in the same process, without a port: a payload
 * socket (`{ws-api}/sign/{uuid}`, docs/protocol.md §4) or a network's ledger node
 * (`{ws-api}/ledger/K`, §8.6), served by the same code as one upgraded over HTTP. It has the
 * WHATWG `WebSocket` surface the SDK uses (`readyState`, `send`, `close`, `onopen`, `onmessage`,
 * `onclose`, `onerror`) plus `terminate()` as `ws` has it.
 *
 * @example
 * ```ts
 * const node: InProcessWebSocket = new server.WebSocket('wss://pullsign.test/ledger/TESTNET')
 * node.onopen = () => node.send(JSON.stringify({ id: 1, command: 'server_info' }))
 * node.onmessage = ({ data }) => console.log(data) // {"id":1,"result":{"info":…},"status":"success",…}
 * ```
 */
export interface InProcessWebSocket {
  readonly url: string
  readonly readyState: number
  // Handler parameters as loose as the SDK's WebSocketLike, so the SDK can install its own; the
  // events passed also carry `type` (and `wasClean` on close), as WHATWG events do.
  onopen: ((event: unknown) => void) | null
  /** `data` is always a string: the server sends JSON text frames (docs/protocol.md §4). */
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: unknown) => void) | null
  send(data: string): void
  close(code?: number, reason?: string): void
  terminate(): void
}

/**
 * The constructor the SDK takes as its `WebSocket` option (`server.WebSocket`). It opens exactly
 * the socket URLs the server emits: payload sockets `{ws-api}/sign/{uuid}` (docs/protocol.md §4)
 * and ledger nodes `{ws-api}/ledger/K` for every rails key K (§8.6); any other URL throws a
 * SyntaxError naming both forms.
 *
 * @example
 * ```ts
 * const pullsign = new PullSign({ apiKey, apiSecret, endpoints, WebSocket: server.WebSocket })
 * ```
 */
export interface InProcessWebSocketConstructor {
  new (url: string): InProcessWebSocket
  readonly CONNECTING: 0
  readonly OPEN: 1
  readonly CLOSING: 2
  readonly CLOSED: 3
}

/** `{ws-api}` of the endpoints as URL parts: the API base with `http` → `ws` (§4). */
const socketBase = (api: string) => {
  const base = new URL(api.replace(/^http/, 'ws'))
  return { origin: base.origin, path: base.pathname.replace(/\/+$/, '') }
}

/**
 * Creates the in-process WebSocket class of one server. Frames and events are delivered on the
 * microtask queue, never synchronously, so the order a network socket has is kept (open, then the
 * welcome, then events) and fake timers cannot stall it. The server's end is handed to the same
 * registry an upgraded socket goes to, with the same frame limit (socket-routes.ts); a node
 * socket has no client address, so the per-address cap does not count it (as in-process HTTP
 * calls are not limited per address, docs/protocol.md §7.3).
 *
 * @example
 * ```ts
 * const WebSocket = createInProcessWebSocket({
 *   sockets,
 *   ledger: nodeSockets,
 *   endpoints: () => platform.endpoints,
 * })
 * ```
 */
export function createInProcessWebSocket(deps: {
  sockets: PayloadSockets
  ledger: NodeSockets
  endpoints: () => Endpoints
}): InProcessWebSocketConstructor {
  const routeOf = (url: string): SocketRoute => {
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw new SyntaxError(`server.WebSocket: ${String(url).slice(0, 200)} is not a URL`)
    }
    const base = socketBase(deps.endpoints().api)
    const path = parsed.pathname.startsWith(base.path)
      ? parsed.pathname.slice(base.path.length)
      : ''
    const ours = parsed.origin === base.origin
    const route = ours ? socketRoute(path) : null
    const unknownKey = ours ? unknownNetworkKey(path) : null
    if (unknownKey !== null) {
      throw new SyntaxError(`server.WebSocket: ${unknownNetwork(unknownKey).message}`)
    }
    if (!route) {
      const forms = SOCKET_FORMS.map((form) => `${base.origin}${base.path}${form}`).join(' or ')
      throw new SyntaxError(
        `server.WebSocket: ${url.slice(0, 200)} is not a socket of this server (${forms}); use the URLs the server emits for its endpoints`,
      )
    }
    return route
  }

  return class InProcessSocket implements InProcessWebSocket {
    static readonly CONNECTING = CONNECTING
    static readonly OPEN = OPEN
    static readonly CLOSING = CLOSING
    static readonly CLOSED = CLOSED
    readonly url: string
    onopen: InProcessWebSocket['onopen'] = null
    onmessage: InProcessWebSocket['onmessage'] = null
    onclose: InProcessWebSocket['onclose'] = null
    onerror: InProcessWebSocket['onerror'] = null
    #state = CONNECTING
    readonly #listeners = {
      close: [] as Array<() => void>,
      message: [] as Array<(data: unknown, isBinary: boolean) => void>,
    }
    readonly #maxFrameBytes: number

    constructor(url: string) {
      const route = routeOf(url)
      this.url = url
      this.#maxFrameBytes = MAX_FRAME_BYTES[route.kind]
      const socket = this
      // The server's end: what the registry calls is mirrored to this client.
      const peer: SocketPeer = {
        send(frame) {
          if (socket.#state !== OPEN) return
          // Sent while open, so delivered even when a close follows at once (before its event).
          const event = { type: 'message', data: frame }
          queueMicrotask(() => socket.onmessage?.(event))
        },
        close: (code, reason) => socket.#finish(code, reason, true),
        terminate: () => socket.#finish(CLOSE_ABNORMAL, '', false),
        on(
          event: 'close' | 'error' | 'message',
          listener: (data: unknown, isBinary: boolean) => void,
        ) {
          if (event === 'close') socket.#listeners.close.push(() => listener(undefined, false))
          if (event === 'message') socket.#listeners.message.push(listener)
          return peer
        },
      }
      queueMicrotask(() => {
        if (this.#state !== CONNECTING) return
        this.#state = OPEN
        this.onopen?.({ type: 'open' })
        if (this.#state !== OPEN) return
        if (route.kind === 'sign') deps.sockets.accept(peer, route.uuid)
        else deps.ledger.accept(peer, route.network, null)
      })
    }

    get readyState(): number {
      return this.#state
    }

    send(data: string): void {
      if (this.#state === CONNECTING) {
        throw new Error('InvalidStateError: the socket is still connecting')
      }
      if (this.#state !== OPEN) return
      // Over the limit, `ws` drops the frame unread and closes the socket (1009), as here.
      const tooBig = Buffer.byteLength(data) > this.#maxFrameBytes
      queueMicrotask(() => {
        if (this.#state !== OPEN) return
        if (tooBig) {
          this.#finish(CLOSE_TOO_BIG, '', true)
          return
        }
        for (const listener of this.#listeners.message) listener(data, typeof data !== 'string')
      })
    }

    close(code = 1000, reason = ''): void {
      if (this.#state >= CLOSING) return
      this.#state = CLOSING
      queueMicrotask(() => this.#finish(code, reason, true))
    }

    terminate(): void {
      this.#finish(CLOSE_ABNORMAL, '', false)
    }

    #finish(code: number, reason: string, wasClean: boolean): void {
      if (this.#state === CLOSED) return
      this.#state = CLOSED
      for (const listener of this.#listeners.close.splice(0)) listener()
      this.#listeners.message.length = 0
      queueMicrotask(() => {
        if (!wasClean) this.onerror?.({ type: 'error', message: 'connection dropped' })
        const event = { type: 'close', code, reason, wasClean }
        this.onclose?.(event)
      })
    }
  }
}
