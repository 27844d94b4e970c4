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
 * discount included); the pool pays no transfer fee on what it gives. One path only: several
 * strands' Fibonacci sizing is not modelled (docs/protocol.md §8.12).
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
 * flow({ ..., liquidity: ammLiquidity(sender) })
 * ```
 */
export function ammLiquidity(
  account: string,
  limit: Quality | null = null,
): (book: Book, view: ReadView) => readonly LiquiditySource[] {
  return (book, view) => {
    const amm = readAmm(view, book.in, book.out)
    if (!amm || lpBalance(amm).isZero()) return []
    const ammAccount = amm.Account
    const tfee = tradingFeeFor(view, amm, account)
    return [
      {
        offer(at, tip) {
          const pool: Pool = {
            in: accountHolds(at, ammAccount, book.in, 'zeroIfFrozen'),
            out: accountHolds(at, ammAccount, book.out, 'zeroIfFrozen'),
          }
          if (pool.in.isZero() || pool.out.isZero()) return null
          if (tip && !Quality.of(pool).betterThan(tip)) return null
          const amounts = tip
            ? changeSpotPriceQuality(pool, tip, tfee)
            : limit
              ? limitedOffer(pool, limit, tfee)
              : maxOffer(pool, tfee)
          if (!amounts || amounts.in.signum() <= 0 || amounts.out.signum() <= 0) return null
          return ammOffer(ammAccount, book, pool, amounts, tfee)
        },
      },
    ]
  }
}

// AMMOffer.cpp: one synthetic offer, sized again by the swap formulas when a step takes part of
// it, sent with the transfer fee waived, used once.
function ammOffer(owner: string, book: Book, pool: Pool, amounts: InOut, tfee: number): StepOffer {
  let consumed = false
  return {
    owner,
    key: null,
    quality: Quality.of(amounts),
    amounts: () => amounts,
    selfFunded: true,
    limitOut: (_offered, limit) => ({ in: swapAssetOut(pool, limit, tfee), out: limit }),
    limitIn: (_offered, limit) => ({ in: limit, out: swapAssetIn(pool, limit, tfee) }),
    adjustRates: (inRate) => [inRate, QUALITY_ONE] as const,
    transfer(view, _book, paid, gives) {
      const received = accountSend(view, book.in.issuer ?? XRP_ACCOUNT, owner, paid, true)
      if (received !== 'tesSUCCESS') return received
      return accountSend(view, owner, book.out.issuer ?? XRP_ACCOUNT, gives, true)
    },
    consume() {
      consumed = true
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
 * flow({ ..., liquidity: poolsOrMarket(ammLiquidity(sender), marketLiquidity(price, 'XRP')) })
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
