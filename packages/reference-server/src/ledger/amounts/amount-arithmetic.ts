import { withRounding } from '../number/rounding-mode'
import { LedgerAmount, MIN_ISSUED_EXPONENT } from './ledger-amount'
import type { LedgerAsset } from './ledger-asset'

/**
 * STAmount's products and quotients (rippled src/libxrpl/protocol/STAmount.cpp `multiply`,
 * `divide`, `mulRound`, `mulRoundStrict`, `divRound`, `divRoundStrict`; IOUAmount.cpp and
 * XRPAmount.h `mulRatio`), each with rippled's own integer steps and rounding, so offer crossing,
 * transfer fees and qualities land on rippled's digits.
 */

const MIN_MANTISSA = 10n ** 15n
const MAX_MANTISSA = 10n ** 16n - 1n
const TEN_TO_14 = 10n ** 14n
const TEN_TO_17 = 10n ** 17n
const MAX_UINT64 = (1n << 64n) - 1n
const MAX_INT64 = (1n << 63n) - 1n

const abs = (value: bigint) => (value < 0n ? -value : value)

// A mantissa brought into [10^15, 10^16) before multiplying or dividing: native drops widen.
function widened(amount: LedgerAmount): { value: bigint; offset: number } {
  let value = abs(amount.mantissa)
  let offset = amount.exponent
  if (amount.native) {
    while (value < MIN_MANTISSA) {
      value *= 10n
      offset -= 1
    }
  }
  return { value, offset }
}

// rippled's native × native product, with its overflow checks.
function nativeProduct(v1: LedgerAmount, v2: LedgerAmount): LedgerAmount {
  const [low, high] = v1.mantissa < v2.mantissa ? [v1, v2] : [v2, v1]
  if (low.mantissa > 3_000_000_000n) throw new RangeError('Native value overflow')
  if ((high.mantissa >> 32n) * low.mantissa > 2_095_475_792n) {
    throw new RangeError('Native value overflow')
  }
  return LedgerAmount.drops(low.mantissa * high.mantissa, v1.asset)
}

/**
 * `v1 × v2` in `asset` (rippled `multiply` with fixUniversalNumber: the product of two `Number`s,
 * rounded in the current mode).
 *
 * @example
 * ```ts
 * multiply(usd10, rateOf(1_005_000_000), usdAsset).text() // '10.05'
 * ```
 */
export function multiply(v1: LedgerAmount, v2: LedgerAmount, asset: LedgerAsset): LedgerAmount {
  if (v1.isZero() || v2.isZero()) return LedgerAmount.zero(asset)
  if (v1.native && v2.native && asset.issuer === null) return nativeProduct(v1, v2)
  const product = v1.toNumber().times(v2.toNumber())
  return LedgerAmount.of(asset, product.mantissa, product.exponent)
}

/**
 * `num ÷ den` in `asset` (rippled `divide`: the numerator's mantissa × 10^17 over the
 * denominator's, plus 5, made canonical in the current mode). A zero denominator throws a
 * RangeError.
 *
 * @example
 * ```ts
 * divide(xrpDrops, usd, RATE_ASSET) // the rate an offer asks
 * ```
 */
export function divide(num: LedgerAmount, den: LedgerAmount, asset: LedgerAsset): LedgerAmount {
  if (den.isZero()) throw new RangeError('division by zero')
  if (num.isZero()) return LedgerAmount.zero(asset)
  const n = widened(num)
  const d = widened(den)
  const quotient = (n.value * TEN_TO_17) / d.value + 5n
  const negative = num.mantissa < 0n !== den.mantissa < 0n
  return LedgerAmount.of(asset, negative ? -quotient : quotient, n.offset - d.offset - 17)
}

// rippled's legacy `canonicalizeRound`: the rounding mulRound and divRound apply before the
// amount is made (native: a tenth or more of a drop rounds up; issued: the last digit up).
function canonicalizeRound(native: boolean, value: bigint, offset: number) {
  let v = value
  let o = offset
  if (native) {
    if (o < 0) {
      let loops = 0
      while (o < -1) {
        v /= 10n
        o += 1
        loops += 1
      }
      v = (v + (loops >= 2 ? 9n : 10n)) / 10n
      o += 1
    }
  } else if (v > MAX_MANTISSA) {
    while (v > 10n * MAX_MANTISSA) {
      v /= 10n
      o += 1
    }
    v = (v + 9n) / 10n
    o += 1
  }
  return { value: v, offset: o }
}

