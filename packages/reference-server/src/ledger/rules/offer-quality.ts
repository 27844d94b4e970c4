import BigNumber from 'bignumber.js'
import type { BookAmount } from '../amounts/book-amount'
import { divRound, IssuedValue, mulRound } from '../amounts/issued-value'

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
