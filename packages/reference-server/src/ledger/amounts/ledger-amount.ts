import { LedgerNumber, plainDecimal } from '../number/ledger-number'
import { NumberGuard } from '../number/number-guard'
import { isIssued, type LedgerAsset } from './ledger-asset'

/**
 * The ledger's one amount type, a port of rippled's `STAmount` (src/libxrpl/protocol/STAmount.cpp,
 * `IOUAmount.cpp`, `XRPAmount.h`) with fixUniversalNumber's switch-over to `Number`: an asset and
 * its value in the ledger's own unit, whole drops for the native asset (at most 10^17), a 16-digit
 * mantissa and an exponent within [−96, 80] for an issued one (a smaller value is zero, a larger
 * one an error). Every value is canonical the moment it exists, so whatever the ledger writes
 * (a trust line's balance, an offer's amounts, metadata) is what rippled would write and what the
 * binary codec takes. Values are immutable.
 */

/** The smallest issued exponent (rippled `STAmount::cMinOffset`, `IOUAmount::minExponent`). */
export const MIN_ISSUED_EXPONENT = -96
/** The largest issued exponent (rippled `STAmount::cMaxOffset`). */
export const MAX_ISSUED_EXPONENT = 80
/** Every drop there is: 100 billion native units (rippled `STAmount::cMaxNativeN`, `INITIAL_XRP`). */
export const MAX_DROPS = 10n ** 17n

/**
 * The asset of a rate or a quality's amount (rippled `noIssue()`): issued-like, no currency.
 *
 * @example
 * ```ts
 * LedgerAmount.of(RATE_ASSET, 1_005_000_000n, -9) // a transfer rate of 1.005
 * ```
 */
export const RATE_ASSET: LedgerAsset = Object.freeze({ currency: '', issuer: '' })

/**
 * An issued amount as ledger objects and transactions write it.
 *
 * @example
 * ```ts
 * const limit: IssuedAmountJson = { currency: 'USD', issuer, value: '100' }
 * ```
 */
export interface IssuedAmountJson {
  [field: string]: string
  currency: string
  issuer: string
  value: string
}

/**
 * An amount as ledger objects and transactions write it: drops as a string, or an issued amount.
 *
 * @example
 * ```ts
 * const price: AmountJson = { currency: 'USD', issuer, value: '10' }
 * ```
 */
export type AmountJson = string | IssuedAmountJson

const abs = (value: bigint) => (value < 0n ? -value : value)

// rippled `Number::operator rep()` on a value not normalized (`Number::unchecked`): the digits
// below the point go to the guard, the whole part rounds once in the current mode.
function wholeOf(mantissa: bigint, exponent: number): bigint {
  const negative = mantissa < 0n
  let value = abs(mantissa)
  let offset = exponent
  const guard = new NumberGuard(negative)
  for (let zeros = 0; offset < 0 && zeros <= 17; offset += 1) {
    if (value === 0n) zeros += 1
    guard.push(value % 10n)
    value /= 10n
  }
  for (; offset > 0; offset -= 1) value *= 10n
  const direction = guard.round()
  if (direction === 1 || (direction === 0 && (value & 1n) === 1n)) value += 1n
  return negative ? -value : value
}

/**
 * An amount of one asset (rippled's `STAmount`).
 *
 * @example
 * ```ts
 * const usd = LedgerAmount.fromJson({ currency: 'USD', issuer, value: '0.1' }, 'XRP')
 * usd.plus(usd).plus(usd).toJson() // { currency: 'USD', issuer, value: '0.3' }
 * LedgerAmount.fromJson('1000000', 'XRP').native // true
 * ```
 */
export class LedgerAmount {
  /** Use the static constructors: they make the value canonical. */
  private constructor(
    readonly asset: LedgerAsset,
    /** Signed: the drops of a native amount, else 0 or a magnitude within [10^15, 10^16). */
    readonly mantissa: bigint,
    /** 0 for a native amount; within [−96, 80] for an issued one (0 when zero). */
    readonly exponent: number,
  ) {}

  /** Whether it is of the native asset (its value in drops). */
  get native(): boolean {
    return this.asset.issuer === null
  }

