import { Agent, type IncomingMessage, request } from 'node:http'

/** A `fetch` and the end of its connections. */
export interface NodeHttpFetch {
  readonly fetch: typeof fetch
  /** Ends the kept-alive connections. */
  close(): void
}

const NO_BODY = new Set([204, 205, 304])

// One copy into a plain Uint8Array, which Response takes as it is (a Buffer's types need not).
const joined = (chunks: readonly Buffer[]): Uint8Array<ArrayBuffer> => {
  const bytes = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

const toResponse = (answer: IncomingMessage, chunks: readonly Buffer[], method: string) => {
  const status = answer.statusCode ?? 0
  const headers: [string, string][] = []
  const raw = answer.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.push([raw[i] ?? '', raw[i + 1] ?? ''])
  const body = NO_BODY.has(status) || method === 'HEAD' ? null : joined(chunks)
  return new Response(body, { status, statusText: answer.statusMessage ?? '', headers })
}

/**
 * A `fetch` over `node:http` with one keep-alive agent, for a tenant's calls to a shared server:
 * a test file is a fresh process, where undici's fetch costs ~45 ms of CPU on its first call and
 * several ms on each of the next, about twice node:http's over a file's ~25 calls
 * (bench/README.md). It takes what the kit sends (an `http:` URL, a string body or none); any
 * other call goes to the global fetch. It settles as fetch does: a connection that fails is a
 * `TypeError('fetch failed')` whose cause is the system error, an abort the signal's reason.
 */
export function nodeHttpFetch(): NodeHttpFetch {
  const agent = new Agent({ keepAlive: true })
  const send = (url: string, init: RequestInit, body: string | undefined) =>
    new Promise<Response>((resolve, reject) => {
      const { signal } = init
      if (signal?.aborted) return reject(signal.reason)
      const method = init.method?.toUpperCase() ?? 'GET'
      const fail = (cause: unknown) =>
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause }))
      const headers = Object.fromEntries(new Headers(init.headers))
      const call = request(url, { method, headers, agent }, (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => resolve(toResponse(answer, chunks, method)))
        answer.on('close', () => answer.complete || fail(new Error('the answer was cut short')))
      })
      const abort = () => call.destroy(signal?.reason)
      signal?.addEventListener('abort', abort, { once: true })
      call.on('close', () => signal?.removeEventListener('abort', abort))
      call.on('error', fail)
      call.end(body)
    })
  return {
    fetch: (input, init = {}) => {
      const body = init.body ?? undefined
      return typeof input === 'string' &&
        input.startsWith('http:') &&
        (body === undefined || typeof body === 'string')
        ? send(input, init, body)
        : globalThis.fetch(input, init)
    },
    close: () => agent.destroy(),
  }
}
