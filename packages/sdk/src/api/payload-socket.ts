import type { Clock } from '../core/seams'
import {
  SOCKET_OPEN,
  socketText,
  type WebSocketConstructor,
  type WebSocketLike,
} from '../core/websocket'
import { classifySocketMessage, type PayloadSocketEvent, SOCKET_PING } from '../wire/socket'

const SOCKET_CLOSED = 3

/**
 * What one payload socket reports to its subscription.
 *
 * @example
 * ```ts
 * const handlers: PayloadSocketHandlers = { open() {}, message(event) {}, close({ code }) {} }
 * ```
 */
export interface PayloadSocketHandlers {
  open(): void
  /** A docs/protocol.md §4 message, classified; unparseable frames are skipped. */
  message(event: PayloadSocketEvent): void
  /**
   * The socket is gone: closed by the server or the network, or dropped by us because it never
   * opened (`4001 open timeout`) or went silent (`4000 keepalive timeout`). Called once.
   */
  close(info: { code: number; reason: string }): void
}

/**
 * One socket of a subscription, to be dropped when done.
 *
 * @example
 * ```ts
 * const socket = openPayloadSocket({ url, WebSocket, clock, keepaliveMs: 15_000 }, handlers)
 * socket.drop()
 * ```
 */
export interface PayloadSocket {
  /** Closes it without reporting anything more; resolves once it is closed. */
  drop(): Promise<void>
}

/**
 * Opens a payload socket (docs/protocol.md §4) and keeps it honest: `{"ping": true}` every
 * `keepaliveMs`, a socket silent for more than twice that is dropped as dead, and so is one that
 * has not opened within twice that. Every timer is on the given clock. Throws what the
 * constructor throws (a bad URL).
 *
 * @example
 * ```ts
 * const socket = openPayloadSocket({ url, WebSocket, clock: systemClock, keepaliveMs: 15_000 }, {
 *   open: () => console.log('open'),
 *   message: (event) => console.log(event.type),
 *   close: ({ code }) => console.log('closed', code),
 * })
 * ```
 */
export function openPayloadSocket(
  options: { url: string; WebSocket: WebSocketConstructor; clock: Clock; keepaliveMs: number },
  handlers: PayloadSocketHandlers,
): PayloadSocket {
  const { clock, keepaliveMs } = options
  const socket: WebSocketLike = new options.WebSocket(options.url)
  let live = true
  let lastSeen = 0
  let timer: unknown
  const arm = (ms: number, fire: () => void) => {
    clock.clearTimeout(timer)
    timer = clock.setTimeout(fire, ms)
  }
  const drop = () =>
    new Promise<void>((gone) => {
      // Its open and message handlers read `live`; its error handler stays the no-op set below.
      live = false
      clock.clearTimeout(timer)
      socket.onclose = () => gone()
      if (socket.readyState === SOCKET_CLOSED) return gone()
      if (socket.readyState > SOCKET_OPEN) return // closing: its close event is on the way
      // ws offers terminate(): no closing handshake to wait for on a dead connection.
      const terminate = (socket as { terminate?: () => void }).terminate
      if (typeof terminate === 'function') terminate.call(socket)
      else socket.close(1000)
    })
  const die = (code: number, reason: string) => {
    void drop()
    handlers.close({ code, reason })
  }
  const tick = () => {
    if (clock.now() - lastSeen > 2 * keepaliveMs) return die(4000, 'keepalive timeout')
    if (socket.readyState === SOCKET_OPEN) socket.send(JSON.stringify(SOCKET_PING))
    arm(keepaliveMs, tick)
  }
  arm(2 * keepaliveMs, () => die(4001, 'open timeout'))
  socket.onopen = () => {
    if (!live) return
    lastSeen = clock.now()
    arm(keepaliveMs, tick)
    handlers.open()
  }
  socket.onmessage = (frame) => {
    if (!live) return
    lastSeen = clock.now()
    let parsed: unknown
    try {
      parsed = JSON.parse(socketText(frame))
    } catch {
      return
    }
    const event = classifySocketMessage(parsed)
    if (event) handlers.message(event)
  }
  socket.onerror = () => {
    // A close event always follows; the subscription decides there. Set once, for good: a late
    // error must not become an unhandled 'error' event.
  }
  socket.onclose = ({ code, reason }) => {
    if (live) die(code, reason)
  }
  return { drop }
}
