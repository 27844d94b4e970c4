import { createHmac, timingSafeEqual } from 'node:crypto'
import { SignatureError } from '../core/errors'
import { WEBHOOK_HEADERS, type WebhookBody } from '../wire/webhook'

/**
 * Computes the webhook signature of PROTOCOL §5: hex(HMAC-SHA1(key, timestamp + rawBody)) where
 * the key is the API secret with its first `-` removed.
 *
 * @example
 * ```ts
 * const expected = webhookSignature(secret, headers['x-xumm-request-timestamp'], rawBody)
 * ```
 */
export function webhookSignature(
  apiSecret: string,
  timestamp: string,
  rawBody: string | Uint8Array,
): string {
  // Only the first '-' is removed: that is what production does (PROTOCOL §5).
  const key = apiSecret.replace('-', '')
  return createHmac('sha1', key)
    .update(timestamp)
    .update(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody))
    .digest('hex')
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
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
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
  /** The current time in ms (default `Date.now()`), for tests and clock skew handling. */
  now?: number
}

/**
 * Verifies a webhook delivery (PROTOCOL §5) and returns its parsed body. Pass the body exactly as
 * received (before any JSON parsing). Throws a {@link SignatureError} when a header is missing,
 * the timestamp is outside the tolerance, or the signature does not match (compared in constant
 * time).
 *
 * @example
 * ```ts
 * import { verifyWebhook } from 'pullsign/verify'
 *
 * app.post('/webhook', express.raw({ type: 'application/json' }), (req, res) => {
 *   const body = verifyWebhook(req.body, req.headers, process.env.PULLSIGN_API_SECRET!)
 *   console.log(body.payloadResponse.payload_uuidv4, body.payloadResponse.signed)
 *   res.sendStatus(200)
 * })
 * ```
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: HeaderSource,
  apiSecret: string,
  options: VerifyWebhookOptions = {},
): WebhookBody {
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
      `the webhook timestamp is ${Math.round(age)} s away from now (tolerance ${tolerance} s): a replay, or a wrong clock`,
    )
  }
  const expected = webhookSignature(apiSecret, timestamp, rawBody)
  if (!signaturesEqual(expected, signature.trim().toLowerCase())) {
    throw new SignatureError(
      'mismatch',
      'the webhook signature does not match: wrong API secret, or the body was changed (pass the raw body, not re-serialised JSON)',
      { secrets: [apiSecret] },
    )
  }
  const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8')
  try {
    return JSON.parse(text) as WebhookBody
  } catch {
    throw new SignatureError('malformed', 'the webhook body is signed but is not JSON')
  }
}
