import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Computes the webhook signature of PROTOCOL §5: hex(HMAC-SHA1(key, timestamp + rawBody)) where
 * the key is the API secret with its first `-` removed.
 *
 * @example
 * ```ts
 * const expected = webhookSignature(secret, headers['x-xumm-request-timestamp'], rawBody)
 * ```
 */
export function webhookSignature(apiSecret: string, timestamp: string, rawBody: string): string {
  // Only the first '-' is removed: that is what production does (PROTOCOL §5).
  const key = apiSecret.replace('-', '')
  return createHmac('sha1', key)
    .update(timestamp + rawBody)
    .digest('hex')
}

/**
 * Compares two hex signatures in constant time.
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
