import type { FetchHandler } from '../http/handler'

/**
 * A `fetch` that hands each request to the server's one handler in this process (DESIGN "One
 * handler, three transports"), for the test kit's own client and wallet calls: a file pays no
 * socket, HTTP parse or undici fetch per call (about half its CPU, bench/README.md). It settles
 * as `fetch` does on abort: rejected with the signal's reason, the timeout's TimeoutError too.
 */
export function inProcessFetch(handler: FetchHandler): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const { signal } = request
    signal.throwIfAborted()
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason)
      signal.addEventListener('abort', abort, { once: true })
      handler(request)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', abort))
    })
  }
}