  /**
   * `mantissa × 10^exponent` of `asset`, made canonical as rippled's STAmount constructor does:
   * native → whole drops rounded in the current mode (past 10^17 a RangeError); issued → 16
   * digits rounded in the current mode, zero below 10^−96·10^15, a RangeError past the largest.
   *
   * @example
   * ```ts
   * LedgerAmount.of(usdAsset, 15n, -1).toJson().value // '1.5'
   * ```
   */
  static of(asset: LedgerAsset, mantissa: bigint, exponent = 0): LedgerAmount {
    if (asset.issuer === null) {
      if (mantissa === 0n || exponent <= -20) return new LedgerAmount(asset, 0n, 0)
      if (exponent > 17) throw new RangeError('Native currency amount out of range')
      return LedgerAmount.drops(wholeOf(mantissa, exponent), asset)
    }
    return LedgerAmount.fromNumber(asset, LedgerNumber.of(mantissa, exponent))
  }

  /**
   * Drops of the network's native asset (`asset`'s currency names it: XRP or XAH); past 10^17 in
   * magnitude a RangeError.
   *
   * @example
   * ```ts
   * LedgerAmount.drops(12n).toJson() // '12'
   * ```
   */
  static drops(drops: bigint, asset: LedgerAsset = NATIVE): LedgerAmount {
    if (abs(drops) > MAX_DROPS) throw new RangeError('Native currency amount out of range')
    return new LedgerAmount(asset, drops, 0)
  }

  /**
   * A `LedgerNumber` as an amount of `asset` (rippled `IOUAmount(Number)`, `XRPAmount(Number)`):
   * native → rounded to whole drops in the current mode.
   *
   * @example
   * ```ts
   * LedgerAmount.fromNumber(usdAsset, LedgerNumber.from('1e-100')).isZero() // true
   * ```
   */
  static fromNumber(asset: LedgerAsset, value: LedgerNumber): LedgerAmount {
    if (asset.issuer === null) return LedgerAmount.drops(value.toBigInt(), asset)
    if (value.isZero()) return new LedgerAmount(asset, 0n, 0)
    if (value.exponent > MAX_ISSUED_EXPONENT) throw new RangeError('value overflow')
    if (value.exponent < MIN_ISSUED_EXPONENT) return new LedgerAmount(asset, 0n, 0)
    return new LedgerAmount(asset, value.mantissa, value.exponent)
  }

  /**
   * Zero of an asset.
   *
   * @example
   * ```ts
   * LedgerAmount.zero(usdAsset).toJson().value // '0'
   * ```
   */
  static zero(asset: LedgerAsset): LedgerAmount {
    return new LedgerAmount(asset, 0n, 0)
  }

  /**
   * A decoded amount (drops as a string, or `{currency, issuer, value}` with a value in any
   * decimal form); `native` names the network's native asset (its drops are drops whatever the
   * name). Anything else is a RangeError.
   *
   * @example
   * ```ts
   * LedgerAmount.fromJson({ currency: 'USD', issuer, value: '1e20' }, 'XRP').toJson().value // '1000000000000000e5'
   * ```
   */
  static fromJson(json: unknown, native = 'XRP'): LedgerAmount {
    if (isIssued(json)) {
      if (typeof json.value !== 'string') throw new RangeError('an issued amount needs a value')
      const asset = { currency: json.currency, issuer: json.issuer }
      return LedgerAmount.fromNumber(asset, LedgerNumber.from(json.value))
    }
    if (typeof json === 'string' && /^-?\d{1,19}$/.test(json)) {
      return LedgerAmount.drops(BigInt(json), { currency: native, issuer: null })
    }
    if (typeof json === 'bigint')
      return LedgerAmount.drops(json, { currency: native, issuer: null })
    throw new RangeError(`${JSON.stringify(json)} is not an amount`)
  }

  /**
   * The value as a `LedgerNumber` (rippled `Number(STAmount)`: drops normalized to 16 digits in
   * the current mode).
   */
  toNumber(): LedgerNumber {
    return LedgerNumber.of(this.mantissa, this.exponent)
  }

  /** The same value in another asset of the same kind (rippled `STAmount::setIssue`). */
  withAsset(asset: LedgerAsset): LedgerAmount {
    return new LedgerAmount(asset, this.mantissa, this.exponent)
  }

