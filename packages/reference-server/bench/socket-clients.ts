import WebSocket from 'ws'
import { wallNow } from './arrival-latencies'

/** What the parent sends: open one socket per url, at most `parallel` handshakes at a time. */
export interface ConnectRequest {
  type: 'connect'
  urls: string[]
  parallel: number
}

/** When each resolve message arrived, by payload uuid (ms on the shared wall clock). */
export interface ArrivalReport {
  type: 'arrivals'
  arrivals: [string, number][]
}

const sockets: WebSocket[] = []
const arrivals: [string, number][] = []

const open = (url: string) =>
  new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    sockets.push(socket)
    socket.on('message', (data) => {
      const text = data.toString()
      if (text.startsWith('{"message":"Welcome')) resolve()
      else if (text.includes('"payload_uuidv4"')) {
        const { payload_uuidv4 } = JSON.parse(text) as { payload_uuidv4: string }
        arrivals.push([payload_uuidv4, wallNow()])
      }
    })
    socket.on('error', reject)
  })

// Runs in its own process (see bench-child.ts): the clients' parsing must not load the server.
process.on('message', async (message: ConnectRequest | { type: 'report' } | { type: 'close' }) => {
  if (message.type === 'connect') {
    let next = 0
    const worker = async () => {
      while (next < message.urls.length) {
        const url = message.urls[next++]
        if (url) await open(url)
      }
    }
    await Promise.all(Array.from({ length: message.parallel }, worker))
    process.send?.({ type: 'connected', count: sockets.length })
  } else if (message.type === 'report') {
    process.send?.({ type: 'arrivals', arrivals } satisfies ArrivalReport)
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.terminate()
    sockets.length = 0
    arrivals.length = 0
    process.send?.({ type: 'closed' })
  }
})
process.send?.({ type: 'ready' })
process.on('disconnect', () => process.exit(0))
