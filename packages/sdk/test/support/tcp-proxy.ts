import type { AddressInfo } from 'node:net'
import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy on a fixed local port in front of a server. `stop()` kills every connection and
 * stops listening (clients see the server vanish: resets, then refused connections); `start()`
 * listens on the same port again. The server behind keeps its state, as a restarted process
 * with persistent storage would.
 */
export interface TcpProxy {
  readonly url: string
  start(): Promise<void>
  stop(): Promise<void>
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let server: Server | null = null
  let port = 0
  const start = async () => {
    const next = createServer((client) => {
      const upstream = connect(targetPort, '127.0.0.1')
      sockets.add(client).add(upstream)
      const drop = () => {
        client.destroy()
        upstream.destroy()
        sockets.delete(client)
        sockets.delete(upstream)
      }
      client.on('error', drop).on('close', drop)
      upstream.on('error', drop).on('close', drop)
      client.pipe(upstream).pipe(client)
    })
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve))
    port = (next.address() as AddressInfo).port
    server = next
  }
  await start()
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    async stop() {
      const current = server
      server = null
      for (const socket of sockets) socket.destroy()
      sockets.clear()
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()))
    },
  }
}
