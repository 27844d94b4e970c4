import { API_PATHS, type Endpoints } from 'pullsign/wire'
import type { PayloadSockets, SocketPeer } from './payload-sockets'

const CONNECTING = 0
const OPEN = 1
const CLOSING = 2
const CLOSED = 3
// What a browser reports for a connection that ended without a closing handshake.
const CLOSE_ABNORMAL = 1006

/**
 * A WebSocket connected to the reference server's payload sockets in the same process, without a
 * port: the WHATWG `WebSocket` surface the SDK uses (`readyState`, `send`, `close`, `onopen`,
 * `onmessage`, `onclose`, `onerror`) plus `terminate()` as `ws` has it.
 *
 * @example
 * ```ts
 * const socket: InProcessWebSocket = new server.WebSocket(`wss://pullsign.test/sign/${uuid}`)
 * socket.onmessage = ({ data }) => console.log(data) // {"message":"Welcome …"}
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
 * The constructor the SDK takes as its `WebSocket` option (`server.WebSocket`). It throws for a
 * URL that is not a payload socket of this server (`{ws-api}/sign/{uuid}`, docs/protocol.md §4).
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

const SIGN_PATH = new RegExp(`^${API_PATHS.sign}/([^/?#]{1,128})$`)

/** `{ws-api}` of the endpoints as URL parts: the API base with `http` → `ws` (§4). */
const socketBase = (api: string) => {
  const base = new URL(api.replace(/^http/, 'ws'))
  return { origin: base.origin, path: base.pathname.replace(/\/+$/, '') }
}

/**
 * Creates the in-process WebSocket class of one server. Frames and events are delivered on the
 * microtask queue, never synchronously, so the order a network socket has is kept (open, then the
 * welcome, then events) and fake timers cannot stall it.
 *
 * @example
 * ```ts
 * const WebSocket = createInProcessWebSocket({ sockets, endpoints: () => platform.endpoints })
 * ```
 */
export function createInProcessWebSocket(deps: {
  sockets: PayloadSockets
  endpoints: () => Endpoints
}): InProcessWebSocketConstructor {
  const uuidOf = (url: string): string => {
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
    const uuid = parsed.origin === base.origin ? SIGN_PATH.exec(path)?.[1] : undefined
    if (!uuid) {
      throw new SyntaxError(
        `server.WebSocket: ${url.slice(0, 200)} is not a payload socket of this server (${base.origin}${base.path}${API_PATHS.sign}/{uuid}); give the SDK the server's endpoints`,
      )
    }
    return uuid
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

    constructor(url: string) {
      const uuid = uuidOf(url)
      this.url = url
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
        if (this.#state === OPEN) deps.sockets.accept(peer, uuid)
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
      queueMicrotask(() => {
        if (this.#state !== OPEN) return
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
