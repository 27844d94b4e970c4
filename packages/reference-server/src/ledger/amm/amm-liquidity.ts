import type { LedgerAmount } from '../amounts/ledger-amount'
import { type InOut, Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { LedgerNumber } from '../number/ledger-number'
import { root2 } from '../number/number-roots'
import { withRounding } from '../number/rounding-mode'
import type { LiquiditySource, StepOffer } from '../paths/step'
import type { ReadView } from '../state/read-view'
import { accountHolds } from '../view/account-holds'
import type { Book } from '../view/order-book'
import { accountSend, XRP_ACCOUNT } from '../view/ripple-credit'
import type { AmmContext } from './amm-context'
import {
  feeMult,
  type Pool,
  solveQuadraticEqSmallest,
  swapAssetIn,
  swapAssetOut,
  toAmount,
} from './amm-formulas'
import { lpBalance, readAmm, tradingFeeFor } from './amm-pool'

/**
 * The AMM inside payments and offer crossing (rippled src/xrpld/app/paths/AMMLiquidity.cpp,
 * AMMOffer.cpp, BookStep.cpp; AMMHelpers.h `changeSpotPriceQuality`): a book step asks the pool
 * of its two assets for one synthetic offer a pass, when the pool's spot price beats the book's
 * tip by more than a relative 10⁻⁷. With a book, the offer is sized so the pool's new spot price
 * meets the tip's quality (fixAMMv1_1: from the native side, its quality never worse than the
 * tip's; before it, from the taker-pays side); when no such offer exists, fixAMMv1_2 takes the
 * largest offer if it beats the tip. Without a book it is the largest offer, 99 % of the pool's
 * out asset (fixAMMOverflowOffer). An offer crossing on one strand whose own quality beats the
 * book's tip sizes the pool's offer by its own quality instead of the tip's (fixAMMv1_1,
 * `BookOfferCrossingStep::qualityThreshold`), so a worse book cannot block the pool. The taker
 * pays the sender's trading fee (the auction slot's discount included); the pool pays no transfer
 * fee on what it gives. On several strands the offers follow a Fibonacci sequence instead, and no
 * flow takes an AMM offer in more than 30 iterations (amm-context.ts; docs/protocol.md §8.13).
 */

const ONE = LedgerNumber.ONE
const TWO = LedgerNumber.from(2)
const P99 = LedgerNumber.from('0.99')
const REDUCED = LedgerNumber.from('0.9999')
/** How close two qualities count as one (AMMLiquidity.cpp, AMMHelpers.h: `Number(1, -7)`). */
const QUALITY_DISTANCE = LedgerNumber.from('1e-7')

const rateOf = (quality: Quality) => quality.rate().toNumber()

// AMMHelpers.h `detail::reduceOffer`: a little less, towards zero.
const reduceOffer = (amount: LedgerAmount) =>
  withRounding('towards_zero', () => amount.toNumber().times(REDUCED))

// AMMHelpers.h `getAMMOfferStartWithTakerGets`: the pool gives the native asset.
function startWithTakerGets(
  pool: Pool,
  target: Quality,
  tfee: number,
  spotPrice = true,
  fixV1_1 = true,
): InOut | null {
  const rate = rateOf(target)
  if (rate.isZero()) return null
  return withRounding('to_nearest', () => {
    const f = feeMult(tfee)
    const b = pool.in
      .toNumber()
      .times(ONE.minus(ONE.div(f)))
      .div(rate)
      .minus(TWO.times(pool.out.toNumber()))
    const c = pool.out
      .toNumber()
      .times(pool.out.toNumber())
      .minus(pool.in.toNumber().times(pool.out.toNumber()).div(rate))
    const constraint = pool.out.toNumber().minus(pool.in.toNumber().div(rate.times(f)))
    let gets = spotPrice ? solveQuadraticEqSmallest(ONE, b, c) : constraint
    if (!gets || gets.signum() <= 0) return null
    if (constraint.signum() <= 0) return null
    if (constraint.lt(gets)) gets = constraint
    const amounts = (proposed: LedgerNumber): InOut => {
      const out = toAmount(pool.out.asset, proposed, 'downward')
      return { in: swapAssetOut(pool, out, tfee, fixV1_1), out }
    }
    const first = amounts(gets)
    return Quality.of(first).worseThan(target) ? amounts(reduceOffer(first.out)) : first
  })
}

// AMMHelpers.h `getAMMOfferStartWithTakerPays`: the pool takes the native asset, or two tokens.
function startWithTakerPays(
  pool: Pool,
  target: Quality,
  tfee: number,
  spotPrice = true,
  fixV1_1 = true,
): InOut | null {
  const rate = rateOf(target)
  if (rate.isZero()) return null
  return withRounding('to_nearest', () => {
    const f = feeMult(tfee)
    const I = pool.in.toNumber()
    const b = I.times(ONE.plus(f))
    const c = I.times(I).minus(I.times(pool.out.toNumber()).times(rate))
    const constraint = pool.out.toNumber().times(rate).minus(I.div(f))
    let pays = spotPrice ? solveQuadraticEqSmallest(f, b, c) : constraint
    if (!pays || pays.signum() <= 0) return null
    if (constraint.signum() <= 0) return null
    if (constraint.lt(pays)) pays = constraint
    const amounts = (proposed: LedgerNumber): InOut => {
      const paid = toAmount(pool.in.asset, proposed, 'downward')
      return { in: paid, out: swapAssetIn(pool, paid, tfee, fixV1_1) }
    }
    const first = amounts(pays)
    return Quality.of(first).worseThan(target) ? amounts(reduceOffer(first.in)) : first
  })
}

/**
 * Whether two qualities are within a relative `dist` of each other (AMMHelpers.h
 * `withinRelativeDistance` of qualities): (min.rate − max.rate) / min.rate < dist.
 */
export function qualitiesWithin(a: Quality, b: Quality, dist: LedgerNumber): boolean {
  if (a.equals(b)) return true
  const [min, max] = a.worseThan(b) ? [a, b] : [b, a]
  const minRate = rateOf(min)
  return minRate.minus(rateOf(max)).div(minRate).lt(dist)
}

// `changeSpotPriceQuality` before fixAMMv1_1: takerPays first, solving (O − o)/(I + i) = quality,
// rounded up, at most O/q − I/(1 − fee); a result worse than `quality` beyond 10⁻⁷ throws in
// rippled (the offer is then not made at all).
function legacySpotPriceQuality(
  pool: Pool,
  quality: Quality,
  tfee: number,
): InOut | null | 'throws' {
  return withRounding('to_nearest', () => {
    const f = feeMult(tfee)
    const I = pool.in.toNumber()
    const b = I.times(ONE.plus(f))
    const c = I.times(I).minus(I.times(pool.out.toNumber()).times(rateOf(quality)))
    const d = b.times(b).minus(LedgerNumber.from(4).times(f).times(c))
    if (d.signum() < 0) return null
    const propose = b.negated().plus(root2(d)).div(TWO.times(f))
    if (propose.signum() <= 0) return null
    const constraint = pool.out.toNumber().times(rateOf(quality)).minus(I.div(f))
    const pays = propose.gt(constraint) ? constraint : propose
    if (pays.signum() <= 0) return null
    const paid = toAmount(pool.in.asset, pays, 'upward')
    const amounts = { in: paid, out: swapAssetIn(pool, paid, tfee, false) }
    const got = Quality.of(amounts)
    if (got.worseThan(quality) && !qualitiesWithin(got, quality, QUALITY_DISTANCE)) return 'throws'
    return amounts
  })
}

/**
 * The offer that moves the pool's spot price to `quality` (AMMHelpers.h `changeSpotPriceQuality`):
 * with fixAMMv1_1 from the native side (`getAMMOfferStartWithTakerGets`/`…TakerPays`), never
 * worse than `quality`; before it from the taker-pays side. Null when none reaches it; 'throws'
 * where rippled throws (no offer at all, not even fixAMMv1_2's largest one).
 */
export function changeSpotPriceQuality(
  pool: Pool,
  quality: Quality,
  tfee: number,
  fixV1_1 = true,
): InOut | null | 'throws' {
  if (!fixV1_1) return legacySpotPriceQuality(pool, quality, tfee)
  const amounts = pool.out.native
    ? startWithTakerGets(pool, quality, tfee)
    : startWithTakerPays(pool, quality, tfee)
  if (!amounts || Quality.of(amounts).worseThan(quality)) return null
  return amounts
}

/** The largest offer: 99 % of what the pool holds of the out asset (AMMLiquidity.cpp `maxOffer`). */
function maxOffer(pool: Pool, tfee: number, fixV1_1: boolean): InOut | null {
  const out = toAmount(pool.out.asset, pool.out.toNumber().times(P99), 'downward')
  if (out.signum() <= 0 || out.gte(pool.out)) return null
  return { in: swapAssetOut(pool, out, tfee, fixV1_1), out }
}

/**
 * Offer crossing without a book: the largest offer whose average price still meets the crossing
 * offer's quality `limit` (what rippled's StrandFlow.h `limitOut` gives a strand of one AMM
 * step: the effective-price solution of AMMHelpers.h), at most the largest offer.
 */
function limitedOffer(pool: Pool, limit: Quality, tfee: number, fixV1_1: boolean): InOut | null {
  const most = maxOffer(pool, tfee, fixV1_1)
  const sized = pool.out.native
    ? startWithTakerGets(pool, limit, tfee, false, fixV1_1)
    : startWithTakerPays(pool, limit, tfee, false, fixV1_1)
  if (!sized || Quality.of(sized).worseThan(limit)) return null
  return most?.out.lt(sized.out) ? most : sized
}

/**
 * The AMM of each book as a liquidity source of the payment engine, trading at the fee `account`
 * (the transaction's sender) pays; `limit` is an offer crossing's worst quality; `enabled` says
 * which of fixAMMv1_1 and fixAMMv1_2 the network has.
 *
 * @example
 * ```ts
 * const context = ammContext()
 * flow({ ..., observer: context, liquidity: ammLiquidity(sender, null, context, enabled) })
 * ```
 */
export function ammLiquidity(
  account: string,
  limit: Quality | null,
  context: AmmContext,
  enabled: (amendment: string) => boolean,
): (book: Book, view: ReadView) => readonly LiquiditySource[] {
  const fixV1_1 = enabled('fixAMMv1_1')
  const fixV1_2 = enabled('fixAMMv1_2')
  return (book, view) => {
    const amm = readAmm(view, book.in, book.out)
    if (!amm || lpBalance(amm).isZero()) return []
    const ammAccount = amm.Account
    const tfee = tradingFeeFor(view, amm, account)
    const poolIn = (at: ReadView): Pool => ({
      in: accountHolds(at, ammAccount, book.in, 'zeroIfFrozen'),
      out: accountHolds(at, ammAccount, book.out, 'zeroIfFrozen'),
    })
    // The pool as the step found it (`initialBalances_`): the Fibonacci offers grow from it.
    const initial = poolIn(view)
    // BookOfferCrossingStep::qualityThreshold (fixAMMv1_1): an offer crossing on one strand whose
    // own quality beats the book's tip asks for the pool's offer as if there were no book.
    const clobQuality = (tip: Quality | null) =>
      fixV1_1 && tip && limit && !context.multiPath() && limit.betterThan(tip) ? null : tip
    // AMMLiquidity::getOffer, with the crossing's own limit standing in for StrandFlow's limitOut.
    const sized = (pool: Pool, clob: Quality | null): InOut | null => {
      if (context.multiPath()) {
        const amounts = fibonacciOffer(initial, pool, tfee, context.iterations(), fixV1_1)
        return !amounts || (clob && Quality.of(amounts).worseThan(clob)) ? null : amounts
      }
      if (!clob)
        return limit ? limitedOffer(pool, limit, tfee, fixV1_1) : maxOffer(pool, tfee, fixV1_1)
      const amounts = changeSpotPriceQuality(pool, clob, tfee, fixV1_1)
      if (amounts === 'throws') return null
      if (amounts || !fixV1_2) return amounts
      const most = maxOffer(pool, tfee, fixV1_1)
      return most && Quality.of(most).betterThan(clob) ? most : null
    }
    return [
      {
        offer(at, tip) {
          if (context.maxItersReached()) return null
          const pool = poolIn(at)
          if (pool.in.isZero() || pool.out.isZero()) return null
          const clob = clobQuality(tip)
          // No offer unless the spot price beats the tip by more than 10⁻⁷: a spot price that
          // only approaches the tip would take many iterations.
          const spot = Quality.of(pool)
          if (clob && (!spot.betterThan(clob) || qualitiesWithin(spot, clob, QUALITY_DISTANCE))) {
            return null
          }
          const amounts = sized(pool, clob)
          if (!amounts || amounts.in.signum() <= 0 || amounts.out.signum() <= 0) return null
          return ammOffer(ammAccount, book, pool, amounts, tfee, context, fixV1_1)
        },
      },
    ]
  }
}

// AMMLiquidity.cpp `generateFibSeqOffer`: on several strands, 0.025 % of the initial in balance
// and what it swaps for, then that out amount × fib[n−1] on iteration n, paid at the current pool.
const FIB = [
  1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181, 6765, 10946, 17711,
  28657, 46368, 75025, 121393, 196418, 317811, 514229, 832040, 1346269,
]
const INITIAL_FIB_SEQ_PCT = LedgerNumber.from(5).div(LedgerNumber.from(20_000))

function fibonacciOffer(
  initial: Pool,
  pool: Pool,
  tfee: number,
  iteration: number,
  fixV1_1: boolean,
): InOut | null {
  const baseIn = toAmount(pool.in.asset, initial.in.toNumber().times(INITIAL_FIB_SEQ_PCT), 'upward')
  const baseOut = swapAssetIn(initial, baseIn, tfee, fixV1_1)
  if (iteration === 0) return { in: baseIn, out: baseOut }
  const out = toAmount(
    pool.out.asset,
    baseOut.toNumber().times(LedgerNumber.from(FIB[iteration - 1] ?? 0)),
    'downward',
  )
  // rippled throws (and getOffer answers no offer) when the sequence passes the pool.
  if (out.gte(pool.out)) return null
  return { in: swapAssetOut(pool, out, tfee, fixV1_1), out }
}

// AMMOffer.cpp: one synthetic offer, used once, sent with the transfer fee waived. A step taking
// part of it sizes it by the swap formulas on one strand, by its quality on several (so the
// strands keep their order; fixReducedOffersV1/V2's strict rounding).
function ammOffer(
  owner: string,
  book: Book,
  pool: Pool,
  amounts: InOut,
  tfee: number,
  context: AmmContext,
  fixV1_1: boolean,
): StepOffer {
  let consumed = false
  const quality = Quality.of(amounts)
  return {
    owner,
    key: null,
    quality,
    amounts: () => amounts,
    selfFunded: true,
    limitOut: (offered, limit, roundUp) =>
      context.multiPath()
        ? quality.ceilOutStrict(offered, limit, roundUp)
        : { in: swapAssetOut(pool, limit, tfee, fixV1_1), out: limit },
    limitIn: (offered, limit, roundUp) =>
      context.multiPath()
        ? quality.ceilInStrict(offered, limit, roundUp)
        : { in: limit, out: swapAssetIn(pool, limit, tfee, fixV1_1) },
    adjustRates: (inRate) => [inRate, QUALITY_ONE] as const,
    transfer(view, _book, paid, gives) {
      const received = accountSend(view, book.in.issuer ?? XRP_ACCOUNT, owner, paid, true)
      if (received !== 'tesSUCCESS') return received
      return accountSend(view, owner, book.out.issuer ?? XRP_ACCOUNT, gives, true)
    },
    consume() {
      consumed = true
      context.used()
    },
    fullyConsumed: () => consumed,
  }
}

/**
 * A book's pool when it has one, else the simulator's market (paths/market-liquidity.ts): a
 * payment's liquidity beside the order book.
 *
 * @example
 * ```ts
 * flow({ ..., liquidity: poolsOrMarket(ammLiquidity(sender, null, context, enabled), marketLiquidity(price, 'XRP')) })
 * ```
 */
export const poolsOrMarket =
  (
    pools: (book: Book, view: ReadView) => readonly LiquiditySource[],
    market: (book: Book, view: ReadView) => readonly LiquiditySource[],
  ) =>
  (book: Book, view: ReadView): readonly LiquiditySource[] => {
    const found = pools(book, view)
    return found.length > 0 ? found : market(book, view)
  }
