import { divide, divRound, mulRound, multiply } from './amount-arithmetic'
import { LedgerAmount, RATE_ASSET } from './ledger-amount'

/**
 * Rates in parts per billion (rippled include/xrpl/protocol/Rate.h, Rate2.cpp): an issuer's
 * `TransferRate`, a trust line's `QualityIn`/`QualityOut`. Parity is 1,000,000,000.
 */

/** A rate of 1.0 (rippled `QUALITY_ONE`, `parityRate`). */
export const QUALITY_ONE = 1_000_000_000

// rippled `detail::as_amount(Rate)`: the rate as an amount of no asset, value × 10^−9.
const asAmount = (rate: number) => LedgerAmount.of(RATE_ASSET, BigInt(rate), -9)

/**
 * `amount × rate` (rippled `multiply(STAmount, Rate)`), the amount itself at parity.
 *
 * @example
 * ```ts
 * multiplyRate(usd10, 1_002_000_000).text() // '10.02'
 * ```
 */
export const multiplyRate = (amount: LedgerAmount, rate: number): LedgerAmount =>
  rate === QUALITY_ONE ? amount : multiply(amount, asAmount(rate), amount.asset)

/**
 * `amount × rate` rounded up or down (rippled `multiplyRound(STAmount, Rate, bool)`).
 *
 * @example
 * ```ts
 * multiplyRateRound(takerIn, gatewayRate, true)
 * ```
 */
export const multiplyRateRound = (amount: LedgerAmount, rate: number, roundUp: boolean) =>
  rate === QUALITY_ONE ? amount : mulRound(amount, asAmount(rate), amount.asset, roundUp)

/**
 * `amount ÷ rate` rounded up or down (rippled `divideRound(STAmount, Rate, bool)`).
 *
 * @example
 * ```ts
 * divideRateRound(actualIn, gatewayRate, true)
 * ```
 */
export const divideRateRound = (amount: LedgerAmount, rate: number, roundUp: boolean) =>
  rate === QUALITY_ONE ? amount : divRound(amount, asAmount(rate), amount.asset, roundUp)

/**
 * `amount ÷ rate` (rippled `divide(STAmount, Rate)`), the amount itself at parity.
 *
 * @example
 * ```ts
 * divideRate(ownerFunds, 1_002_000_000) // what the funds can deliver after the transfer fee
 * ```
 */
export const divideRate = (amount: LedgerAmount, rate: number): LedgerAmount =>
  rate === QUALITY_ONE ? amount : divide(amount, asAmount(rate), amount.asset)
