import { PullSignError } from '../core/errors/pull-sign-error'
import { describeValue } from '../core/input'
import type { TransactionJson } from '../wire/transaction'
import { type LinkOptions, linksBase } from './links-base'

const toHex = (bytes: Uint8Array) =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()

const requireTransaction = (value: unknown, field: string): TransactionJson => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PullSignError(
      'ERR_INPUT',
      `${field} must be a transaction object, got ${describeValue(value)}`,
    )
  }
  const type = (value as Record<string, unknown>).TransactionType
  if (typeof type !== 'string' || type === '') {
    throw new PullSignError(
      'ERR_INPUT',
      `${field}.TransactionType must be a non-empty string, got ${describeValue(type)}`,
    )
  }
  return value as TransactionJson
}

/**
 * Builds a sign link (docs/protocol.md §9.2): `{links}/detect/<hex>`, the hex of the UTF-8 JSON
 * of a transaction. Whoever opens it signs in their wallet; no websocket or webhook follows.
 *
 * @example
 * ```ts
 * import { signLink } from 'pullsign/links'
 *
 * signLink({ TransactionType: 'TrustSet', LimitAmount: { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq', value: '1000' } })
 * // 'https://xumm.app/detect/7B225472616E73…'
 * ```
 */
export function signLink(tx: TransactionJson, options: LinkOptions = {}): string {
  const checked = requireTransaction(tx, 'tx')
  return `${linksBase(options)}/detect/${toHex(new TextEncoder().encode(JSON.stringify(checked)))}`
}

const SIGN_PATH = /^\/detect\/([0-9A-Fa-f]*)$/

/**
 * Reads the transaction out of a sign link (any `{links}` host). Hex that is not hex, not UTF-8,
 * not JSON, or JSON that is not a transaction object is an `ERR_INPUT` saying which.
 *
 * @example
 * ```ts
 * import { parseSignLink, signLink } from 'pullsign/links'
 *
 * parseSignLink(signLink({ TransactionType: 'AccountSet' })) // { TransactionType: 'AccountSet' }
 * ```
 */
export function parseSignLink(link: string): TransactionJson {
  let url: URL | null = null
  try {
    url = typeof link === 'string' ? new URL(link) : null
  } catch {
    url = null
  }
  const hex = url ? SIGN_PATH.exec(url.pathname)?.[1] : undefined
  if (!url || hex === undefined || hex === '' || hex.length % 2 !== 0) {
    throw new PullSignError(
      'ERR_INPUT',
      `link must be {links}/detect/<hex of a transaction's JSON>, got ${describeValue(link)}`,
    )
  }
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  let parsed: unknown
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    throw new PullSignError('ERR_INPUT', 'the sign link hex is not the UTF-8 text of JSON')
  }
  return requireTransaction(parsed, 'the sign link transaction')
}
