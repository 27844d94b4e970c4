import {
  divide,
  divRound,
  divRoundStrict,
  mulRound,
  mulRoundStrict,
  multiply,
} from './amount-arithmetic'
import { LedgerAmount, RATE_ASSET } from './ledger-amount'

/**
 * An exchange rate as the order book keeps it (rippled include/xrpl/protocol/Quality.h,
 * src/libxrpl/protocol/Quality.cpp, `getRate` and `amountFromQuality` in STAmount.cpp): what the
 * taker pays per unit it gets, as an STAmount packed in 64 bits (exponent + 100 in the top byte,
 * the 16-digit mantissa below), so a book's directories sort best (lowest rate) first. A higher
 * quality is a lower rate.
 */

const MANTISSA_BITS = 56n
const MANTISSA_MASK = (1n << MANTISSA_BITS) - 1n

/**
 * The amounts of an offer or a step: what goes in (the taker pays) and what comes out (it gets).
 *
 * @example
 * ```ts
 * const amounts: InOut = { in: takerPays, out: takerGets }
 * ```
 */
export interface InOut {
  in: LedgerAmount
  out: LedgerAmount
}

/**
 * The packed rate `offerIn ÷ offerOut` (rippled `getRate(offerOut, offerIn)`: STAmount's `divide`
 * into a rate), 0 when `offerOut` is zero or the rate does not fit.
 *
 * @example
 * ```ts
 * getRate(usd('1'), drops(2_000_000n)) // 0x5A071AFD498D0000n: 2,000,000 drops per USD
 * ```
 */
export function getRate(offerOut: LedgerAmount, offerIn: LedgerAmount): bigint {
  if (offerOut.isZero()) return 0n
  try {
    const r = divide(offerIn, offerOut, RATE_ASSET)
    if (r.isZero()) return 0n
    return (BigInt(r.exponent + 100) << MANTISSA_BITS) | r.mantissa
  } catch {
    return 0n
  }
}

/**
 * An offer's or a strand's quality (rippled `Quality`).
 *
 * @example
 * ```ts
 * const quality = Quality.of({ in: pays, out: gets })
 * quality.betterThan(other) // a lower rate
 * ```
 */
export class Quality {
  /** The packed rate (rippled `m_value`); 0 for a worthless offer. */
  constructor(readonly value: bigint) {}

  /** The quality of `in` paid for `out` (rippled `Quality(Amounts)`). */
  static of(amounts: InOut): Quality {
    return new Quality(getRate(amounts.out, amounts.in))
  }

  /** Quality 1.0 (rippled `STAmount::uRateOne`). */
  static readonly ONE = new Quality(getRate(LedgerAmount.drops(1n), LedgerAmount.drops(1n)))

  /** The rate as an amount: in per out (rippled `amountFromQuality`, `Quality::rate`). */
  rate(): LedgerAmount {
    if (this.value === 0n) return LedgerAmount.zero(RATE_ASSET)
    const mantissa = this.value & MANTISSA_MASK
    const exponent = Number(this.value >> MANTISSA_BITS) - 100
    return LedgerAmount.of(RATE_ASSET, mantissa, exponent)
  }

  /** Whether this rate is lower (rippled `operator>` of qualities). */
  betterThan(other: Quality): boolean {
    return this.value < other.value
  }

  /** Whether this rate is higher (rippled `operator<` of qualities). */
  worseThan(other: Quality): boolean {
    return this.value > other.value
  }

  equals(other: Quality): boolean {
    return this.value === other.value
  }

  /** The next better quality (rippled `Quality::operator++`, how a passive offer's threshold rises). */
  next(): Quality {
    return new Quality(this.value - 1n)
  }

  /**
   * The rate rounded up to `digits` significant digits (rippled `Quality::round`, tick size).
   *
   * @example
   * ```ts
   * quality.round(5)
   * ```
   */
  round(digits: number): Quality {
    const modulus = 10n ** BigInt(16 - digits)
    let mantissa = (this.value & MANTISSA_MASK) + modulus - 1n
    mantissa -= mantissa % modulus
    return new Quality(((this.value >> MANTISSA_BITS) << MANTISSA_BITS) | mantissa)
  }

