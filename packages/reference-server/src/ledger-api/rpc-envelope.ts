import type { ApiVersion } from './node-request'
import { RpcError, type RpcErrorFields } from './rpc-errors'

/** What a method call produced: its result, or rippled's error fields. */
export type CallOutcome = { result: Record<string, unknown> } | { error: RpcErrorFields }

/** Runs a method; an {@link RpcError} becomes its fields, any other throw `internal` (logged). */
export function runMethod(method: () => Record<string, unknown>): CallOutcome {
  try {
    return { result: method() }
  } catch (error) {
    if (error instanceof RpcError) return { error: error.fields }
    console.error('[pullsign-server] ledger node error:', error)
    return { error: new RpcError('internal').fields }
  }
}

/**
 * The `api_version` of a request (rippled RPCHelpers.cpp `getAPIVersionNumber`): absent → 1;
 * 1 or 2 as given; anything else → null (`invalid_API_version`).
 */
export function apiVersionOf(request: Record<string, unknown>): ApiVersion | null {
  const value = request.api_version
  if (value === undefined) return 1
  return value === 1 || value === 2 ? value : null
}

// A secret never comes back in an error's `request` (rippled masks these four fields).
const MASKED = ['passphrase', 'secret', 'seed', 'seed_hex']
const masked = (request: Record<string, unknown>) => {
  if (!MASKED.some((field) => field in request)) return request
  const copy = { ...request }
  for (const field of MASKED) if (field in copy) copy[field] = '<masked>'
  return copy
}

// Fields of the request a WebSocket answer echoes (rippled ServerHandler.cpp processSession).
const echoed = (request: Record<string, unknown>) => {
  const echo: Record<string, unknown> = {}
  for (const field of ['id', 'jsonrpc', 'ripplerpc', 'api_version']) {
    if (field in request) echo[field] = request[field]
  }
  return echo
}

/**
 * The WebSocket answer to a parsed frame (rippled ServerHandler.cpp `processSession`): a request
 * without a string `command` (or `method`) or with a bad `api_version` is refused before any
 * method runs; a result comes as `{result, status: "success"}`, an error flattened with
 * `status: "error"` and the masked `request`; `id`, `api_version` echoed; `type: "response"`.
 *
 * @example
 * ```ts
 * socketAnswer({ id: 1, command: 'ping' }, (command, version) => runMethod(() => ({})))
 * // { result: {}, status: 'success', id: 1, type: 'response' }
 * ```
 */
export function socketAnswer(
  request: Record<string, unknown>,
  call: (command: string, apiVersion: ApiVersion) => CallOutcome,
): Record<string, unknown> {
  const apiVersion = apiVersionOf(request)
  const { command, method } = request
  const name = command ?? method
  if (
    apiVersion === null ||
    typeof name !== 'string' ||
    (method !== undefined && typeof method !== 'string') ||
    (command !== undefined && method !== undefined && command !== method)
  ) {
    return {
      type: 'response',
      status: 'error',
      error: apiVersion === null ? 'invalid_API_version' : 'missingCommand',
      request,
      ...echoed(request),
    }
  }
  const outcome = call(name, apiVersion)
  const body =
    'result' in outcome
      ? { result: outcome.result, status: 'success' }
      : { ...outcome.error, status: 'error', request: masked(request) }
  return { ...body, ...echoed(request), type: 'response' }
}

/** A JSON-RPC answer: a JSON body (HTTP 200), or rippled's plain-text refusal with its status. */
export type RpcReply = { json: Record<string, unknown> } | { status: 400; text: string }

/**
 * The JSON-RPC answer to a parsed body (rippled ServerHandler.cpp `processRequest`): a body that
 * is no object, a null, empty or non-string `method`, `params` that is not an array of one object,
 * or a bad `api_version` gets HTTP 400 text; otherwise `{result: {..., status}}` with the error
 * fields and the request (its `command` included) inside `result`.
 *
 * @example
 * ```ts
 * rpcAnswer({ method: 'ping', params: [{}] }, call) // { json: { result: { status: 'success' } } }
 * ```
 */
export function rpcAnswer(
  body: unknown,
  call: (command: string, params: Record<string, unknown>, apiVersion: ApiVersion) => CallOutcome,
): RpcReply {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { status: 400, text: 'Unable to parse request: not a JSON object' }
  }
  const { method, params } = body as Record<string, unknown>
  const first = Array.isArray(params) ? params[0] : undefined
  const fields =
    typeof first === 'object' && first !== null && !Array.isArray(first)
      ? (first as Record<string, unknown>)
      : undefined
  const apiVersion = apiVersionOf(fields ?? {})
  if (apiVersion === null) return { status: 400, text: 'invalid_API_version' }
  if (method === undefined || method === null) return { status: 400, text: 'Null method' }
  if (typeof method !== 'string') return { status: 400, text: 'method is not string' }
  if (method === '') return { status: 400, text: 'method is empty' }
  if (
    params !== undefined &&
    params !== null &&
    (!Array.isArray(params) || params.length !== 1 || (first !== null && !fields))
  ) {
    return { status: 400, text: 'params unparsable' }
  }
  const request = { ...(fields ?? {}), command: method }
  const outcome = call(method, request, apiVersion)
  const result =
    'result' in outcome
      ? { ...outcome.result, status: 'success' }
      : { ...outcome.error, status: 'error', request: masked(request) }
  const json: Record<string, unknown> = { result }
  for (const field of ['jsonrpc', 'ripplerpc', 'id'])
    if (fields && field in fields) json[field] = fields[field]
  return { json }
}
