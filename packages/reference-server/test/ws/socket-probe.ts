import WebSocket from 'ws'

/** A raw websocket client that queues every JSON message, so tests await them one by one. */
export interface SocketProbe {
  /** The next message not yet taken; fails after `timeoutMs` listing what did arrive. */
  next(timeoutMs?: number): Promise<Record<string, unknown>>
  /**
   * Sends a keepalive and returns every message that arrived before its answer: the server
   * answers in order, so this proves "nothing else was sent" without sleeping.
   */
  drain(): Promise<Record<string, unknown>[]>
  /** Every message received so far. */
  readonly received: Record<string, unknown>[]
  /** Resolves with the close code when the server closes the socket. */
  readonly closed: Promise<number>
  send(data: string | Buffer, binary?: boolean): void
  close(): void
}

/** Connects to a payload socket and resolves once it is open. */
export function openProbe(url: string): Promise<SocketProbe> {
  const socket = new WebSocket(url)
  const received: Record<string, unknown>[] = []
  const waiters: ((message: Record<string, unknown>) => void)[] = []
  let taken = 0
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Record<string, unknown>
    received.push(message)
    const waiter = waiters.shift()
    if (waiter) {
      taken++
      waiter(message)
    }
  })
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)))
  const probe: SocketProbe = {
    received,
    closed,
    next(timeoutMs = 2000) {
      if (taken < received.length) {
        const message = received[taken++]
        if (message) return Promise.resolve(message)
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(
            new Error(
              `no message #${taken + 1} within ${timeoutMs} ms; received: ${JSON.stringify(received)}`,
            ),
          )
        }, timeoutMs)
        const waiter = (message: Record<string, unknown>) => {
          clearTimeout(timer)
          resolve(message)
        }
        waiters.push(waiter)
      })
    },
    async drain() {
      socket.send(JSON.stringify({ ping: true }))
      const before: Record<string, unknown>[] = []
      for (;;) {
        const message = await probe.next()
        if (message.message === 'Right back at you!') return before
        before.push(message)
      }
    },
    send(data, binary = false) {
      socket.send(data, { binary })
    },
    close() {
      socket.close()
    },
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(probe))
    socket.once('error', reject)
  })
}
