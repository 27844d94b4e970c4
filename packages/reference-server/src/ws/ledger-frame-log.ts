import { submitNote } from '../http/ledger-note'
import { shownBody } from '../http/request-log'
import type { Ledger, NetworkDefinition } from '../ledger'
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

// The explanation of a submit answer's frame, or null (any other frame, or a success).
function frameNote(ledger: Ledger, network: NetworkDefinition, text: string): string | null {
  if (!text.includes('"engine_result"')) return null
  try {
    return submitNote(ledger, network.key, (JSON.parse(text) as { result?: unknown }).result)
  } catch {
    return null
  }
}

/**
 * The ledger nodes' sockets with each frame written to the request log (the `ledgerFrames`
 * option, `--log-ledger-frames`): `WS /ledger/TESTNET > {…}` for what a client sent, `<` for what
 * the node answered or published, redacted like the log's bodies (a `submit` with a `secret`
 * shows `[REDACTED]`); after a `submit` answer that did not succeed, `WS /ledger/TESTNET ! tecEXPIRED:
 * … (NFTokenAcceptOffer.cpp)` says why.
 *
 * @example
 * ```ts
 * const nodeSockets = withLedgerFrameLog(createNodeSockets({ ledger, node }), console.log, ledger)
 * ```
 */
export function withLedgerFrameLog(
  sockets: NodeSockets,
  write: (line: string) => void,
  ledger: Ledger,
): NodeSockets {
  return {
    admits: (address) => sockets.admits(address),
    close: () => sockets.close(),
    accept(socket, network: NetworkDefinition, address) {
      const path = `/ledger/${network.key}`
      const line = (arrow: '>' | '<', text: string) => {
        write(`WS ${path} ${arrow} ${shownBody(text, 'application/json')}`)
        // A submission that did not succeed says why (issue 40 §6).
        const note = arrow === '<' ? frameNote(ledger, network, text) : null
        if (note !== null) write(`WS ${path} ! ${note}`)
      }
      sockets.accept(loggedPeer(socket, line), network, address)
    },
  }
}
