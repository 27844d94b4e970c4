import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Starts `server` on a free loopback port: its base URL (`http://127.0.0.1:<port>`) and a close
 * that resolves once the server has closed.
 */
export async function listenOnLoopback(
  server: Server,
): Promise<{ base: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
