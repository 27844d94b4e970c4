import { createHmac } from 'node:crypto'

/**
 * The `x-xumm-request-signature` of a webhook (docs/protocol.md §5): hex(HMAC-SHA1(key, timestamp +
 * rawBody)), where the key is the API secret with only its FIRST '-' removed, as production does.
 *
 * @example
 * ```ts
 * webhookSignature(app.apiSecret, '1767225600', '{"meta":{}}') // 40 hex characters
 * ```
 */
export function webhookSignature(apiSecret: string, timestamp: string, rawBody: string): string {
  // replace() with a string pattern replaces the first occurrence only: that is the quirk.
  const key = apiSecret.replace('-', '')
  return createHmac('sha1', key)
    .update(timestamp + rawBody)
    .digest('hex')
}
