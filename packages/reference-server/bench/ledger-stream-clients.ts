import WebSocket from 'ws'
import { wallNow } from './arrival-latencies'

/** What the parent sends: open one node socket per account, subscribed to `ledger` and it. */
export interface StreamConnectRequest {
  type: 'connect'
  url: string
  accounts: string[]
  parallel: number
}

/** When each socket got each ledgerClosed, by ledger index (ms on the shared wall clock). */
export interface StreamArrivals {
  type: 'arrivals'
  arrivals: [number, number][]
}

const sockets: WebSocket[] = []
const arrivals: [number, number][] = []

// One socket: subscribed once its answer came; every ledgerClosed after that is timed.
const open = (url: string, account: string) =>
  new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    sockets.push(socket)
    socket.on('open', () =>
      socket.send(
        JSON.stringify({ id: 1, command: 'subscribe', streams: ['ledger'], accounts: [account] }),
      ),
    )
    socket.on('message', (data) => {
      const text = data.toString()
      if (text.includes('"ledgerClosed"')) {
        arrivals.push([(JSON.parse(text) as { ledger_index: number }).ledger_index, wallNow()])
      } else if (text.includes('"response"')) resolve()
    })
    socket.on('error', reject)
  })

// Runs in its own process (bench-child.ts): the clients' parsing must not load the server.
process.on(
  'message',
  async (message: StreamConnectRequest | { type: 'report' } | { type: 'close' }) => {
    if (message.type === 'connect') {
      let next = 0
      const worker = async () => {
        for (let i = next++; i < message.accounts.length; i = next++) {
          await open(message.url, message.accounts[i] as string)
        }
      }
      await Promise.all(Array.from({ length: message.parallel }, worker))
      process.send?.({ type: 'connected' })
    } else if (message.type === 'report') {
      process.send?.({ type: 'arrivals', arrivals } satisfies StreamArrivals)
    } else {
      for (const socket of sockets) socket.terminate()
      process.send?.({ type: 'closed' })
    }
  },
)
process.send?.({ type: 'ready' })
process.on('disconnect', () => process.exit(0))
