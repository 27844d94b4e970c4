import type { CustomMeta } from './payload'

/**
 * `{"message": "Welcome <uuid>"}` on connect; also the keepalive answer and the no-such-payload
 * notice (§4).
 *
 * @example
 * ```ts
 * const msg: SocketTextMessage = { message: 'Right back at you!' }
 * ```
 */
export interface SocketTextMessage {
  message: string
}

/**
 * `{"expires_in_seconds": n}` right after connecting, then every 15 s (§4).
 *
 * @example
 * ```ts
 * const msg: SocketExpiresInMessage = { expires_in_seconds: 300 }
 * ```
 */
export interface SocketExpiresInMessage {
  expires_in_seconds: number
}

/**
 * The user opened the payload (§4).
 *
 * @example
 * ```ts
 * const msg: SocketOpenedMessage = { opened: true }
 * ```
 */
export interface SocketOpenedMessage {
  opened: true
}

/**
 * The application fetched the payload (§4).
 *
 * @example
 * ```ts
 * const msg: SocketDevappFetchedMessage = { devapp_fetched: true }
 * ```
 */
export interface SocketDevappFetchedMessage {
  devapp_fetched: true
}

/**
 * The user started signing (§4).
 *
 * @example
 * ```ts
 * const msg: SocketPreSignedMessage = { pre_signed: true }
 * ```
 */
export interface SocketPreSignedMessage {
  pre_signed: true
}

/**
 * Submission to a node started (§4).
 *
 * @example
 * ```ts
 * const msg: SocketDispatchedMessage = { dispatched: true }
 * ```
 */
export interface SocketDispatchedMessage {
  dispatched: true
}

/**
 * The payload expired or was cancelled (§4); the socket stays open, the client disconnects.
 *
 * @example
 * ```ts
 * const msg: SocketExpiredMessage = { expired: true }
 * ```
 */
export interface SocketExpiredMessage {
  expired: true
}

/**
 * The resolve message (§4): a hint, never proof; fetch the payload to learn the outcome (§9.1).
 *
 * @example
 * ```ts
 * if (msg.signed) console.log('signed, txid', msg.txid)
 * ```
 */
export interface SocketResolvedMessage {
  payload_uuidv4: string
  reference_call_uuidv4: string
  signed: boolean
  /** Whether a user token was issued. */
  user_token: boolean
  return_url: { app: string | null; web: string | null }
  opened_by_deeplink: boolean | null
  custom_meta: CustomMeta
  txid: string | null
}

/**
 * Every server → client message of the payload websocket (§4).
 *
 * @example
 * ```ts
 * socket.onmessage = (e) => handle(JSON.parse(e.data) as PayloadSocketMessage)
 * ```
 */
export type PayloadSocketMessage =
  | SocketTextMessage
  | SocketExpiresInMessage
  | SocketOpenedMessage
  | SocketDevappFetchedMessage
  | SocketPreSignedMessage
  | SocketDispatchedMessage
  | SocketExpiredMessage
  | SocketResolvedMessage

/**
 * The client → server keepalive (§4); the answer is `{"message": "Right back at you!"}`.
 *
 * @example
 * ```ts
 * socket.send(JSON.stringify(SOCKET_PING))
 * ```
 */
export const SOCKET_PING = /* @__PURE__ */ Object.freeze({ ping: true as const })

/**
 * The server's keepalive answer text (§4).
 *
 * @example
 * ```ts
 * if (msg.message === SOCKET_PONG_TEXT) console.log('alive')
 * ```
 */
export const SOCKET_PONG_TEXT = 'Right back at you!'

/**
 * Interval of the server's `expires_in_seconds` messages, in seconds (§4).
 *
 * @example
 * ```ts
 * setInterval(tick, SOCKET_EXPIRES_IN_INTERVAL_SECONDS * 1000)
 * ```
 */
export const SOCKET_EXPIRES_IN_INTERVAL_SECONDS = 15

/**
 * A §4 message with a `type` tag, so a `switch (event.type)` narrows it.
 *
 * @example
 * ```ts
 * switch (event.type) {
 *   case 'resolved': console.log(event.data.signed); break
 *   case 'expires_in': console.log(event.data.expires_in_seconds); break
 * }
 * ```
 */
export type PayloadSocketEvent =
  | { type: 'welcome'; data: SocketTextMessage }
  | { type: 'pong'; data: SocketTextMessage }
  | { type: 'message'; data: SocketTextMessage }
  | { type: 'expires_in'; data: SocketExpiresInMessage }
  | { type: 'opened'; data: SocketOpenedMessage }
  | { type: 'devapp_fetched'; data: SocketDevappFetchedMessage }
  | { type: 'pre_signed'; data: SocketPreSignedMessage }
  | { type: 'dispatched'; data: SocketDispatchedMessage }
  | { type: 'expired'; data: SocketExpiredMessage }
  | { type: 'resolved'; data: SocketResolvedMessage }

/**
 * The `type` tags of {@link PayloadSocketEvent}.
 *
 * @example
 * ```ts
 * const type: PayloadSocketEventType = 'opened'
 * ```
 */
export type PayloadSocketEventType = PayloadSocketEvent['type']

// The messages that are one `true` flag, named as their tag, in the order they are checked.
const FLAGS = ['opened', 'devapp_fetched', 'pre_signed', 'dispatched', 'expired'] as const

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Tags a parsed §4 message, or returns `null` for anything that is not one.
 *
 * @example
 * ```ts
 * classifySocketMessage({ opened: true }) // { type: 'opened', data: { opened: true } }
 * classifySocketMessage({ message: 'Welcome 1f…' }) // { type: 'welcome', … }
 * ```
 */
export function classifySocketMessage(value: unknown): PayloadSocketEvent | null {
  if (!isObject(value)) return null
  if (typeof value.payload_uuidv4 === 'string' && typeof value.signed === 'boolean') {
    return { type: 'resolved', data: value as unknown as SocketResolvedMessage }
  }
  if (typeof value.expires_in_seconds === 'number') {
    return { type: 'expires_in', data: { expires_in_seconds: value.expires_in_seconds } }
  }
  for (const type of FLAGS) {
    if (value[type] === true)
      return { type, data: { [type]: true } } as unknown as PayloadSocketEvent
  }
  if (typeof value.message === 'string') {
    const data = { message: value.message }
    if (value.message.startsWith('Welcome')) return { type: 'welcome', data }
    if (value.message === SOCKET_PONG_TEXT) return { type: 'pong', data }
    return { type: 'message', data }
  }
  return null
}
