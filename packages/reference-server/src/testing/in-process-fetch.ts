import type { FetchHandler } from '../http/handler'

/**
 * A `fetch` that hands each request to the server's one handler in this process (DESIGN "One
 * handler, three transports"), for the test kit's own client and wallet calls: a file pays no
 * socket, HTTP parse or undici fetch per call (about half its CPU, bench/README.md). It settles
 * as `fetch` does on abort: rejected with the signal's reason, the timeout's TimeoutError too.
 */
export function inProcessFetch(handler: FetchHandler): typeof fetch {
  return async (input, init) => {
    // The caller's signal is followed here, not given to the Request: a Request made with a
    // signal follows it until the Request is collected, so a client that reuses one signal for
    // its calls (the SDK's pooled controllers) would gather a listener per call on it.
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null)
    const request = new Request(input, { ...init, signal: null })
    signal?.throwIfAborted()
    if (!signal) return handler(request)
    return new Promise((resolve, reject) => {
      const abort = () => reject(signal.reason)
      signal.addEventListener('abort', abort, { once: true })
      handler(request)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', abort))
    })
  }
}
