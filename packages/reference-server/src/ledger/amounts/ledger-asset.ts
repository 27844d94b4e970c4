import type { IssuedAmount } from 'pullsign/wire'

/**
 * An asset on the ledger: the native one (no issuer), or a currency of an issuer.
 *
 * @example
 * ```ts
 * const usd: LedgerAsset = { currency: 'USD', issuer: 'rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq' }
 * ```
 */
export interface LedgerAsset {
  currency: string
  issuer: string | null
}

/**
 * Whether a decoded amount is an issued one (`{currency, issuer, value}`), not drops.
 *
 * @example
 * ```ts
 * isIssued({ currency: 'USD', issuer, value: '1' }) // true
 * isIssued('1000') // false
 * ```
 */
export const isIssued = (amount: unknown): amount is IssuedAmount =>
  typeof amount === 'object' && amount !== null && 'currency' in amount && 'issuer' in amount

/**
 * Whether two assets are the same (a ledger has one native asset, whatever its name).
 *
 * @example
 * ```ts
 * sameAsset({ currency: 'XRP', issuer: null }, { currency: 'XRP', issuer: null }) // true
 * ```
 */
export const sameAsset = (a: LedgerAsset, b: LedgerAsset): boolean =>
  a.issuer === null ? b.issuer === null : a.currency === b.currency && a.issuer === b.issuer
