import BigNumber from 'bignumber.js'

/**
 * Decimal arithmetic for issued amounts (docs/protocol.md §8.5): exact decimals written without
 * exponents in the range amounts take, so a value prints as the ledger's JSON writes it ("0.0001",
 * not "1e-4").
 *
 * @example
 * ```ts
 * new IssuedValue('0.1').plus('0.2').toString() // '0.3'
 * ```
 */
export const IssuedValue = BigNumber.clone({ EXPONENTIAL_AT: [-30, 40], DECIMAL_PLACES: 40 })

/**
 * One decimal value of {@link IssuedValue}.
 *
 * @example
 * ```ts
 * const limit: IssuedValue = new IssuedValue('100')
 * ```
 */
export type IssuedValue = BigNumber

/**
 * Significant digits an issued amount carries on the XRP Ledger: STAmount's mantissa lies in
 * [10^15, 10^16) (rippled `STAmount.h`, `cMinValue`/`cMaxValue`).
 */
const SIGNIFICANT_DIGITS = 16
/** The smallest issued magnitude (STAmount's `cMinOffset` -96 on a 16-digit mantissa). */
const SMALLEST = new IssuedValue('1e-81')

/**
 * Rounds to the 16 significant digits an issued amount can carry (STAmount's canonical form),
 * up or down (away from or toward zero), and prints it.
 *
 * @example
 * ```ts
 * significant(new IssuedValue(1).div(3), 'up') // '0.3333333333333334'
 * ```
 */
export function significant(value: BigNumber, direction: 'up' | 'down'): string {
  return roundIssued(value, direction).toString()
}

/**
 * A value rounded as STAmount keeps it: an issued value to 16 significant digits (below 10^-81
 * it is zero, or the smallest amount when rounding up), native drops to whole drops.
 *
 * @example
 * ```ts
 * roundAmount(new IssuedValue('2.5'), true, 'up').toString() // '3' (drops)
 * ```
 */
export function roundAmount(value: BigNumber, native: boolean, direction: 'up' | 'down') {
  return native ? roundDrops(value, direction) : roundIssued(value, direction)
}

function roundDrops(value: BigNumber, direction: 'up' | 'down'): IssuedValue {
  const mode = direction === 'up' ? BigNumber.ROUND_UP : BigNumber.ROUND_DOWN
  return new IssuedValue(value.integerValue(mode))
}

function roundIssued(value: BigNumber, direction: 'up' | 'down'): IssuedValue {
  if (value.isZero()) return new IssuedValue(0)
  if (value.abs().lt(SMALLEST)) {
    return direction === 'up' ? SMALLEST.times(value.isNegative() ? -1 : 1) : new IssuedValue(0)
  }
  const mode = direction === 'up' ? BigNumber.ROUND_UP : BigNumber.ROUND_DOWN
  return new IssuedValue(value.precision(SIGNIFICANT_DIGITS, mode))
}

// Quotients are cut far past any amount's last digit before the one rounding that counts.
const Quotient = BigNumber.clone({ DECIMAL_PLACES: 130, ROUNDING_MODE: BigNumber.ROUND_DOWN })

/**
 * `a × b` rounded once for the result's asset, up or down (rippled `mulRound`: the exact product
 * of two 16-digit mantissas, rounded to the result's precision).
 *
 * @example
 * ```ts
 * mulRound(new IssuedValue('10'), new IssuedValue('0.3333333333333333'), false, 'up').toString()
 * // '3.333333333333333'
 * ```
 */
export function mulRound(a: BigNumber, b: BigNumber, native: boolean, direction: 'up' | 'down') {
  return roundAmount(a.times(b), native, direction)
}

/**
 * `a ÷ b` rounded once for the result's asset, up or down (rippled `divRound`).
 *
 * @example
 * ```ts
 * divRound(new IssuedValue(1), new IssuedValue(3), false, 'up').toString() // '0.3333333333333334'
 * ```
 */
export function divRound(a: BigNumber, b: BigNumber, native: boolean, direction: 'up' | 'down') {
  return roundAmount(new Quotient(a).div(b), native, direction)
}
