import type { ServerOptions } from 'node:http'

/**
 * How long the node server waits for a slow client, and how many connections it holds at once
 * (docs/protocol.md §10 [ours]). A client that trickles its headers or its body past these times
 * gets 408 and its connection is closed; past `max` open connections (websockets included), a
 * new connection is closed at once.
 *
 * @example
 * ```ts
 * const server = createReferenceServer({
 *   connections: { headersTimeoutMs: 5_000, requestTimeoutMs: 15_000, max: 2_000 },
 * })
 * ```
 */
export interface ConnectionLimits {
  /** Time to receive a request's headers; default 10 s (node's own default is 60 s). */
  headersTimeoutMs?: number
  /** Time to receive a whole request, body included; default 30 s (node's is 300 s). */
  requestTimeoutMs?: number
  /** Connections held at once; default 15,000 (room for 10,000 payload sockets and more). */
  max?: number
}

const DEFAULTS: Required<ConnectionLimits> = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  max: 15_000,
}

// Node checks the two timeouts on an interval (30 s by default, which held a trickled request
// for up to 30 s past its time): check a few times per headers timeout, at most every second.
const checkEvery = (headersTimeoutMs: number) =>
  Math.max(10, Math.min(1_000, Math.floor(headersTimeoutMs / 4)))

/**
 * The `node:http` server options and connection cap for the given limits (defaults filled in);
 * refuses values that are not positive integers, or a headers timeout longer than the request's.
 *
 * @example
 * ```ts
 * const { options, maxConnections } = connectionSettings({ headersTimeoutMs: 5_000 })
 * const server = createServer(options, listener)
 * server.maxConnections = maxConnections
 * ```
 */
export function connectionSettings(limits: ConnectionLimits = {}): {
  options: ServerOptions
  maxConnections: number
} {
  const { headersTimeoutMs, requestTimeoutMs, max } = { ...DEFAULTS, ...limits }
  for (const [name, value] of Object.entries({ headersTimeoutMs, requestTimeoutMs, max })) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new RangeError(`connections.${name} must be a positive integer`)
    }
  }
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new RangeError(
      'connections.headersTimeoutMs must not exceed connections.requestTimeoutMs',
    )
  }
  return {
    options: {
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: checkEvery(headersTimeoutMs),
    },
    maxConnections: max,
  }
}