// rippled `canonicalizeRoundStrict`: as `canonicalizeRound`, a native remainder tracked exactly.
function canonicalizeRoundStrict(native: boolean, value: bigint, offset: number, roundUp: boolean) {
  if (!native || offset >= 0) return canonicalizeRound(native, value, offset)
  let v = value
  let o = offset
  let remainder = false
  while (o < -1) {
    const next = v / 10n
    remainder ||= v !== next * 10n
    v = next
    o += 1
  }
  return { value: (v + (remainder && roundUp ? 10n : 9n)) / 10n, offset: o + 1 }
}

// The smallest positive amount of an asset: one drop, or 10^15 × 10^−96.
const smallest = (asset: LedgerAsset) =>
  asset.issuer === null
    ? LedgerAmount.of(asset, 1n, 0)
    : LedgerAmount.of(asset, MIN_MANTISSA, MIN_ISSUED_EXPONENT)

function mulRoundImpl(
  v1: LedgerAmount,
  v2: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
  strict: boolean,
): LedgerAmount {
  if (v1.isZero() || v2.isZero()) return LedgerAmount.zero(asset)
  const native = asset.issuer === null
  if (v1.native && v2.native && native) return nativeProduct(v1, v2)
  const a = widened(v1)
  const b = widened(v2)
  const negative = v1.mantissa < 0n !== v2.mantissa < 0n
  const away = negative !== roundUp
  let value = (a.value * b.value + (away ? TEN_TO_14 - 1n : 0n)) / TEN_TO_14
  if (value > MAX_UINT64) throw new RangeError('overflow in mulRound')
  let offset = a.offset + b.offset + 14
  if (away) {
    const rounded = strict
      ? canonicalizeRoundStrict(native, value, offset, roundUp)
      : canonicalizeRound(native, value, offset)
    value = rounded.value
    offset = rounded.offset
  }
  const make = () => LedgerAmount.of(asset, negative ? -value : value, offset)
  const result = strict ? withRounding('towards_zero', make) : make()
  if (roundUp && !negative && result.isZero()) return smallest(asset)
  return result
}

/**
 * `v1 × v2` in `asset`, rounded up (away from zero) or down as rippled's `mulRound` does: the
 * legacy rounding offer crossing and quality arithmetic use.
 *
 * @example
 * ```ts
 * mulRound(limit, quality.rate(), paysAsset, true)
 * ```
 */
export const mulRound = (
  v1: LedgerAmount,
  v2: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
) => mulRoundImpl(v1, v2, asset, roundUp, false)

/**
 * `v1 × v2` rounded as rippled's `mulRoundStrict` (every digit counted; fixReducedOffersV1's
 * `ceil_out_strict`).
 *
 * @example
 * ```ts
 * mulRoundStrict(limit, quality.rate(), paysAsset, false)
 * ```
 */
export const mulRoundStrict = (
  v1: LedgerAmount,
  v2: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
) => mulRoundImpl(v1, v2, asset, roundUp, true)

function divRoundImpl(
  num: LedgerAmount,
  den: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
  strict: boolean,
): LedgerAmount {
  if (den.isZero()) throw new RangeError('division by zero')
  if (num.isZero()) return LedgerAmount.zero(asset)
  const n = widened(num)
  const d = widened(den)
  const negative = num.mantissa < 0n !== den.mantissa < 0n
  const away = negative !== roundUp
  let value = (n.value * TEN_TO_17 + (away ? d.value - 1n : 0n)) / d.value
  if (value > MAX_UINT64) throw new RangeError('overflow in divRound')
  let offset = n.offset - d.offset - 17
  if (away) {
    const rounded = canonicalizeRound(asset.issuer === null, value, offset)
    value = rounded.value
    offset = rounded.offset
  }
  const make = () => LedgerAmount.of(asset, negative ? -value : value, offset)
  const result = strict ? withRounding(roundUp !== negative ? 'upward' : 'downward', make) : make()
  if (roundUp && !negative && result.isZero()) return smallest(asset)
  return result
}

