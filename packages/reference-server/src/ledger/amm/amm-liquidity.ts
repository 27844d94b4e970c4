import type { LedgerAmount } from '../amounts/ledger-amount'
import { type InOut, Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { LedgerNumber } from '../number/ledger-number'
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
 * tip. With a book, the offer is sized so the pool's new spot price meets the tip's quality
 * (fixAMMv1_1: from the native side); without one, it is the largest offer, 99 % of the pool's
 * out asset (fixAMMOverflowOffer). The taker pays the sender's trading fee (the auction slot's
 * discount included); the pool pays no transfer fee on what it gives. On several strands the
 * offers follow a Fibonacci sequence instead, and no flow takes an AMM offer in more than 30
 * iterations (amm-context.ts; docs/protocol.md §8.13).
 */

const ONE = LedgerNumber.ONE
const TWO = LedgerNumber.from(2)
const P99 = LedgerNumber.from('0.99')
const REDUCED = LedgerNumber.from('0.9999')

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
      return { in: swapAssetOut(pool, out, tfee), out }
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
      return { in: paid, out: swapAssetIn(pool, paid, tfee) }
    }
    const first = amounts(pays)
    return Quality.of(first).worseThan(target) ? amounts(reduceOffer(first.in)) : first
  })
}

/**
 * The offer that moves the pool's spot price to `quality` (AMMHelpers.h `changeSpotPriceQuality`
 * with fixAMMv1_1), or null when none reaches it.
 */
export function changeSpotPriceQuality(pool: Pool, quality: Quality, tfee: number): InOut | null {
  const amounts = pool.out.native
    ? startWithTakerGets(pool, quality, tfee)
    : startWithTakerPays(pool, quality, tfee)
  if (!amounts || Quality.of(amounts).worseThan(quality)) return null
  return amounts
}

/** The largest offer: 99 % of what the pool holds of the out asset (AMMLiquidity.cpp `maxOffer`). */
function maxOffer(pool: Pool, tfee: number): InOut | null {
  const out = toAmount(pool.out.asset, pool.out.toNumber().times(P99), 'downward')
  if (out.signum() <= 0 || out.gte(pool.out)) return null
  return { in: swapAssetOut(pool, out, tfee), out }
}

/**
 * Offer crossing without a book: the largest offer whose average price still meets the crossing
 * offer's quality `limit` (what rippled's StrandFlow.h `limitOut` gives a strand of one AMM
 * step: the effective-price solution of AMMHelpers.h), at most the largest offer.
 */
function limitedOffer(pool: Pool, limit: Quality, tfee: number): InOut | null {
  const most = maxOffer(pool, tfee)
  const sized = pool.out.native
    ? startWithTakerGets(pool, limit, tfee, false)
    : startWithTakerPays(pool, limit, tfee, false)
  if (!sized || Quality.of(sized).worseThan(limit)) return null
  return most?.out.lt(sized.out) ? most : sized
}

/**
 * The AMM of each book as a liquidity source of the payment engine, trading at the fee `account`
 * (the transaction's sender) pays; `limit` is an offer crossing's worst quality.
 *
 * @example
 * ```ts
 * const context = ammContext()
 * flow({ ..., observer: context, liquidity: ammLiquidity(sender, null, context) })
 * ```
 */
export function ammLiquidity(
  account: string,
  limit: Quality | null,
  context: AmmContext,
): (book: Book, view: ReadView) => readonly LiquiditySource[] {
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
    return [
      {
        offer(at, tip) {
          if (context.maxItersReached()) return null
          const pool = poolIn(at)
          if (pool.in.isZero() || pool.out.isZero()) return null
          if (tip && !Quality.of(pool).betterThan(tip)) return null
          if (context.multiPath()) {
            const amounts = fibonacciOffer(initial, pool, tfee, context.iterations())
            if (!amounts || (tip && Quality.of(amounts).worseThan(tip))) return null
            return ammOffer(ammAccount, book, pool, amounts, tfee, context)
          }
          const amounts = tip
            ? changeSpotPriceQuality(pool, tip, tfee)
            : limit
              ? limitedOffer(pool, limit, tfee)
              : maxOffer(pool, tfee)
          if (!amounts || amounts.in.signum() <= 0 || amounts.out.signum() <= 0) return null
          return ammOffer(ammAccount, book, pool, amounts, tfee, context)
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

function fibonacciOffer(initial: Pool, pool: Pool, tfee: number, iteration: number): InOut | null {
  const baseIn = toAmount(pool.in.asset, initial.in.toNumber().times(INITIAL_FIB_SEQ_PCT), 'upward')
  const baseOut = swapAssetIn(initial, baseIn, tfee)
  if (iteration === 0) return { in: baseIn, out: baseOut }
  const out = toAmount(
    pool.out.asset,
    baseOut.toNumber().times(LedgerNumber.from(FIB[iteration - 1] ?? 0)),
    'downward',
  )
  // rippled throws (and getOffer answers no offer) when the sequence passes the pool.
  if (out.gte(pool.out)) return null
  return { in: swapAssetOut(pool, out, tfee), out }
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
        : { in: swapAssetOut(pool, limit, tfee), out: limit },
    limitIn: (offered, limit, roundUp) =>
      context.multiPath()
        ? quality.ceilInStrict(offered, limit, roundUp)
        : { in: limit, out: swapAssetIn(pool, limit, tfee) },
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
 * flow({ ..., liquidity: poolsOrMarket(ammLiquidity(sender, null, context), marketLiquidity(price, 'XRP')) })
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
