// The module objects, not named bindings: msw's and nock's interceptors replace `request` on
// these objects, which an ES module's named import of a built-in never sees (its bindings are
// copies taken at load). `http.request` is read at each call, so an interceptor installed after
// the transport was made still sees every request.
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'

/**
 * A `fetch` over `node:http`/`node:https` with one keep-alive agent per protocol, and the function
 * that ends those agents.
 *
 * @example
 * ```ts
 * const transport: NodeFetch = createNodeFetch()
 * await transport.fetch('http://127.0.0.1:8080/api/v1/platform/ping')
 * transport.close()
 * ```
 */
export interface NodeFetch {
  fetch: typeof globalThis.fetch
  /** Destroys the agents' sockets, idle or busy; a request after it opens new ones. */
  close(): void
}

// Bodies ofetch hands over: the JSON or form text it made, or bytes a caller passed.
const bodyOf = (body: unknown): string | Uint8Array | undefined => {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string' || body instanceof Uint8Array) return body
  if (body instanceof URLSearchParams) return body.toString()
  throw new TypeError('this fetch sends string, bytes or URLSearchParams bodies only')
}

const headersOut = (init: HeadersInit | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  const headers = init instanceof Headers ? init : new Headers(init)
  headers.forEach((value, name) => {
    out[name] = value
  })
  return out
}

/**
 * The answer's headers, read-only as a `Response`'s are, over the object Node already parsed
 * (names in lower case; repeated values joined with `, `, `set-cookie` kept apart): building a
 * WHATWG `Headers` per answer costs ~5 µs on Node 20.
 */