/**
 * `num ÷ den` in `asset`, rounded up (away from zero) or down as rippled's `divRound` does.
 *
 * @example
 * ```ts
 * divRound(limit, quality.rate(), getsAsset, true)
 * ```
 */
export const divRound = (
  num: LedgerAmount,
  den: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
) => divRoundImpl(num, den, asset, roundUp, false)

/**
 * `num ÷ den` rounded as rippled's `divRoundStrict` (fixReducedOffersV2's `ceil_in_strict`).
 *
 * @example
 * ```ts
 * divRoundStrict(limit, quality.rate(), getsAsset, false)
 * ```
 */
export const divRoundStrict = (
  num: LedgerAmount,
  den: LedgerAmount,
  asset: LedgerAsset,
  roundUp: boolean,
) => divRoundImpl(num, den, asset, roundUp, true)

const POWERS = Array.from({ length: 30 }, (_, i) => 10n ** BigInt(i))
// ⌈log10(v)⌉: the index of the first power of ten at or above v (0 for 0).
const log10Ceil = (v: bigint) => {
  let i = 0
  while (i < POWERS.length && (POWERS[i] as bigint) < v) i += 1
  return i
}
// ⌊log10(int64 max)⌋.
const FLOOR_LOG_INT64 = 18

/**
 * `amount × num ÷ den` with one rounding, up (away from zero when positive) or down: rippled's
 * `mulRatio` of `IOUAmount` and `XRPAmount`, how the payment engine applies a trust line's
 * quality or an issuer's transfer rate (num and den are parts per billion).
 *
 * @example
 * ```ts
 * mulRatio(stepIn, QUALITY_ONE, transferRate, false)
 * ```
 */
export function mulRatio(
  amount: LedgerAmount,
  num: number,
  den: number,
  roundUp: boolean,
): LedgerAmount {
  if (den === 0) throw new RangeError('division by zero')
  const numerator = BigInt(num)
  const denominator = BigInt(den)
  const negative = amount.mantissa < 0n
  if (amount.native) {
    const m = amount.mantissa * numerator
    let r = m / denominator
    if (m % denominator !== 0n) {
      if (!negative && roundUp) r += 1n
      if (negative && !roundUp) r -= 1n
    }
    if (r > MAX_INT64) throw new RangeError('XRP mulRatio overflow')
    return LedgerAmount.drops(r, amount.asset)
  }
  const mul = abs(amount.mantissa) * numerator
  let low = mul / denominator
  let rem = mul - low * denominator
  let exponent = amount.exponent
  if (rem !== 0n) {
    const room = FLOOR_LOG_INT64 - log10Ceil(low)
    if (room > 0) {
      exponent -= room
      low *= POWERS[room] as bigint
      rem *= POWERS[room] as bigint
    }
    const added = rem / denominator
    low += added
    rem -= added * denominator
  }
  let remainder = rem !== 0n
  const shrink = log10Ceil(low) - FLOOR_LOG_INT64
  if (shrink > 0) {
    const saved = low
    exponent += shrink
    low /= POWERS[shrink] as bigint
    if (!remainder) remainder = saved !== low * (POWERS[shrink] as bigint)
  }
  const asset = amount.asset
  const result = LedgerAmount.of(asset, negative ? -low : low, exponent)
  if (remainder) {
    if (roundUp && !negative) {
      if (result.isZero()) return LedgerAmount.of(asset, MIN_MANTISSA, MIN_ISSUED_EXPONENT)
      return LedgerAmount.of(asset, result.mantissa + 1n, result.exponent)
    }
    if (!roundUp && negative) {
      if (result.isZero()) return LedgerAmount.of(asset, -MIN_MANTISSA, MIN_ISSUED_EXPONENT)
      return LedgerAmount.of(asset, result.mantissa - 1n, result.exponent)
    }
  }
  return result
}
