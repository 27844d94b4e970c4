/** A decimal as a signed integer times a power of ten: exact, with no floating point. */
export interface Decimal {
  digits: bigint
  exponent: number
}

// Plain or with an exponent, as the ledger and the platform write values. Bounded (100 digits on
// either side of the point, an exponent of at most 3 digits): a hostile answer cannot ask for a
// huge power of ten when two values are brought to one exponent.
const DECIMAL = /^([+-]?)(\d{0,100})(?:\.(\d{0,100}))?(?:[eE]([+-]?\d{1,3}))?$/

/**
 * Parses a decimal string (`5`, `-0.25`, `1234e-20`) into a {@link Decimal}; `null` when it is not
 * a number within the bounds.
 *
 * @example
 * ```ts
 * parseDecimal('1.5e3') // { digits: 15n, exponent: 2 }
 * ```
 */
export function parseDecimal(value: string): Decimal | null {
  const match = DECIMAL.exec(value.trim())
  if (!match) return null
  const [, sign, whole = '', fraction = '', exponent = '0'] = match
  if (whole === '' && fraction === '') return null
  const digits = BigInt(`${whole}${fraction}`)
  return { digits: sign === '-' ? -digits : digits, exponent: Number(exponent) - fraction.length }
}

/**
 * Two decimals as integers over their smaller exponent, so they add, subtract and compare exactly.
 *
 * @example
 * ```ts
 * const [a, b, exponent] = onOneExponent(parseDecimal('1.5')!, parseDecimal('2')!) // 15n, 20n, -1
 * ```
 */
export function onOneExponent(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const exponent = Math.min(a.exponent, b.exponent)
  const scaled = (d: Decimal) => d.digits * 10n ** BigInt(d.exponent - exponent)
  return [scaled(a), scaled(b), exponent]
}
