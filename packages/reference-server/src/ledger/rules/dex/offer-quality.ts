import BigNumber from 'bignumber.js'
import type { BookAmount } from '../../amounts/book-amount'
import { divRound, IssuedValue, mulRound } from '../../amounts/issued-value'

/**
 * The quality of an offer and the book's arithmetic on it (rippled `Quality.h`/`Quality.cpp`,
 * `getRate` in `STAmount.cpp`, docs/protocol.md §8.7): a quality is the rate TakerPays ÷
 * TakerGets as an STAmount packed in 64 bits (exponent + 100 in the top byte, the 16-digit
 * mantissa below), so book directories of one book sort best (lowest rate) first.
 */

const MANTISSA_BITS = 56n
const MANTISSA_MASK = (1n << MANTISSA_BITS) - 1n
const MIN_MANTISSA = 10n ** 15n
const MAX_MANTISSA = 10n ** 16n - 1n
const TEN_TO_17 = 10n ** 17n

// STAmount's mantissa and exponent of a value: drops for native amounts (exponent 0, rippled
// `STAmount::canonicalize`), 16 digits otherwise.
function mantissaOf(value: IssuedValue, native: boolean): { mantissa: bigint; exponent: number } {
  if (native) return { mantissa: BigInt(value.toFixed(0)), exponent: 0 }
  const [digits = '0', exponent = '0'] = value.toExponential(15).split('e')
  return { mantissa: BigInt(digits.replace('.', '')), exponent: Number(exponent) - 15 }
}

// A native mantissa brought into the issued range before dividing (rippled `divide`).
function widened(part: { mantissa: bigint; exponent: number }) {
  let { mantissa, exponent } = part
  while (mantissa < MIN_MANTISSA) {
    mantissa *= 10n
    exponent -= 1
  }
  return { mantissa, exponent }
}

// STAmount(asset, mantissa, exponent) as rippled canonicalizes it: truncated to whole drops for
// the native asset, to 16 digits otherwise.
function canonical(mantissa: bigint, exponent: number, native: boolean): IssuedValue {
  let m = mantissa
  let e = exponent
  if (native) {
    for (; e < 0; e += 1) m /= 10n
    return new IssuedValue((m * 10n ** BigInt(e)).toString())
  }
  for (; m > MAX_MANTISSA; e += 1) m /= 10n
  return new IssuedValue(m.toString()).shiftedBy(e)
}

// A quality's rate as an STAmount's mantissa and exponent (rippled `amountFromQuality`,
// normalized: a mantissa rounded up to 10^16 is 10^15 one exponent higher).
function rateParts(quality: bigint) {
  let mantissa = quality & MANTISSA_MASK
  let exponent = Number(quality >> MANTISSA_BITS) - 100
  if (mantissa > MAX_MANTISSA) {
    mantissa /= 10n
    exponent += 1
  }
  return { mantissa, exponent }
}

/**
 * `amount × rate(quality)` in an asset native or not, as rippled's `multiply` computes it (the
 * two mantissas' product over 10^14, plus 7, truncated), for what a `tfSell` offer asks once
 * rounded to a tick size.
 *
 * @example
 * ```ts
 * multiplyByQuality(drops(3_000_000), roundQuality(q, 5), false).toString() // '1.00002'
 * ```
 */
export function multiplyByQuality(
  amount: BookAmount,
  quality: bigint,
  native: boolean,
): IssuedValue {
  if (amount.value.isZero()) return new IssuedValue(0)
  const a = widened(mantissaOf(amount.value, amount.asset.issuer === null))
  const r = rateParts(quality)
  const product = (a.mantissa * r.mantissa) / 10n ** 14n + 7n
  return canonical(product, a.exponent + r.exponent + 14, native)
}

/**
 * `amount ÷ rate(quality)` in an asset native or not, as rippled's `divide` computes it (the
 * numerator's mantissa × 10^17 over the denominator's, plus 5, truncated), for what an offer
 * gives once rounded to a tick size.
 *
 * @example
 * ```ts
 * divideByQuality(usd('1'), roundQuality(q, 5), true).toString() // '2999940'
 * ```
 */
export function divideByQuality(amount: BookAmount, quality: bigint, native: boolean): IssuedValue {
  if (amount.value.isZero()) return new IssuedValue(0)
  const a = widened(mantissaOf(amount.value, amount.asset.issuer === null))
  const r = rateParts(quality)
  const quotient = (a.mantissa * TEN_TO_17) / r.mantissa + 5n
  return canonical(quotient, a.exponent - r.exponent - 17, native)
}

/**
 * A quality rounded up to `digits` significant digits (rippled `Quality::round`): the rate the
 * offer's owner asks never falls, so a rounded offer is at least as good for its owner.
 *
 * @example
 * ```ts
 * qualityText(roundQuality(offerQuality(usd('1'), drops(3_000_000)), 5)) // '0.00000033334'
 * ```
 */
