import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { API_PATHS } from 'pullsign/wire'
import { WebSocketServer } from 'ws'
import type { PayloadSockets } from './payload-sockets'

/** Handles the node server's `upgrade` event for `{ws-api}/sign/{uuid}` (docs/protocol.md §4). */
export interface SocketUpgrade {
  /** The node `upgrade` listener. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Refuses further upgrades and closes every socket. */
  close(): void
}

const SIGN_PATH = new RegExp(`^${API_PATHS.sign}/([^/?#]{1,128})$`)

// A client only ever sends `{"ping": true}` (§4); anything bigger is not worth buffering.
const MAX_CLIENT_FRAME_BYTES = 1024

/**
 * Creates the upgrade handler: `ws` in `noServer` mode without its own client tracking (the
 * registry tracks sockets per payload) and without compression (per-socket zlib state is large).
 */
export function createSocketUpgrade(sockets: PayloadSockets): SocketUpgrade {
  const server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: MAX_CLIENT_FRAME_BYTES,
  })
  let closed = false
  return {
    handle(request, socket, head) {
      const path = (request.url ?? '').split('?')[0] ?? ''
      const match = SIGN_PATH.exec(path)
      if (closed || !match?.[1]) {
        socket.end(`HTTP/1.1 ${closed ? '503 Service Unavailable' : '404 Not Found'}\r\n\r\n`)
        return
      }
      // Not URL-decoded: a payload uuid never needs it, and a bad escape must not throw here.
      const uuid = match[1]
      server.handleUpgrade(request, socket, head, (ws) => sockets.accept(ws, uuid))
    },
    close() {
      closed = true
      sockets.close()
      server.close()
    },
  }
}