class NodeHeaders {
  readonly #fields: IncomingMessage['headers']
  constructor(fields: IncomingMessage['headers']) {
    this.#fields = fields
  }
  get(name: string): string | null {
    const value = this.#fields[name.toLowerCase()]
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
  }
  has(name: string): boolean {
    return this.#fields[name.toLowerCase()] !== undefined
  }
  getSetCookie(): string[] {
    return [...(this.#fields['set-cookie'] ?? [])]
  }
  forEach(callback: (value: string, name: string, headers: NodeHeaders) => void): void {
    for (const [name, value] of this) callback(value, name, this)
  }
  *entries(): IterableIterator<[string, string]> {
    for (const name of Object.keys(this.#fields).sort()) yield [name, this.get(name) as string]
  }
  *keys(): IterableIterator<string> {
    for (const [name] of this) yield name
  }
  *values(): IterableIterator<string> {
    for (const [, value] of this) yield value
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries()
  }
  append(): never {
    throw new TypeError('the headers of an answer are immutable')
  }
  set(): never {
    return this.append()
  }
  delete(): never {
    return this.append()
  }
}

// 204, 205 and 304 answers carry no body (WHATWG fetch's null body statuses).
const NULL_BODY = new Set([204, 205, 304])

/**
 * The answer as node-fetch gives it (which ofetch reads as it reads a WHATWG `Response`): status,
 * `headers` (read-only), `body` as the Node stream of the answer, and its bytes read as they arrive (what
 * `text()`, `json()` and `arrayBuffer()` give once). A WHATWG `Response` costs ~30 µs to build on
 * Node 20 (its web stream), and leaving the stream paused until `text()` costs ~35 µs more per
 * call: more than the rest of an exchange over a kept-alive socket.
 */
class NodeResponse {
  readonly status: number
  readonly statusText: string
  readonly ok: boolean
  readonly headers: Headers
  readonly redirected = false
  readonly type = 'basic'
  readonly url: string
  /** The answer's stream (already being read), or null for a status without a body. */
  readonly body: IncomingMessage | null
  #bytes: Promise<Buffer>
  #used = false

  constructor(message: IncomingMessage, url: string, failure: () => unknown) {
    this.status = message.statusCode ?? 0
    this.statusText = message.statusMessage ?? ''
    this.ok = this.status >= 200 && this.status < 300
    this.headers = new NodeHeaders(message.headers) as unknown as Headers
    this.url = url
    this.body = NULL_BODY.has(this.status) ? null : message
    this.#bytes = new Promise((resolve, reject) => {
      const chunks: Buffer[] = []
      message.on('data', (chunk: Buffer) => chunks.push(chunk))
      message.on('end', () =>
        resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
      )
      message.on('error', () => reject(failure()))
    })
    // A body nobody reads must not be an unhandled rejection.
    this.#bytes.catch(() => {})
  }

  get bodyUsed(): boolean {
    return this.#used
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read().then((bytes) => new Uint8Array(bytes).buffer)
  }

  text(): Promise<string> {
    return this.#read().then((bytes) => bytes.toString('utf8'))
  }

  json(): Promise<unknown> {
    return this.text().then(JSON.parse)
  }

  #read(): Promise<Buffer> {
    if (this.#used) return Promise.reject(new TypeError('the body has already been read'))
    this.#used = true
    return this.#bytes
  }
}

/**
 * The default fetch of the SDK on Node (the package's `node` export condition): the platform's
 * answers are small JSON over a few long-lived connections, where `node:http` with a keep-alive
 * agent costs much less per call than undici's `fetch` (bench/ping.ts). It sends string, bytes
 * or `URLSearchParams` bodies; it answers as node-fetch does (see `NodeResponse`); an abort, before
 * or during the answer, rejects with the signal's reason (as `fetch` does), and a failed
 * connection with a `TypeError` whose `cause` is the socket error (as undici does). Idle sockets
 * do not keep the process alive (Node's agent unrefs them); `close()` ends them all.
 *
 * @example
 * ```ts
 * const { fetch, close } = createNodeFetch()
 * const pullsign = new PullSign({ apiKey, apiSecret, fetch })
 * ```
 */
export function createNodeFetch(): NodeFetch {
  const httpAgent = new http.Agent({ keepAlive: true })
  const httpsAgent = new https.Agent({ keepAlive: true })
  // The request options of the last URL, parsed once (a backend asks the same few URLs again
  // and again): `new URL` and `http.request`'s own parsing would otherwise run on every call.
  let lastHref = ''
  let target:
    | { protocol: string; hostname: string; port: string; path: string; agent: http.Agent }
    | undefined
  const fetch = (input: RequestInfo | URL, init: RequestInit = {}): Promise<NodeResponse> =>
    new Promise((resolve, reject) => {
      const { signal } = init
      if (signal?.aborted) {
        reject(signal.reason)
        return
      }
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
      if (href !== lastHref || target === undefined) {
        const url = new URL(href)
        lastHref = href
        target = {
          protocol: url.protocol,
          // An IPv6 literal is written in brackets in a URL, not in a host name.
          hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: url.port,
          path: `${url.pathname}${url.search}`,
          agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
        }
      }
      const options = { ...target, method: init.method ?? 'GET', headers: headersOut(init.headers) }
      const request = target.protocol === 'https:' ? https.request(options) : http.request(options)
      let error: unknown
      // What a failed exchange rejects with: the abort's reason, else the socket's error.
      const failure = () =>
        signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: error })
      if (signal) {
        const onAbort = () => request.destroy()
        signal.addEventListener('abort', onAbort, { once: true })
        request.on('close', () => signal.removeEventListener('abort', onAbort))
      }
      request.on('error', (cause) => {
        error = cause
        reject(failure())
      })
      request.on('response', (message) => resolve(new NodeResponse(message, href, failure)))
      request.end(bodyOf(init.body))
    })
  return {
    // An answer shaped as node-fetch's, which ofetch (and most callers) read as a Response.
    fetch: fetch as unknown as typeof globalThis.fetch,
    close: () => {
      httpAgent.destroy()
      httpsAgent.destroy()
    },
  }
}
