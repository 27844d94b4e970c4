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

/** Significant digits an issued amount carries on the XRP Ledger. */
const SIGNIFICANT_DIGITS = 15

/**
 * Rounds to the 15 significant digits an issued amount can carry, up or down, and prints it.
 *
 * @example
 * ```ts
 * significant(new IssuedValue(1).div(3), 'up') // '0.333333333333334'
 * ```
 */
export function significant(value: BigNumber, direction: 'up' | 'down'): string {
  const mode = direction === 'up' ? BigNumber.ROUND_UP : BigNumber.ROUND_DOWN
  return new IssuedValue(value.precision(SIGNIFICANT_DIGITS, mode)).toString()
}
