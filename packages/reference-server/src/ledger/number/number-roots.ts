import { LedgerNumber } from './ledger-number'

/**
 * Powers and roots of {@link LedgerNumber} as rippled computes them (src/libxrpl/basics/Number.cpp
 * `power`, `root`, `root2`): powers by squaring, roots by Newton–Raphson from a least-squares
 * start until the value stops changing, each step rounded in the current mode (the AMM's √(A·B)).
 */

// rippled `Number::shiftExponent`: the same mantissa at another exponent (zero below the range).
const shifted = (value: LedgerNumber, delta: number) =>
  LedgerNumber.of(value.mantissa, value.exponent + delta)

// The digits of the mantissa less one (rippled `Number::mantissaLog()` on the 16-digit scale).
const MANTISSA_LOG = 15

/**
 * `f^n` by repeated squaring (rippled `power(Number, unsigned)`).
 *
 * @example
 * ```ts
 * power(LedgerNumber.from(2), 10).toString() // '1024'
 * ```
 */
export function power(f: LedgerNumber, n: number): LedgerNumber {
  if (n === 0) return LedgerNumber.ONE
  if (n === 1) return f
  let r = power(f, Math.floor(n / 2))
  r = r.times(r)
  return n % 2 !== 0 ? r.times(f) : r
}

/**
 * `f^(1/d)` (rippled `root(Number, unsigned)`); `d` 0 throws a RangeError unless `f` is −1.
 *
 * @example
 * ```ts
 * root(LedgerNumber.from(27), 3).toString() // '3'
 * ```
 */
export function root(value: LedgerNumber, d: number): LedgerNumber {
  const one = LedgerNumber.ONE
  if (value.eq(one) || d === 1) return value
  if (d === 0) {
    if (value.eq(one.negated())) return one
    throw new RangeError('Number::root infinity')
  }
  if (value.isZero()) return value
  let e = value.exponent + MANTISSA_LOG + 1
  const k = Math.trunc((e >= 0 ? e : e - (d - 1)) / d)
  const remainder = e - k * d
  e += remainder === 0 ? 0 : d - remainder
  const f = shifted(value, -e)
  const D = ((6 * d + 11) * d + 6) * d + 1
  const a0 = 3 * d * ((2 * d - 3) * d + 1)
  const a1 = 24 * d * (2 * d - 1)
  const a2 = -30 * (d - 1) * d
  let r = LedgerNumber.from(a2)
    .times(f)
    .plus(LedgerNumber.from(a1))
    .times(f)
    .plus(LedgerNumber.from(a0))
    .div(LedgerNumber.from(D))
  let rm1 = LedgerNumber.ZERO
  let rm2 = LedgerNumber.ZERO
  const degree = LedgerNumber.from(d)
  const below = LedgerNumber.from(d - 1)
  do {
    rm2 = rm1
    rm1 = r
    r = below
      .times(r)
      .plus(f.div(power(r, d - 1)))
      .div(degree)
  } while (!r.eq(rm1) && !r.eq(rm2))
  return shifted(r, Math.trunc(e / d))
}

/**
 * `√f` (rippled `root2(Number)`), as the AMM's LP token supply √(A·B) is computed.
 *
 * @example
 * ```ts
 * root2(LedgerNumber.from(2)).toString() // '1.414213562373095'
 * ```
 */
export function root2(value: LedgerNumber): LedgerNumber {
  if (value.eq(LedgerNumber.ONE) || value.isZero()) return value
  let e = value.exponent + MANTISSA_LOG + 1
  if (e % 2 !== 0) e += 1
  const f = shifted(value, -e)
  let r = LedgerNumber.from(-60)
    .times(f)
    .plus(LedgerNumber.from(144))
    .times(f)
    .plus(LedgerNumber.from(18))
    .div(LedgerNumber.from(105))
  let rm1 = LedgerNumber.ZERO
  let rm2 = LedgerNumber.ZERO
  const two = LedgerNumber.from(2)
  do {
    rm2 = rm1
    rm1 = r
    r = r.plus(f.div(r)).div(two)
  } while (!r.eq(rm1) && !r.eq(rm2))
  return shifted(r, e / 2)
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b))

/**
 * `f^(n/d)` (rippled `power(Number, unsigned, unsigned)`).
 *
 * @example
 * ```ts
 * powerRatio(LedgerNumber.from(4), 3, 2).toString() // '8'
 * ```
 */
export function powerRatio(f: LedgerNumber, n: number, d: number): LedgerNumber {
  if (f.eq(LedgerNumber.ONE)) return f
  const g = gcd(n, d)
  if (g === 0) throw new RangeError('Number::power nan')
  if (d === 0) {
    if (f.eq(LedgerNumber.ONE.negated())) return LedgerNumber.ONE
    throw new RangeError('Number::power infinity')
  }
  if (n === 0) return LedgerNumber.ONE
  return root(power(f, n / g), d / g)
}