export function roundQuality(quality: bigint, digits: number): bigint {
  const modulus = 10n ** BigInt(16 - digits)
  let mantissa = (quality & MANTISSA_MASK) + modulus - 1n
  mantissa -= mantissa % modulus
  return ((quality >> MANTISSA_BITS) << MANTISSA_BITS) | mantissa
}

/**
 * The quality of an offer that pays `takerGets` for `takerPays` (rippled `getRate(offerOut,
 * offerIn)`): `divide(in, out)` as STAmount computes it (a 17-digit quotient plus 5, truncated
 * to 16 digits), packed; 0 when either side is zero.
 *
 * @example
 * ```ts
 * offerQuality(usd('1'), xrpDrops(2_000_000)) // 0x5A071AFD498D0000n: 2,000,000 drops per USD
 * ```
 */
export function offerQuality(takerPays: BookAmount, takerGets: BookAmount): bigint {
  if (takerPays.value.isZero() || takerGets.value.isZero()) return 0n
  const num = widened(mantissaOf(takerPays.value, takerPays.asset.issuer === null))
  const den = widened(mantissaOf(takerGets.value, takerGets.asset.issuer === null))
  let mantissa = (num.mantissa * TEN_TO_17) / den.mantissa + 5n
  let exponent = num.exponent - den.exponent - 17
  while (mantissa > MAX_MANTISSA) {
    mantissa /= 10n
    exponent += 1
  }
  return (BigInt(exponent + 100) << MANTISSA_BITS) | mantissa
}

/**
 * The rate a quality stands for, TakerPays per TakerGets (rippled `amountFromQuality`).
 *
 * @example
 * ```ts
 * qualityRate(offerQuality(pays, gets)).toString() // '2000000'
 * ```
 */
export function qualityRate(quality: bigint): IssuedValue {
  const mantissa = quality & MANTISSA_MASK
  const exponent = Number(quality >> MANTISSA_BITS) - 100
  return new IssuedValue(new BigNumber(mantissa.toString()).shiftedBy(exponent))
}

/**
 * An offer's amounts, `in` what the taker pays (its TakerPays), `out` what it gets (its TakerGets).
 *
 * @example
 * ```ts
 * const amounts: OfferAmounts = { in: takerPays, out: takerGets }
 * ```
 */
export interface OfferAmounts {
  in: BookAmount
  out: BookAmount
}

const isNative = (amount: BookAmount) => amount.asset.issuer === null

/**
 * The part of an offer that delivers at most `limit` out, at the offer's quality `rate`, what
 * the taker pays rounded up and never above the offer's own (rippled `Quality::ceil_out`).
 *
 * @example
 * ```ts
 * ceilOut({ in: pays, out: gets }, new IssuedValue(5), rate)
 * ```
 */
export function ceilOut(amounts: OfferAmounts, limit: IssuedValue, rate: IssuedValue) {
  if (amounts.out.value.lte(limit)) return amounts
  let paid = mulRound(limit, rate, isNative(amounts.in), 'up')
  if (paid.gt(amounts.in.value)) paid = amounts.in.value
  return {
    in: { asset: amounts.in.asset, value: paid },
    out: { asset: amounts.out.asset, value: limit },
  }
}

/**
 * The part of an offer the taker can pay `limit` for, at the offer's quality `rate`, what it
 * gets rounded down so the offer's owner never gets a worse rate (rippled
 * `Quality::ceil_in_strict` with fixReducedOffersV2).
 *
 * @example
 * ```ts
 * ceilIn({ in: pays, out: gets }, new IssuedValue(5), rate)
 * ```
 */
export function ceilIn(amounts: OfferAmounts, limit: IssuedValue, rate: IssuedValue) {
  if (amounts.in.value.lte(limit)) return amounts
  let got = divRound(limit, rate, isNative(amounts.out), 'down')
  if (got.gt(amounts.out.value)) got = amounts.out.value
  return {
    in: { asset: amounts.in.asset, value: limit },
    out: { asset: amounts.out.asset, value: got },
  }
}

/**
 * A quality as rippled prints it in `book_offers` and `account_offers` (`STAmount::getText` of
 * the rate): plain decimals for exponents from -25 to -5, else `mantissa` e `exponent`.
 *
 * @example
 * ```ts
 * qualityText(offerQuality(usd('1'), drops(2_000_000))) // '0.0000005'
 * ```
 */
export function qualityText(quality: bigint): string {
  const mantissa = quality & MANTISSA_MASK
  const exponent = Number(quality >> MANTISSA_BITS) - 100
  if (mantissa === 0n) return '0'
  if (exponent !== 0 && (exponent < -25 || exponent > -5)) return `${mantissa}e${exponent}`
  return qualityRate(quality).toFixed()
}
