import type { AddressInfo } from 'node:net'
import { WebSocketServer } from 'ws'
import { ensureGc, settledMemory } from './gc-process'

// The baseline of payload-sockets.ts, in a process of its own so neither run inherits the other's
// heap: a bare `ws` server that sends one welcome frame per socket and nothing else.
const gc = ensureGc()

const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false })
server.on('connection', (socket) => socket.send(JSON.stringify({ message: 'Welcome' })))
await new Promise((resolve) => server.once('listening', resolve))
const before = settledMemory(gc)
process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port })
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'measure') return
  const after = settledMemory(gc)
  process.send?.({
    type: 'measured',
    heap: after.heapUsed - before.heapUsed,
    rss: after.rss - before.rss,
  })
})
process.on('disconnect', () => process.exit(0))
