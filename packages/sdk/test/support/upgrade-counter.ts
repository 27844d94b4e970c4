import { createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'

/**
 * An HTTP proxy in front of a server on `127.0.0.1:targetPort` that counts the websocket upgrades
 * per path (`/sign/{uuid}`): how many sockets the code under test opened. Plain requests pass
 * through.
 */
export async function startUpgradeCounter(targetPort: number) {
  const upgrades = new Map<string, number>()
  const sockets = new Set<Socket>()
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  server.on('upgrade', (req, client: Socket, head: Buffer) => {
    const path = req.url ?? ''
    upgrades.set(path, (upgrades.get(path) ?? 0) + 1)
    const upstream = connect(targetPort, '127.0.0.1', () => {
      const lines = [`${req.method} ${path} HTTP/${req.httpVersion}`]
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      client.pipe(upstream).pipe(client)
    })
    sockets.add(client).add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Sockets opened to `/sign/{uuid}`. */
    sockets: (uuid: string) => upgrades.get(`/sign/${uuid}`) ?? 0,
    async close() {
      for (const socket of sockets) socket.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
