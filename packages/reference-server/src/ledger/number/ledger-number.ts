import { NumberGuard } from './number-guard'

/**
 * The ledger's decimal arithmetic, a port of rippled's `Number` with its 16-digit mantissa
 * (src/libxrpl/basics/Number.cpp and include/xrpl/basics/Number.h, the "Small" mantissa scale every
 * amendment but the lending ones uses): a value is `mantissa × 10^exponent`, the mantissa's
 * magnitude 0 or within [10^15, 10^16), the exponent within [−32768, 32768]. Each operation computes
 * with guard digits and rounds once, in the mode `withRounding` sets (rounding-mode.ts: to nearest
 * by default), exactly as rippled does, so a port of rippled's formulas (the AMM's, the payment
 * engine's) gives rippled's digits. Values are immutable.
 */

const MIN_MANTISSA = 10n ** 15n
const MAX_MANTISSA = 10n ** 16n - 1n
// rippled's `kMaxRep`: what an int64 holds.
const MAX_REP = (1n << 63n) - 1n
const TEN_TO_17 = 10n ** 17n
/** The smallest exponent of a normalized value (rippled `Number::kMinExponent`). */
export const MIN_EXPONENT = -32768
/** The largest exponent of a normalized value (rippled `Number::kMaxExponent`). */
export const MAX_EXPONENT = 32768
// Zero's exponent (rippled's default `exponent_`: the lowest int), so zero sorts below all.
const ZERO_EXPONENT = -2147483648

// Builds a value whose fields are already normalized (set by the class: its constructor is private).
let make: (negative: boolean, mantissa: bigint, exponent: number) => LedgerNumber

const abs = (value: bigint) => (value < 0n ? -value : value)

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/

/**
 * A value of the ledger's decimal arithmetic (rippled's `Number`).
 *
 * @example
 * ```ts
 * LedgerNumber.from('1').div(LedgerNumber.from(3)).toString() // '0.3333333333333333'
 * withRounding('upward', () => LedgerNumber.from(2).div(LedgerNumber.from(3))).toString() // '0.6666666666666667'
 * ```
 */
export class LedgerNumber {
  /** Zero (mantissa 0). */
  static readonly ZERO = new LedgerNumber(0n, ZERO_EXPONENT)
  /** One (rippled `Number::one()`). */
  static readonly ONE = new LedgerNumber(MIN_MANTISSA, -15)

  static {
    make = (negative, mantissa, exponent) =>
      new LedgerNumber(negative ? -mantissa : mantissa, exponent)
  }

  /** Use {@link LedgerNumber.of} or {@link LedgerNumber.from}: they normalize. */
  private constructor(
    /** The signed mantissa: 0, or a magnitude within [10^15, 10^16). */
    readonly mantissa: bigint,
    /** The exponent of ten. */
    readonly exponent: number,
  ) {}

  /**
   * `mantissa × 10^exponent`, normalized and rounded in the current mode (rippled's
   * `Number(rep, int)`); an exponent past 32768 after normalizing throws a RangeError.
   *
   * @example
   * ```ts
   * LedgerNumber.of(12345n, -2).toString() // '123.45'
   * ```
   */
  static of(mantissa: bigint, exponent = 0): LedgerNumber {
    return normalized(mantissa < 0n, abs(mantissa), exponent)
  }

