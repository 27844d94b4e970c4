import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { API_PATHS } from 'pullsign/wire'
import type { WebSocketServer } from 'ws'
import { NETWORKS, networkDefinition } from '../ledger'
import type { NodeSockets } from '../ledger-api/node-sockets'
import type { PayloadSockets } from './payload-sockets'

/**
 * Handles the node server's `upgrade` event for `{ws-api}/sign/{uuid}` (docs/protocol.md §4) and
 * for each network's ledger node, `{ws-api}/ledger/{K}` (§8.6).
 */
export interface SocketUpgrade {
  /** The node `upgrade` listener. */
  handle(request: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Refuses further upgrades and closes every socket. */
  close(): void
}

const SIGN_PATH = new RegExp(`^${API_PATHS.sign}/([^/?#]{1,128})$`)
const LEDGER_PATH = new RegExp(`^/ledger/(${NETWORKS.map((n) => n.key).join('|')})/?$`)

// A ledger node's frames are requests (a submit's blob, a multisigned tx_json): up to 1 MiB is
// read, and one over the node's own limit is answered jsonInvalid (ledger-api/node-sockets.ts).
const MAX_LEDGER_FRAME_BYTES = 1024 * 1024

// A client only ever sends `{"ping": true}` (§4); anything bigger is not worth buffering.
const MAX_CLIENT_FRAME_BYTES = 1024

/**
 * Creates the upgrade handler: `ws` in `noServer` mode without its own client tracking (the
 * registry tracks sockets per payload) and without compression (per-socket zlib state is large).
 * `ws` is imported with the first upgrade: a server nobody subscribes to never loads it.
 */
export function createSocketUpgrade(
  sockets: PayloadSockets,
  ledgerSockets?: NodeSockets,
): SocketUpgrade {
  const servers = new Map<number, Promise<WebSocketServer>>()
  const wsServer = (maxPayload = MAX_CLIENT_FRAME_BYTES) => {
    let server = servers.get(maxPayload)
    if (!server) {
      server = import('ws').then(
        ({ WebSocketServer }) =>
          new WebSocketServer({
            noServer: true,
            clientTracking: false,
            perMessageDeflate: false,
            maxPayload,
          }),
      )
      servers.set(maxPayload, server)
    }
    return server
  }
  let closed = false
  const refuse = (socket: Duplex, status: string) => socket.end(`HTTP/1.1 ${status}\r\n\r\n`)
  const upgradeLedger = (request: IncomingMessage, socket: Duplex, head: Buffer, key: string) => {
    const address = request.socket.remoteAddress ?? null
    if (!ledgerSockets?.admits(address)) {
      refuse(socket, closed ? '503 Service Unavailable' : '429 Too Many Requests')
      return
    }
    const network = networkDefinition(key as never)
    wsServer(MAX_LEDGER_FRAME_BYTES).then(
      (ws) => {
        if (closed) refuse(socket, '503 Service Unavailable')
        else if (!socket.destroyed)
          ws.handleUpgrade(request, socket, head, (client) =>
            ledgerSockets.accept(client, network, address),
          )
      },
      () => refuse(socket, '503 Service Unavailable'),
    )
  }
  return {
    handle(request, socket, head) {
      const path = (request.url ?? '').split('?')[0] ?? ''
      const ledger = ledgerSockets && !closed ? LEDGER_PATH.exec(path) : null
      if (ledger?.[1]) {
        upgradeLedger(request, socket, head, ledger[1])
        return
      }
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
      ledgerSockets?.close()
      for (const server of servers.values()) void server.then((ws) => ws.close())
    },
  }
}
