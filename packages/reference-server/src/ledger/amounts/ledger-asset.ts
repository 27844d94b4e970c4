import type { IssuedAmount } from 'pullsign/wire'
import { IssuedValue } from './issued-value'
import { DROPS_PER_UNIT } from './native-amount'

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
 * The asset of a decoded amount; `native` names the network's native asset.
 *
 * @example
 * ```ts
 * assetOf('1000', 'XRP') // { currency: 'XRP', issuer: null }
 * ```
 */
export function assetOf(amount: unknown, native: string): LedgerAsset {
  return isIssued(amount)
    ? { currency: amount.currency, issuer: amount.issuer }
    : { currency: native, issuer: null }
}

/**
 * The value of a decoded amount in units of its asset (drops become native units).
 *
 * @example
 * ```ts
 * unitsOf('1500000').toString() // '1.5'
 * ```
 */
export function unitsOf(amount: unknown): IssuedValue {
  if (isIssued(amount)) return new IssuedValue(amount.value)
  return new IssuedValue(String(amount)).div(DROPS_PER_UNIT.toString())
}

/**
 * Native units as whole drops, rounded up (what a payer must at least spend) or down.
 *
 * @example
 * ```ts
 * toDrops(new IssuedValue('0.0000015'), 'up') // 2n
 * ```
 */
export function toDrops(units: IssuedValue, direction: 'up' | 'down'): bigint {
  const mode = direction === 'up' ? IssuedValue.ROUND_UP : IssuedValue.ROUND_DOWN
  return BigInt(units.times(DROPS_PER_UNIT.toString()).integerValue(mode).toFixed())
}

/**
 * Whether two assets are the same.
 *
 * @example
 * ```ts
 * sameAsset({ currency: 'XRP', issuer: null }, { currency: 'XRP', issuer: null }) // true
 * ```
 */
export const sameAsset = (a: LedgerAsset, b: LedgerAsset): boolean =>
  a.currency === b.currency && a.issuer === b.issuer
