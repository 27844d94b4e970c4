import { isObject } from '../core/input'
import {
  defaultWebSocket,
  socketText,
  type WebSocketConstructor,
  type WebSocketLike,
} from '../core/websocket'
import { LedgerNodeError, malformed } from './ledger-node-error'

/** Where and how one rippled node is asked: its URL (JSON-RPC or WebSocket) and the seams. */
export interface NodeConnection {
  /** `http(s)://` (JSON-RPC) or `ws(s)://` (WebSocket). */
  url: string
  fetch: typeof globalThis.fetch
  /** The WebSocket constructor; `undefined`: the runtime's own, else `ws`. */
  WebSocket: WebSocketConstructor | undefined
  timeoutMs: number
}

// An answer of `tx` or `server_info` is a few KB; a node that sends more is not answering them.
const MAX_BODY = 1 << 20

async function readBody(response: Response): Promise<string> {
  const reader = response.body?.getReader()
  if (!reader) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY) {
      await reader.cancel()
      throw malformed('body', `at most ${MAX_BODY} bytes`, `more than ${MAX_BODY} bytes`)
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return new TextDecoder().decode(all)
}

const parse = (text: string, what: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw malformed('body', `JSON (${what})`, text)
  }
}

// rippled's error inside an answer: its name (`txnNotFound`…) and message, as rippled writes them.
const refusal = (answer: Record<string, unknown>) => {
  const name = typeof answer.error === 'string' ? answer.error : 'unknown'
  const said = typeof answer.error_message === 'string' ? `: ${answer.error_message}` : ''
  return new LedgerNodeError('ERR_API', `the node answered ${name}${said}`, { rpcError: name })
}

const unreachable = (url: string, cause: unknown) =>
  cause instanceof LedgerNodeError
    ? cause
    : new LedgerNodeError('ERR_NETWORK', `no answer from the node ${url}: ${cause}`, { cause })

// JSON-RPC (xrpl.org "JSON-RPC Format"): `{method, params: [{…}]}`; the answer's `result` holds
// `status` and, on an error, `error` and `error_message`.
async function overHttp(
  connection: NodeConnection,
  command: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  let text: string
  let status: number
  try {
    const response = await connection.fetch(connection.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: command, params: [params] }),
      signal: AbortSignal.timeout(connection.timeoutMs),
    })
    status = response.status
    text = await readBody(response)
  } catch (err) {
    throw unreachable(connection.url, err)
  }
  const body = parse(text, `HTTP ${status}`)
  if (!isObject(body) || !isObject(body.result)) {
    throw malformed('result', 'an object', isObject(body) ? body.result : body)
  }
  const { result } = body
  if (result.status === 'error' || result.error !== undefined) throw refusal(result)
  if (result.status !== 'success') throw malformed('result.status', '"success"', result.status)
  return result
}

// WebSocket (xrpl.org "WebSocket API Format"): `{id, command, …}`; the answer carries the same
// `id`, `type: "response"`, `status`, and `result` or, on an error, `error` at the top.
async function overSocket(
  connection: NodeConnection,
  command: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const Socket = connection.WebSocket ?? (await defaultWebSocket())
  const id = 1
  return new Promise((resolve, reject) => {
    let socket: WebSocketLike
    try {
      socket = new Socket(connection.url)
    } catch (err) {
      reject(unreachable(connection.url, err))
      return
    }
    const timeout = AbortSignal.timeout(connection.timeoutMs)
    let settled = false
    const settle = (outcome: () => Record<string, unknown>) => {
      if (settled) return
      settled = true
      timeout.removeEventListener('abort', onTimeout)
      // Later events are ignored, not unheard: `ws` throws an error event nobody listens to.
      const ignore = () => {}
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = ignore
      socket.close()
      try {
        resolve(outcome())
      } catch (err) {
        reject(err)
      }
    }
    const fail = (cause: unknown) =>
      settle(() => {
        throw unreachable(connection.url, cause)
      })
    const onTimeout = () => fail(`no answer within ${connection.timeoutMs} ms`)
    timeout.addEventListener('abort', onTimeout, { once: true })
    socket.onopen = () => socket.send(JSON.stringify({ ...params, id, command }))
    socket.onerror = () => fail('the socket failed')
    socket.onclose = (event) => fail(`the socket closed (${event.code})`)
    socket.onmessage = (event) => {
      const text = socketText(event)
      settle(() => {
        if (text.length > MAX_BODY) {
          throw malformed('body', `at most ${MAX_BODY} bytes`, `more than ${MAX_BODY} bytes`)
        }
        const answer = parse(text, 'a WebSocket frame')
        if (!isObject(answer) || answer.id !== id || answer.type !== 'response') {
          throw malformed(
            'id',
            `the response to request ${id}`,
            isObject(answer) ? answer.id : answer,
          )
        }
        if (answer.status === 'error' || answer.error !== undefined) throw refusal(answer)
        if (answer.status !== 'success') throw malformed('status', '"success"', answer.status)
        if (!isObject(answer.result)) throw malformed('result', 'an object', answer.result)
        return answer.result
      })
    }
  })
}

/**
 * Asks a rippled node one command and returns its `result`, over JSON-RPC for an `http(s)` URL and
 * over a WebSocket (opened for this request, closed after it) for a `ws(s)` one: the node URL a
 * signed payload names (`response.dispatched_to`) is a WebSocket one. rippled's error throws a
 * {@link LedgerNodeError} with `rpcError`, an answer that is not rippled's one naming the `field`,
 * no answer within `timeoutMs` one with `ERR_NETWORK`.
 *
 * @example
 * ```ts
 * const { info } = await nodeRequest(connection, 'server_info', {})
 * ```
 */
export function nodeRequest(
  connection: NodeConnection,
  command: string,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return /^wss?:/i.test(connection.url)
    ? overSocket(connection, command, params)
    : overHttp(connection, command, params)
}
