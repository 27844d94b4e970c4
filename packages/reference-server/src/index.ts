import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Endpoints, PRODUCTION_ENDPOINTS } from 'pullsign/wire'

/** Options for {@link createReferenceServer}. */
export interface ReferenceServerOptions {
  /** Interface to bind; defaults to 127.0.0.1. */
  host?: string
}

/** A running (or not yet listening) reference server. */
export interface ReferenceServer {
  /** Starts listening; port 0 (the default) picks a free port. Resolves with the endpoints. */
  listen(port?: number): Promise<Endpoints>
  /** Stops listening. */
  close(): Promise<void>
  /** The endpoints the server answers on (valid after `listen`). */
  readonly endpoints: Endpoints
}

/**
 * Creates the reference server.
 *
 * @example
 * ```ts
 * const server = createReferenceServer()
 * const endpoints = await server.listen(0)
 * console.log(endpoints.api)
 * await server.close()
 * ```
 */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const host = options.host ?? '127.0.0.1'
  let endpoints: Endpoints = { ...PRODUCTION_ENDPOINTS }
  const http: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ endpoints }))
  })
  return {
    get endpoints() {
      return endpoints
    },
    listen(port = 0) {
      return new Promise((resolve, reject) => {
        http.once('error', reject)
        http.listen(port, host, () => {
          const { port: bound } = http.address() as AddressInfo
          const base = `http://${host}:${bound}`
          endpoints = { api: base, oauth: `${base}/oauth`, links: base }
          resolve(endpoints)
        })
      })
    },
    close() {
      return new Promise((resolve, reject) => http.close((err) => (err ? reject(err) : resolve())))
    },
  }
}