  /**
   * The part of `amounts` that brings in at most `limit`, what comes out rounded up, never above
   * the offer's own (rippled `Quality::ceil_in`).
   */
  ceilIn(amounts: InOut, limit: LedgerAmount): InOut {
    if (!amounts.in.gt(limit)) return amounts
    const out = divRound(limit, this.rate(), amounts.out.asset, true)
    return { in: limit, out: out.gt(amounts.out) ? amounts.out : out }
  }

  /** As {@link Quality.ceilIn}, rounding as `roundUp` asks (rippled `ceil_in_strict`, fixReducedOffersV2). */
  ceilInStrict(amounts: InOut, limit: LedgerAmount, roundUp: boolean): InOut {
    if (!amounts.in.gt(limit)) return amounts
    const out = divRoundStrict(limit, this.rate(), amounts.out.asset, roundUp)
    return { in: limit, out: out.gt(amounts.out) ? amounts.out : out }
  }

  /**
   * The part of `amounts` that puts out at most `limit`, what goes in rounded up, never above the
   * offer's own (rippled `Quality::ceil_out`).
   */
  ceilOut(amounts: InOut, limit: LedgerAmount): InOut {
    if (!amounts.out.gt(limit)) return amounts
    const paid = mulRound(limit, this.rate(), amounts.in.asset, true)
    return { in: paid.gt(amounts.in) ? amounts.in : paid, out: limit }
  }

  /** As {@link Quality.ceilOut}, rounding as `roundUp` asks (rippled `ceil_out_strict`, fixReducedOffersV1). */
  ceilOutStrict(amounts: InOut, limit: LedgerAmount, roundUp: boolean): InOut {
    if (!amounts.out.gt(limit)) return amounts
    const paid = mulRoundStrict(limit, this.rate(), amounts.in.asset, roundUp)
    return { in: paid.gt(amounts.in) ? amounts.in : paid, out: limit }
  }

  /**
   * The rate as rippled prints it in `book_offers` and `account_offers` (`STAmount::getText` of
   * `amountFromQuality`).
   *
   * @example
   * ```ts
   * Quality.of({ in: drops(2_000_000n), out: usd('1') }).text() // '2000000'
   * ```
   */
  text(): string {
    return this.rate().text()
  }
}

/**
 * Two qualities one after the other (rippled `composed_quality`: the rates multiplied, rounded up).
 *
 * @example
 * ```ts
 * composedQuality(bookQuality, feeQuality)
 * ```
 */
export function composedQuality(lhs: Quality, rhs: Quality): Quality {
  const left = lhs.rate()
  const rate = mulRound(left, rhs.rate(), left.asset, true)
  return new Quality((BigInt(rate.exponent + 100) << MANTISSA_BITS) | rate.mantissa)
}

/**
 * `amount × rate(quality)` in the asset of `like` (rippled `multiply(amount, quality.rate(), asset)`):
 * what a `tfSell` offer asks once rounded to a tick size.
 *
 * @example
 * ```ts
 * multiplyByQuality(takerGets, quality.round(5), takerPays)
 * ```
 */
export const multiplyByQuality = (amount: LedgerAmount, quality: Quality, like: LedgerAmount) =>
  multiply(amount, quality.rate(), like.asset)

/**
 * `amount ÷ rate(quality)` in the asset of `like` (rippled `divide(amount, quality.rate(), asset)`):
 * what an offer gives once rounded to a tick size.
 *
 * @example
 * ```ts
 * divideByQuality(takerPays, quality.round(5), takerGets)
 * ```
 */
export const divideByQuality = (amount: LedgerAmount, quality: Quality, like: LedgerAmount) =>
  divide(amount, quality.rate(), like.asset)
