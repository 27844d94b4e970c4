import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { WebSocketServer } from 'ws'
import type { NetworkDefinition } from '../ledger'
import type { NodeSockets } from '../ledger-api/node-sockets'
import { errorBody } from '../platform'
import { unknownNetwork } from '../platform/node-urls'
import type { PayloadSockets } from './payload-sockets'
import { MAX_FRAME_BYTES, socketRoute, unknownNetworkKey } from './socket-routes'

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
  const wsServer = (maxPayload: number) => {
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
  // A node path of no network: the same 404 and §1 body as over HTTP, naming the networks.
  const refuseNetwork = (socket: Duplex, key: string) => {
    const body = JSON.stringify(errorBody(unknownNetwork(key)))
    socket.end(
      `HTTP/1.1 404 Not Found\r\ncontent-type: application/json; charset=utf-8\r\nx-content-type-options: nosniff\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    )
  }
  const upgradeLedger = (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    network: NetworkDefinition,
  ) => {
    const address = request.socket.remoteAddress ?? null
    if (!ledgerSockets?.admits(address)) {
      refuse(socket, closed ? '503 Service Unavailable' : '429 Too Many Requests')
      return
    }
    wsServer(MAX_FRAME_BYTES.ledger).then(
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
      const route = closed ? null : socketRoute(path)
      if (route?.kind === 'ledger' && ledgerSockets) {
        upgradeLedger(request, socket, head, route.network)
        return
      }
      const unknownKey = closed ? null : unknownNetworkKey(path)
      if (unknownKey !== null) {
        refuseNetwork(socket, unknownKey)
        return
      }
      if (route?.kind !== 'sign') {
        refuse(socket, closed ? '503 Service Unavailable' : '404 Not Found')
        return
      }
      const { uuid } = route
      wsServer(MAX_FRAME_BYTES.sign).then(
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
