import { SignatureError } from '../core/errors/signature-error'
import { WEBHOOK_HEADERS, type WebhookBody } from '../wire/webhook'

const utf8 = new TextEncoder()

const bytesOf = (data: string | Uint8Array): Uint8Array =>
  typeof data === 'string' ? utf8.encode(data) : data

const hex = (bytes: ArrayBuffer): string =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')

/**
 * Computes the webhook signature of docs/protocol.md §5: hex(HMAC-SHA1(key, timestamp + rawBody)) where
 * the key is the API secret with its first `-` removed. WebCrypto does the HMAC, so it runs in
 * Node, browsers, workers and edge runtimes alike (which is why it is async).
 *
 * @example
 * ```ts
 * const expected = await webhookSignature(secret, headers['x-xumm-request-timestamp'], rawBody)
 * ```
 */
export async function webhookSignature(
  apiSecret: string,
  timestamp: string,
  rawBody: string | Uint8Array,
): Promise<string> {
  // Only the first '-' is removed: that is what production does (docs/protocol.md §5).
  const key = await crypto.subtle.importKey(
    'raw',
    utf8.encode(apiSecret.replace('-', '')),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  )
  const stamp = utf8.encode(timestamp)
  const body = bytesOf(rawBody)
  const message = new Uint8Array(stamp.length + body.length)
  message.set(stamp)
  message.set(body, stamp.length)
  return hex(await crypto.subtle.sign('HMAC', key, message))
}

/**
 * Compares two signatures in constant time (the length is not secret).
 *
 * @example
 * ```ts
 * signaturesEqual('ab', 'ab') // true
 * ```
 */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  // Every character is looked at whatever the differences: no early exit to time.
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/**
 * Request headers as a `Headers` object, Node's `IncomingHttpHeaders`, or a plain record.
 *
 * @example
 * ```ts
 * const headers: HeaderSource = request.headers
 * ```
 */
export type HeaderSource =
  | Headers
  | Record<string, string | readonly string[] | number | undefined | null>

const header = (headers: HeaderSource, name: string): string | null => {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name)
  const record = headers as Record<string, unknown>
  const key = Object.keys(record).find((k) => k.toLowerCase() === name)
  const value = key === undefined ? undefined : record[key]
  if (Array.isArray(value)) return value.length === 1 ? String(value[0]) : null
  return value === undefined || value === null ? null : String(value)
}

/**
 * Options of {@link verifyWebhook}.
 *
 * @example
 * ```ts
 * const options: VerifyWebhookOptions = { toleranceSeconds: 600 }
 * ```
 */
export interface VerifyWebhookOptions {
  /**
   * How far the request timestamp may be from now, in seconds (default 300), which bounds
   * replays of a captured delivery; `Infinity` turns the check off.
   */
  toleranceSeconds?: number
  /**
   * The current time in ms (default `Date.now()`). Pass the sender's time when it is not yours: a
   * reference server whose clock was advanced (`server.clock.now()`, or the dashboard's "server
   * clock" offset added to `Date.now()`) signs with its own time, and its deliveries are `stale`
   * against the real one.
   */
  now?: number
}

/**
 * Verifies a webhook delivery (docs/protocol.md §5) and resolves with its parsed body. Pass the body
 * exactly as received (before any JSON parsing). Rejects with a {@link SignatureError} when a
 * header is missing, the timestamp is outside the tolerance, or the signature does not match
 * (compared in constant time). Runs anywhere WebCrypto does (Node 20+, browsers, workers).
 *
 * @example
 * ```ts
 * import { verifyWebhook } from 'pullsign/verify'
 *
 * app.post('/webhook', express.raw({ type: 'application/json' }), async (req, res) => {
 *   const body = await verifyWebhook(req.body, req.headers, process.env.PULLSIGN_API_SECRET!)
 *   console.log(body.payloadResponse.payload_uuidv4, body.payloadResponse.signed)
 *   res.sendStatus(200)
 * })
 * ```
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  apiSecret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookBody> {
  if (typeof apiSecret !== 'string' || apiSecret === '') {
    throw new SignatureError('missing', 'verifyWebhook needs the API secret of the application')
  }
  const timestamp = header(headers, WEBHOOK_HEADERS.timestamp)
  const signature = header(headers, WEBHOOK_HEADERS.signature)
  if (timestamp === null || signature === null) {
    throw new SignatureError(
      'missing',
      `the webhook has no ${timestamp === null ? WEBHOOK_HEADERS.timestamp : WEBHOOK_HEADERS.signature} header`,
    )
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new SignatureError('malformed', `${WEBHOOK_HEADERS.timestamp} is not unix seconds`)
  }
  const tolerance = options.toleranceSeconds ?? 300
  const age = Math.abs((options.now ?? Date.now()) / 1000 - Number(timestamp))
  if (age > tolerance) {
    throw new SignatureError(
      'stale',
      `the webhook timestamp is ${Math.round(age)} s away from now (tolerance ${tolerance} s): a replay, or the sender's clock is not yours (a reference server whose clock was advanced: pass its time as options.now)`,
    )
  }
  const expected = await webhookSignature(apiSecret, timestamp, rawBody)
  if (!signaturesEqual(expected, signature.trim().toLowerCase())) {
    throw new SignatureError(
      'mismatch',
      'the webhook signature does not match: wrong API secret, or the body was changed (pass the raw body, not re-serialised JSON)',
      { secrets: [apiSecret] },
    )
  }
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody)
  try {
    return JSON.parse(text) as WebhookBody
  } catch {
    throw new SignatureError('malformed', 'the webhook body is signed but is not JSON')
  }
}