  /**
   * A decimal string (`"-1.5"`, `"9999999999999999e80"`, any number of digits), a whole bigint or
   * a finite JS number (its shortest decimal form), rounded to 16 digits in the current mode.
   * Anything else throws a RangeError.
   *
   * @example
   * ```ts
   * LedgerNumber.from('0.1').plus(LedgerNumber.from('0.2')).toString() // '0.3'
   * ```
   */
  static from(value: string | number | bigint): LedgerNumber {
    if (typeof value === 'bigint') return LedgerNumber.of(value, 0)
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`)
      return Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER
        ? LedgerNumber.of(BigInt(value), 0)
        : LedgerNumber.from(String(value))
    }
    const match = DECIMAL.exec(value)
    if (!match) throw new RangeError(`'${value}' is not a decimal number`)
    const [, sign, whole = '', fraction = '', exponent = '0'] = match
    const digits = `${whole}${fraction}`.replace(/^0+/, '')
    if (digits === '') return LedgerNumber.ZERO
    const shift = Number(exponent) - fraction.length
    if (!Number.isSafeInteger(shift))
      throw new RangeError(`'${value}' has an exponent out of range`)
    // Trailing zeros only move the exponent: a long plain form stays a 16-digit mantissa.
    const trimmed = digits.replace(/0+$/, '')
    return normalized(sign === '-', BigInt(trimmed), shift + (digits.length - trimmed.length))
  }

  /** Whether it is zero. */
  isZero(): boolean {
    return this.mantissa === 0n
  }

  /** −1, 0 or 1 (rippled `signum`). */
  signum(): -1 | 0 | 1 {
    return this.mantissa < 0n ? -1 : this.mantissa > 0n ? 1 : 0
  }

  /** The value with the other sign. */
  negated(): LedgerNumber {
    return this.mantissa === 0n ? this : new LedgerNumber(-this.mantissa, this.exponent)
  }

  /** The magnitude. */
  abs(): LedgerNumber {
    return this.mantissa < 0n ? this.negated() : this
  }

  /**
   * `this + y`, rounded once (rippled `Number::operator+=`: the smaller exponent's digits go to
   * the guard, a sum rounds up by the mode, a difference down).
   */
  plus(y: LedgerNumber): LedgerNumber {
    if (y.mantissa === 0n) return this
    if (this.mantissa === 0n) return y
    if (this.mantissa === -y.mantissa && this.exponent === y.exponent) return LedgerNumber.ZERO
    let xn = this.mantissa < 0n
    let xm = abs(this.mantissa)
    let xe = this.exponent
    const yn = y.mantissa < 0n
    let ym = abs(y.mantissa)
    let ye = y.exponent
    let guard: NumberGuard
    if (xe < ye) {
      guard = new NumberGuard(xn)
      while (xe < ye) {
        guard.push(xm % 10n)
        xm /= 10n
        xe += 1
      }
    } else if (xe > ye) {
      guard = new NumberGuard(yn)
      while (xe > ye) {
        guard.push(ym % 10n)
        ym /= 10n
        ye += 1
      }
    } else {
      guard = new NumberGuard(false)
    }
    if (xn === yn) {
      xm += ym
      if (xm > MAX_MANTISSA) {
        guard.push(xm % 10n)
        xm /= 10n
        xe += 1
      }
      return roundedUp(guard, xn, xm, xe, 'Number::addition overflow')
    }
    if (xm > ym) {
      xm -= ym
    } else {
      xm = ym - xm
      xe = ye
      xn = yn
    }
    while (xm < MIN_MANTISSA) {
      xm = xm * 10n - guard.pop()
      xe -= 1
    }
    return roundedDown(guard, xn, xm, xe)
  }

  /** `this − y`, rounded once. */
  minus(y: LedgerNumber): LedgerNumber {
    return this.plus(y.negated())
  }

  /** `this × y`, rounded once (rippled `Number::operator*=`). */
  times(y: LedgerNumber): LedgerNumber {
    if (this.mantissa === 0n || y.mantissa === 0n) return LedgerNumber.ZERO
    const negative = this.mantissa < 0n !== y.mantissa < 0n
    let m = abs(this.mantissa) * abs(y.mantissa)
    let e = this.exponent + y.exponent
    const guard = new NumberGuard(negative)
    while (m > MAX_MANTISSA) {
      guard.push(m % 10n)
      m /= 10n
      e += 1
    }
    return roundedUp(guard, negative, m, e, `Number::multiplication overflow : exponent is ${e}`)
  }

  /**
   * `this ÷ y` (rippled `Number::operator/=` on the 16-digit scale: the numerator's mantissa × 10^17
   * divided, the quotient rounded in the mode; the remainder beyond it is not looked at). Division
   * by zero throws a RangeError.
   */
  div(y: LedgerNumber): LedgerNumber {
    if (y.mantissa === 0n) throw new RangeError('Number: divide by 0')
    if (this.mantissa === 0n) return LedgerNumber.ZERO
    const negative = this.mantissa < 0n !== y.mantissa < 0n
    const quotient = (abs(this.mantissa) * TEN_TO_17) / abs(y.mantissa)
    return normalized(negative, quotient, this.exponent - y.exponent - 17)
  }

  /**
   * −1, 0 or 1 as this is below, equal to or above `y` (rippled `Number::operator<`).
   */
  compare(y: LedgerNumber): -1 | 0 | 1 {
    const xn = this.mantissa < 0n
    const yn = y.mantissa < 0n
    if (xn !== yn) return xn ? -1 : 1
    if (this.mantissa === y.mantissa && this.exponent === y.exponent) return 0
    if (this.mantissa === 0n) return y.mantissa > 0n ? -1 : 1
    if (y.mantissa === 0n) return xn ? -1 : 1
    if (this.exponent !== y.exponent) {
      const larger = this.exponent > y.exponent
      return larger !== xn ? 1 : -1
    }
    return this.mantissa < y.mantissa ? -1 : 1
  }

  eq(y: LedgerNumber): boolean {
    return this.compare(y) === 0
  }
  lt(y: LedgerNumber): boolean {
    return this.compare(y) < 0
  }
  lte(y: LedgerNumber): boolean {
    return this.compare(y) <= 0
  }
  gt(y: LedgerNumber): boolean {
    return this.compare(y) > 0
  }
  gte(y: LedgerNumber): boolean {
    return this.compare(y) >= 0
  }

  /**
   * The value as a whole number, rounded in the current mode (rippled `Number::operator rep()`,
   * how `XRPAmount{number}` gets its drops); past an int64 it throws a RangeError.
   *
   * @example
   * ```ts
   * LedgerNumber.from('2.5').toBigInt() // 2n (ties to even)
   * ```
   */
  toBigInt(): bigint {
    if (this.mantissa === 0n) return 0n
    const negative = this.mantissa < 0n
    let drops = abs(this.mantissa)
    let offset = this.exponent
    const guard = new NumberGuard(negative)
    // Once every digit is gone the guard no longer changes: 17 more pushes settle it.
    for (let zeros = 0; offset < 0 && zeros <= 17; offset += 1) {
      if (drops === 0n) zeros += 1
      guard.push(drops % 10n)
      drops /= 10n
    }
    for (; offset > 0; offset -= 1) {
      if (drops > MAX_REP / 10n) throw new RangeError('Number::operator rep() overflow')
      drops *= 10n
    }
    const direction = guard.round()
    if (direction === 1 || (direction === 0 && (drops & 1n) === 1n)) drops += 1n
    return negative ? -drops : drops
  }

  /** The value with its fraction dropped, towards zero (rippled `Number::truncate`). */
  truncate(): LedgerNumber {
    if (this.exponent >= 0 || this.mantissa === 0n) return this
    let m = this.mantissa
    let e = this.exponent
    while (e < 0 && m !== 0n) {
      m /= 10n
      e += 1
    }
    return LedgerNumber.of(m, e)
  }

  /**
   * The value as rippled's `to_string(Number)` writes it: plain decimals for exponents from −25
   * to −5 (and 0), else `mantissa` e `exponent` with the mantissa's trailing zeros moved into the
   * exponent.
   *
   * @example
   * ```ts
   * LedgerNumber.from('1e20').toString() // '1e20'
   * ```
   */
  toString(): string {
    if (this.mantissa === 0n) return '0'
    let m = abs(this.mantissa)
    let e = this.exponent
    const sign = this.mantissa < 0n ? '-' : ''
    if (e !== 0 && (e < -25 || e > -5)) {
      while (m % 10n === 0n && e < MAX_EXPONENT) {
        m /= 10n
        e += 1
      }
      return `${sign}${m}e${e}`
    }
    return `${sign}${plainDecimal(m, e)}`
  }

  /**
   * The value in plain decimal notation, every digit written (no exponent): for reports where a
   * reader compares digits (balance changes).
   *
   * @example
   * ```ts
   * LedgerNumber.from('1e20').toDecimal() // '100000000000000000000'
   * ```
   */
  toDecimal(): string {
    if (this.mantissa === 0n) return '0'
    const sign = this.mantissa < 0n ? '-' : ''
    return `${sign}${plainDecimal(abs(this.mantissa), this.exponent)}`
  }
}

/**
 * `digits × 10^exponent` as a plain decimal without leading or trailing zeros.
 *
 * @example
 * ```ts
 * plainDecimal(1500000000000000n, -15) // '1.5'
 * ```
 */
export function plainDecimal(digits: bigint, exponent: number): string {
  const text = digits.toString()
  if (exponent >= 0) return `${text}${'0'.repeat(exponent)}`
  const point = text.length + exponent
  const whole = point > 0 ? text.slice(0, point) : '0'
  const fraction = (point > 0 ? text.slice(point) : `${'0'.repeat(-point)}${text}`).replace(
    /0+$/,
    '',
  )
  return fraction === '' ? whole : `${whole}.${fraction}`
}

// rippled `doNormalize` without a remainder flag: into [10^15, 10^16), the dropped digits rounded.
function normalized(negative: boolean, mantissa: bigint, exponent: number): LedgerNumber {
  if (mantissa === 0n) return LedgerNumber.ZERO
  let m = mantissa
  let e = exponent
  while (m < MIN_MANTISSA && e > MIN_EXPONENT) {
    m *= 10n
    e -= 1
  }
  const guard = new NumberGuard(negative)
  while (m > MAX_MANTISSA) {
    if (e >= MAX_EXPONENT) throw new RangeError('Number::normalize 1')
    guard.push(m % 10n)
    m /= 10n
    e += 1
  }
  if (e < MIN_EXPONENT || m < MIN_MANTISSA) return LedgerNumber.ZERO
  return roundedUp(guard, negative, m, e, 'Number::normalize 2')
}

// `Guard::doRoundUp` (its legacy form: the 16-digit scale has no cusp fix) and `bringIntoRange`.
function roundedUp(
  guard: NumberGuard,
  negative: boolean,
  mantissa: bigint,
  exponent: number,
  where: string,
): LedgerNumber {
  let m = mantissa
  let e = exponent
  const direction = guard.round()
  if (direction === 1 || (direction === 0 && (m & 1n) === 1n)) {
    m += 1n
    if (m > MAX_MANTISSA) {
      m /= 10n
      e += 1
    }
  }
  if (m < MIN_MANTISSA) {
    m *= 10n
    e -= 1
  }
  if (e < MIN_EXPONENT) return LedgerNumber.ZERO
  if (e > MAX_EXPONENT) throw new RangeError(where)
  return make(negative, m, e)
}

// `Guard::doRoundDown` and `bringIntoRange`: a difference whose guard holds what is still to take.
function roundedDown(
  guard: NumberGuard,
  negative: boolean,
  mantissa: bigint,
  exponent: number,
): LedgerNumber {
  let m = mantissa
  let e = exponent
  const direction = guard.round()
  if (direction === 1 || (direction === 0 && (m & 1n) === 1n)) {
    m -= 1n
    if (m < MIN_MANTISSA) {
      m *= 10n
      e -= 1
    }
  }
  if (m < MIN_MANTISSA) {
    m *= 10n
    e -= 1
  }
  if (e < MIN_EXPONENT) return LedgerNumber.ZERO
  return normalized(negative, m, e)
}
