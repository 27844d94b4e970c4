import { afterAll } from 'vitest'
import { createReferenceServer } from '../../src'
import { createClock } from '../../src/platform'

/**
 * The server a node fuzz drives in-process on `https://fuzz.test` (its sockets:
 * `wss://fuzz.test/ledger/K`): a manual clock, no timed closes (the fuzz closes), no rate limits;
 * closed after the file.
 */
export function fuzzServer() {
  const clock = createClock({ start: Date.parse('2026-01-01T00:00:00Z'), manual: true })
  const endpoints = {
    api: 'https://fuzz.test',
    oauth: 'https://fuzz.test/oauth',
    links: 'https://fuzz.test',
  }
  const server = createReferenceServer({
    endpoints,
    clock,
    ledgerCloseMs: false,
    rateLimits: false,
  })
  afterAll(() => server.close())
  return { server, clock, endpoints }
}
