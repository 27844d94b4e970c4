import { shownBody } from '../http/request-log'
import type { NetworkDefinition } from '../ledger'
import { frameText, type NodeSockets } from '../ledger-api/node-sockets'
import type { SocketPeer } from './payload-sockets'

// The peer a node session gets: what it receives and sends passes through `line` first.
const loggedPeer = (
  socket: SocketPeer,
  line: (arrow: '>' | '<', text: string) => void,
): SocketPeer => ({
  send(frame) {
    line('<', frame)
    socket.send(frame)
  },
  close: (code, reason) => socket.close(code, reason),
  terminate: () => socket.terminate(),
  on: ((event: 'close' | 'error' | 'message', listener: (...args: never[]) => void) => {
    if (event !== 'message') return socket.on(event, listener as () => void)
    const onMessage = listener as (data: unknown, isBinary: boolean) => void
    return socket.on('message', (data, isBinary) => {
      line('>', frameText(data) ?? `<${typeof data} frame>`)
      onMessage(data, isBinary)
    })
  }) as SocketPeer['on'],
})

/**
 * The ledger nodes' sockets with each frame written to the request log (the `ledgerFrames`
 * option, `--log-ledger-frames`): `WS /ledger/TESTNET > {…}` for what a client sent, `<` for what
 * the node answered or published, redacted like the log's bodies (a `submit` with a `secret`
 * shows `[REDACTED]`).
 *
 * @example
 * ```ts
 * const nodeSockets = withLedgerFrameLog(createNodeSockets({ ledger, node }), console.log)
 * ```
 */
export function withLedgerFrameLog(
  sockets: NodeSockets,
  write: (line: string) => void,
): NodeSockets {
  return {
    admits: (address) => sockets.admits(address),
    close: () => sockets.close(),
    accept(socket, network: NetworkDefinition, address) {
      const path = `/ledger/${network.key}`
      const line = (arrow: '>' | '<', text: string) =>
        write(`WS ${path} ${arrow} ${shownBody(text, 'application/json')}`)
      sockets.accept(loggedPeer(socket, line), network, address)
    },
  }
}
