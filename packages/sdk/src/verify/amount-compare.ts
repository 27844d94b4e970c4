import type { Amount, IssuedAmount } from '../wire/transaction'
import { onOneExponent, parseDecimal } from './decimal'

/**
 * Compares two decimal strings exactly (no floating point): -1, 0 or 1; `null` when either is not
 * a number.
 *
 * @example
 * ```ts
 * compareDecimals('5', '5.000') // 0
 * compareDecimals('4.99', '5e0') // -1
 * ```
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const left = parseDecimal(a)
  const right = parseDecimal(b)
  if (!left || !right) return null
  const [l, r] = onOneExponent(left, right)
  return l === r ? 0 : l < r ? -1 : 1
}

/**
 * Whether an amount is issued (`{currency, issuer, value}`) rather than native drops.
 *
 * @example
 * ```ts
 * isIssuedAmount({ currency: 'USD', issuer: 'r…', value: '5' }) // true
 * ```
 */
export function isIssuedAmount(amount: unknown): amount is IssuedAmount {
  return (
    typeof amount === 'object' &&
    amount !== null &&
    typeof (amount as IssuedAmount).currency === 'string' &&
    typeof (amount as IssuedAmount).issuer === 'string' &&
    typeof (amount as IssuedAmount).value === 'string'
  )
}

/**
 * Whether two amounts are of the same asset: both native, or the same currency and issuer.
 *
 * @example
 * ```ts
 * sameAsset('1000000', '5') // true: both native drops
 * ```
 */
export function sameAsset(a: Amount, b: Amount): boolean {
  if (!isIssuedAmount(a) || !isIssuedAmount(b)) return !isIssuedAmount(a) && !isIssuedAmount(b)
  return a.currency === b.currency && a.issuer === b.issuer
}

/**
 * Compares two amounts of the same asset (see {@link sameAsset}): -1, 0 or 1; `null` when a
 * value is not a number.
 *
 * @example
 * ```ts
 * compareAmounts('999999', '1000000') // -1
 * ```
 */
export function compareAmounts(a: Amount, b: Amount): -1 | 0 | 1 | null {
  return compareDecimals(isIssuedAmount(a) ? a.value : a, isIssuedAmount(b) ? b.value : b)
}