  isZero(): boolean {
    return this.mantissa === 0n
  }

  /** −1, 0 or 1. */
  signum(): -1 | 0 | 1 {
    return this.mantissa < 0n ? -1 : this.mantissa > 0n ? 1 : 0
  }

  negated(): LedgerAmount {
    return this.mantissa === 0n ? this : new LedgerAmount(this.asset, -this.mantissa, this.exponent)
  }

  abs(): LedgerAmount {
    return this.mantissa < 0n ? this.negated() : this
  }

  /**
   * `this + b` in this amount's asset (rippled `operator+(STAmount, STAmount)`: drops exactly,
   * issued values through `Number`, rounded in the current mode). Amounts of another currency or
   * kind throw a RangeError (rippled: "Can't add amounts that aren't comparable").
   */
  plus(b: LedgerAmount): LedgerAmount {
    comparable(this, b)
    if (b.mantissa === 0n) return this
    if (this.mantissa === 0n) return new LedgerAmount(this.asset, b.mantissa, b.exponent)
    if (this.native) return LedgerAmount.drops(this.mantissa + b.mantissa, this.asset)
    return LedgerAmount.fromNumber(this.asset, this.toNumber().plus(b.toNumber()))
  }

  /** `this − b` (rippled `operator-`). */
  minus(b: LedgerAmount): LedgerAmount {
    return this.plus(b.negated())
  }

  /** −1, 0 or 1 (rippled `operator<` over comparable amounts). */
  compare(b: LedgerAmount): -1 | 0 | 1 {
    comparable(this, b)
    if (this.native) {
      return this.mantissa < b.mantissa ? -1 : this.mantissa > b.mantissa ? 1 : 0
    }
    return this.toNumber().compare(b.toNumber())
  }

  eq(b: LedgerAmount): boolean {
    return this.compare(b) === 0
  }
  lt(b: LedgerAmount): boolean {
    return this.compare(b) < 0
  }
  lte(b: LedgerAmount): boolean {
    return this.compare(b) <= 0
  }
  gt(b: LedgerAmount): boolean {
    return this.compare(b) > 0
  }
  gte(b: LedgerAmount): boolean {
    return this.compare(b) >= 0
  }

  /** The smaller of two comparable amounts (this one when equal). */
  min(b: LedgerAmount): LedgerAmount {
    return b.lt(this) ? b : this
  }

  /** The larger of two comparable amounts (this one when equal). */
  max(b: LedgerAmount): LedgerAmount {
    return b.gt(this) ? b : this
  }

  /**
   * The value as rippled's `STAmount::getText` writes it: drops as an integer; an issued value in
   * plain decimals for exponents from −25 to −5, else `mantissa` e `exponent` (the largest limit
   * is "9999999999999999e80").
   */
  text(): string {
    if (this.mantissa === 0n) return '0'
    if (this.native) return this.mantissa.toString()
    const e = this.exponent
    const sign = this.mantissa < 0n ? '-' : ''
    if (e !== 0 && (e < -25 || e > -5)) return `${sign}${abs(this.mantissa)}e${e}`
    return `${sign}${plainDecimal(abs(this.mantissa), e)}`
  }

  /**
   * The amount as the ledger writes it in JSON (rippled `STAmount::getJson`): drops as a string, or
   * `{currency, issuer, value}`.
   *
   * @example
   * ```ts
   * LedgerAmount.drops(5n).toJson() // '5'
   * ```
   */
  toJson(): AmountJson {
    if (this.native) return this.text()
    return {
      currency: this.asset.currency,
      issuer: this.asset.issuer as string,
      value: this.text(),
    }
  }
}

/** The native asset when a caller names none (XRP); a network's own is passed where it differs. */
const NATIVE: LedgerAsset = Object.freeze({ currency: 'XRP', issuer: null })

// rippled `areComparable`: both native, or both issued in one currency (issuers may differ).
function comparable(a: LedgerAmount, b: LedgerAmount): void {
  if (a.native !== b.native || (!a.native && a.asset.currency !== b.asset.currency)) {
    throw new RangeError("Can't compare amounts that aren't comparable")
  }
}
