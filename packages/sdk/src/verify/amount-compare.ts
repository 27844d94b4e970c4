import type { Amount, IssuedAmount } from '../wire/transaction'

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/**
 * Parses a decimal string (plain or with an exponent, as the ledger writes issued values) into a
 * sign, its significant digits and a power of ten; `null` when it is not a number.
 */
function parseDecimal(
  value: string,
): { negative: boolean; digits: bigint; exponent: number } | null {
  const match = DECIMAL.exec(value.trim())
  if (!match) return null
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  if (whole === '' && fraction === '') return null
  const digits = BigInt(`${whole}${fraction}` || '0')
  return {
    negative: sign === '-' && digits !== 0n,
    digits,
    exponent: Number(exponent) - fraction.length,
  }
}

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
  const scale = Math.min(left.exponent, right.exponent)
  const signed = (n: typeof left) =>
    (n.negative ? -1n : 1n) * n.digits * 10n ** BigInt(n.exponent - scale)
  const l = signed(left)
  const r = signed(right)
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
