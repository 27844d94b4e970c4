import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { API_PATHS } from 'pullsign/wire'
import type { WebSocketServer } from 'ws'
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
 * `ws` is imported with the first upgrade: a server nobody subscribes to never loads it.
 */
export function createSocketUpgrade(sockets: PayloadSockets): SocketUpgrade {
  let server: Promise<WebSocketServer> | undefined
  const wsServer = () => {
    server ??= import('ws').then(
      ({ WebSocketServer }) =>
        new WebSocketServer({
          noServer: true,
          clientTracking: false,
          perMessageDeflate: false,
          maxPayload: MAX_CLIENT_FRAME_BYTES,
        }),
    )
    return server
  }
  let closed = false
  const refuse = (socket: Duplex, status: string) => socket.end(`HTTP/1.1 ${status}\r\n\r\n`)
  return {
    handle(request, socket, head) {
      const path = (request.url ?? '').split('?')[0] ?? ''
      const match = SIGN_PATH.exec(path)
      if (closed || !match?.[1]) {
        refuse(socket, closed ? '503 Service Unavailable' : '404 Not Found')
        return
      }
      // Not URL-decoded: a payload uuid never needs it, and a bad escape must not throw here.
      const uuid = match[1]
      wsServer().then(
        (ws) => {
          // Closed while ws loaded: refused as any upgrade after close is.
          if (closed) refuse(socket, '503 Service Unavailable')
          else if (!socket.destroyed)
            ws.handleUpgrade(request, socket, head, (client) => sockets.accept(client, uuid))
        },
        () => refuse(socket, '503 Service Unavailable'),
      )
    },
    close() {
      closed = true
      sockets.close()
      void server?.then((ws) => ws.close())
    },
  }
}
