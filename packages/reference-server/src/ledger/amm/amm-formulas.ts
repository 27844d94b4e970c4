import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { LedgerNumber } from '../number/ledger-number'
import { root2 } from '../number/number-roots'
import { type RoundingMode, withRounding } from '../number/rounding-mode'

/**
 * The AMM's arithmetic on the ledger's `Number` (rippled src/xrpld/app/misc/detail/AMMHelpers.cpp
 * and AMMHelpers.h, include/xrpl/protocol/AMMCore.h), each step rounded as rippled rounds it with
 * fixAMMv1_1 and fixAMMv1_3 enabled (docs/protocol.md §8.13): what goes into the pool rounds up,
 * what comes out and the LP tokens a deposit mints round down, the LP tokens a withdrawal burns
 * round up, so √(A·B) ≥ T holds after every transaction. Trading fees are in units of 1/100,000
 * (1000 = 1 %).
 */

const N = (value: number | string) => LedgerNumber.from(value)
const ONE = LedgerNumber.ONE
const TWO = N(2)
const FOUR = N(4)
/** rippled `AUCTION_SLOT_FEE_SCALE_FACTOR`: a trading fee of 100,000 would be 100 %. */
const FEE_SCALE = N(100_000)

/** Whether a deposit or a withdrawal asks (rippled `IsDeposit`). */
export type IsDeposit = 'deposit' | 'withdraw'

/** The fee as a fraction: `tfee / 100000` (AMMCore.h `getFee`). */
export const getFee = (tfee: number): LedgerNumber => N(tfee).div(FEE_SCALE)
/** `1 − fee` (AMMCore.h `feeMult`). */
export const feeMult = (tfee: number): LedgerNumber => ONE.minus(getFee(tfee))
/** `1 − fee/2` (AMMCore.h `feeMultHalf`). */
export const feeMultHalf = (tfee: number): LedgerNumber => ONE.minus(getFee(tfee).div(TWO))

/**
 * A value as an amount of `asset`, rounded in `mode` (rippled `toSTAmount(issue, n, mode)`).
 *
 * @example
 * ```ts
 * toAmount(XRP, LedgerNumber.from('1.5'), 'downward').toJson() // '1'
 * ```
 */
export const toAmount = (
  asset: LedgerAsset,
  value: LedgerNumber,
  mode: RoundingMode = 'to_nearest',
): LedgerAmount => withRounding(mode, () => LedgerAmount.fromNumber(asset, value))

/** `amount × frac` with every step in `mode` (AMMHelpers.cpp `multiply`). */
export const multiply = (amount: LedgerAmount, frac: LedgerNumber, mode: RoundingMode) =>
  withRounding(mode, () => LedgerAmount.fromNumber(amount.asset, amount.toNumber().times(frac)))

/** The positive root of `a·x² + b·x + c` (AMMHelpers.cpp `solveQuadraticEq`). */
export const solveQuadraticEq = (a: LedgerNumber, b: LedgerNumber, c: LedgerNumber) =>
  b
    .negated()
    .plus(root2(b.times(b).minus(FOUR.times(a).times(c))))
    .div(TWO.times(a))

/**
 * The smallest root by the citardauq formula, or null when there is none (AMMHelpers.cpp
 * `solveQuadraticEqSmallest`): how the synthetic offer is sized.
 */
export function solveQuadraticEqSmallest(
  a: LedgerNumber,
  b: LedgerNumber,
  c: LedgerNumber,
): LedgerNumber | null {
  const d = b.times(b).minus(FOUR.times(a).times(c))
  if (d.signum() < 0) return null
  const twoC = TWO.times(c)
  return b.signum() > 0
    ? twoC.div(b.negated().minus(root2(d)))
    : twoC.div(b.negated().plus(root2(d)))
}

/**
 * The LP tokens of a new pool: √(A·B), rounded down (AMMHelpers.cpp `ammLPTokens`, fixAMMv1_3).
 *
 * @example
 * ```ts
 * ammLPTokens(xrp(10_000_000n), usd('10'), lpt).text() // '10000'
 * ```
 */
export const ammLPTokens = (
  asset1: LedgerAmount,
  asset2: LedgerAmount,
  lpt: LedgerAsset,
): LedgerAmount =>
  withRounding('downward', () =>
    LedgerAmount.fromNumber(lpt, root2(asset1.toNumber().times(asset2.toNumber()))),
  )

/**
 * Equation 3: the LP tokens a single-asset deposit of `deposit` mints, rounded down
 * (AMMHelpers.cpp `lpTokensOut`): r = b/B, c = √(f2² + r/f1) − f2, t = T·(r − c)/(1 + c).
 */
export function lpTokensOut(
  balance: LedgerAmount,
  deposit: LedgerAmount,
  lptBalance: LedgerAmount,
  tfee: number,
): LedgerAmount {
  const f1 = feeMult(tfee)
  const f2 = feeMultHalf(tfee).div(f1)
  const r = deposit.toNumber().div(balance.toNumber())
  const c = root2(f2.times(f2).plus(r.div(f1))).minus(f2)
  const frac = r.minus(c).div(ONE.plus(c))
  return multiply(lptBalance, frac, 'downward')
}

/**
 * Equation 4: the asset a single-asset deposit needs for `lpTokens`, rounded up (AMMHelpers.cpp
 * `ammAssetIn`).
 */
export function ammAssetIn(
  balance: LedgerAmount,
  lptBalance: LedgerAmount,
  lpTokens: LedgerAmount,
  tfee: number,
): LedgerAmount {
  const f1 = feeMult(tfee)
  const f2 = feeMultHalf(tfee).div(f1)
  const t1 = lpTokens.toNumber().div(lptBalance.toNumber())
  const t2 = ONE.plus(t1)
  const d = f2.minus(t1.div(t2))
  const a = ONE.div(t2.times(t2))
  const b = TWO.times(d).div(t2).minus(ONE.div(f1))
  const c = d.times(d).minus(f2.times(f2))
  return multiply(balance, solveQuadraticEq(a, b, c), 'upward')
}

/**
 * Equation 7: the LP tokens a single-asset withdrawal of `withdraw` burns, rounded up
 * (AMMHelpers.cpp `lpTokensIn`): R = b/B, c = R·f + 2 − f, t = T·(c − √(c² − 4R))/2.
 */
export function lpTokensIn(
  balance: LedgerAmount,
  withdraw: LedgerAmount,
  lptBalance: LedgerAmount,
  tfee: number,
): LedgerAmount {
  const fr = withdraw.toNumber().div(balance.toNumber())
  const f1 = getFee(tfee)
  const c = fr.times(f1).plus(TWO).minus(f1)
  const frac = c.minus(root2(c.times(c).minus(FOUR.times(fr)))).div(TWO)
  return multiply(lptBalance, frac, 'upward')
}

/**
 * Equation 8: the asset a single-asset withdrawal of `lpTokens` gives, rounded down
 * (AMMHelpers.cpp `ammAssetOut`): t1 = t/T, b = B·(t1² − t1·(2 − f))/(t1·f − 1).
 */
export function ammAssetOut(
  balance: LedgerAmount,
  lptBalance: LedgerAmount,
  lpTokens: LedgerAmount,
  tfee: number,
): LedgerAmount {
  const f = getFee(tfee)
  const t1 = lpTokens.toNumber().div(lptBalance.toNumber())
  const frac = t1
    .times(t1)
    .minus(t1.times(TWO.minus(f)))
    .div(t1.times(f).minus(ONE))
  return multiply(balance, frac, 'downward')
}

/**
 * The LP tokens that survive adding to (or taking from) the 16-digit LP balance, rounded down
 * (AMMHelpers.cpp `adjustLPTokens`): `(T + t) − T` on a deposit, `(t − T) + T` on a withdrawal.
 */
export const adjustLPTokens = (
  lptBalance: LedgerAmount,
  lpTokens: LedgerAmount,
  isDeposit: IsDeposit,
): LedgerAmount =>
  withRounding('downward', () =>
    isDeposit === 'deposit'
      ? lptBalance.plus(lpTokens).minus(lptBalance)
      : lpTokens.minus(lptBalance).plus(lptBalance),
  )

// AMMHelpers.h `getLPTokenRounding`, `getAssetRounding`: minimize tokens minted and assets paid
// out, maximize tokens burnt and assets paid in.
const lpTokenRounding = (isDeposit: IsDeposit): RoundingMode =>
  isDeposit === 'deposit' ? 'downward' : 'upward'
const assetRounding = (isDeposit: IsDeposit): RoundingMode =>
  isDeposit === 'deposit' ? 'upward' : 'downward'

/** A proportional share `frac` of a pool balance (AMMHelpers.h `getRoundedAsset`). */
export const roundedAsset = (balance: LedgerAmount, frac: LedgerNumber, isDeposit: IsDeposit) =>
  multiply(balance, frac, assetRounding(isDeposit))

/**
 * A single-asset amount whose whole formula runs in one mode (AMMHelpers.cpp `getRoundedAsset`
 * with a product): a deposit multiplies the balance by `product()`, a withdrawal takes `product()`
 * as the amount of `like`'s asset.
 */
export function roundedAssetOf(
  like: LedgerAmount,
  product: () => LedgerNumber,
  isDeposit: IsDeposit,
): LedgerAmount {
  const mode = assetRounding(isDeposit)
  if (isDeposit === 'deposit') return multiply(like, product(), mode)
  return withRounding(mode, () => LedgerAmount.fromNumber(like.asset, product()))
}

/**
 * The LP tokens of a share `frac` of the LP balance, rounded and then adjusted
 * (AMMHelpers.cpp `getRoundedLPTokens`).
 */
export const roundedLPTokens = (
  lptBalance: LedgerAmount,
  frac: LedgerNumber,
  isDeposit: IsDeposit,
) => adjustLPTokens(lptBalance, multiply(lptBalance, frac, lpTokenRounding(isDeposit)), isDeposit)

/**
 * The LP tokens of a formula run in one mode (AMMHelpers.cpp `getRoundedLPTokens` with a
 * product): a deposit takes `product()` as tokens, a withdrawal multiplies the LP balance by it.
 */
export function roundedLPTokensOf(
  lptBalance: LedgerAmount,
  product: () => LedgerNumber,
  isDeposit: IsDeposit,
): LedgerAmount {
  const mode = lpTokenRounding(isDeposit)
  const tokens =
    isDeposit === 'deposit'
      ? withRounding(mode, () => LedgerAmount.fromNumber(lptBalance.asset, product()))
      : multiply(lptBalance, product(), mode)
  return adjustLPTokens(lptBalance, tokens, isDeposit)
}

/**
 * The tokens and the asset after the tokens were adjusted (AMMHelpers.cpp
 * `adjustAssetInByTokens` for a deposit, `adjustAssetOutByTokens` for a withdrawal): when the
 * asset the adjusted tokens need exceeds `amount`, `amount` is lowered by the excess and both
 * recomputed; the smaller amount wins.
 */
export function adjustAssetByTokens(
  isDeposit: IsDeposit,
  balance: LedgerAmount,
  amount: LedgerAmount,
  lptBalance: LedgerAmount,
  tokens: LedgerAmount,
  tfee: number,
): { tokens: LedgerAmount; amount: LedgerAmount } {
  const assetFor = isDeposit === 'deposit' ? ammAssetIn : ammAssetOut
  const tokensFor = isDeposit === 'deposit' ? lpTokensOut : lpTokensIn
  let assetAdj = assetFor(balance, lptBalance, tokens, tfee)
  let tokensAdj = tokens
  if (assetAdj.gt(amount)) {
    const adjAmount = amount.minus(assetAdj.minus(amount))
    const t = tokensFor(balance, adjAmount, lptBalance, tfee)
    tokensAdj = adjustLPTokens(lptBalance, t, isDeposit)
    assetAdj = assetFor(balance, lptBalance, tokensAdj, tfee)
  }
  return { tokens: tokensAdj, amount: amount.min(assetAdj) }
}

/** The largest amount of an asset (rippled `toMaxAmount`): 10^17 drops, or the largest issued. */
const maxAmount = (asset: LedgerAsset) =>
  asset.issuer === null
    ? LedgerAmount.drops(10n ** 17n, asset)
    : LedgerAmount.of(asset, 9_999_999_999_999_999n, 80)

/** A pool seen from a swap: what it takes in and what it gives out. */
export interface Pool {
  in: LedgerAmount
  out: LedgerAmount
}

/**
 * What swapping `assetIn` into the pool gives out (AMMHelpers.h `swapAssetIn`): with fixAMMv1_1,
 * out = O − I·O/(I + in·(1 − f)) with every step rounded for the pool, never below zero; without
 * it the same formula in the current rounding mode, only the result rounded down.
 *
 * @example
 * ```ts
 * swapAssetIn({ in: usd('1000'), out: eur('500') }, usd('10'), 1000).text() // '4.901475393...'
 * ```
 */
export function swapAssetIn(
  pool: Pool,
  assetIn: LedgerAmount,
  tfee: number,
  fixV1_1 = true,
): LedgerAmount {
  if (!fixV1_1) {
    const [I, O] = [pool.in.toNumber(), pool.out.toNumber()]
    const out = O.minus(I.times(O).div(I.plus(assetIn.toNumber().times(feeMult(tfee)))))
    return toAmount(pool.out.asset, out, 'downward')
  }
  const zero = LedgerAmount.zero(pool.out.asset)
  const numerator = withRounding('upward', () => pool.in.toNumber().times(pool.out.toNumber()))
  const fee = withRounding('upward', () => getFee(tfee))
  const denom = withRounding('downward', () =>
    pool.in.toNumber().plus(assetIn.toNumber().times(ONE.minus(fee))),
  )
  if (denom.signum() <= 0) return zero
  const ratio = withRounding('upward', () => numerator.div(denom))
  const swapOut = withRounding('downward', () => pool.out.toNumber().minus(ratio))
  if (swapOut.signum() < 0) return zero
  return toAmount(pool.out.asset, swapOut, 'downward')
}

/**
 * What taking `assetOut` out of the pool costs going in (AMMHelpers.h `swapAssetOut`): with
 * fixAMMv1_1, in = (I·O/(O − out) − I)/(1 − f) rounded for the pool, the largest amount when
 * `assetOut` is the whole pool; without it the same formula in the current rounding mode, only
 * the result rounded up.
 */
export function swapAssetOut(
  pool: Pool,
  assetOut: LedgerAmount,
  tfee: number,
  fixV1_1 = true,
): LedgerAmount {
  if (!fixV1_1) {
    const [I, O] = [pool.in.toNumber(), pool.out.toNumber()]
    const swapIn = I.times(O).div(O.minus(assetOut.toNumber())).minus(I).div(feeMult(tfee))
    return toAmount(pool.in.asset, swapIn, 'upward')
  }
  const numerator = withRounding('upward', () => pool.in.toNumber().times(pool.out.toNumber()))
  const denom = withRounding('downward', () => pool.out.toNumber().minus(assetOut.toNumber()))
  if (denom.signum() <= 0) return maxAmount(pool.in.asset)
  const [numerator2, fee] = withRounding('upward', () => [
    numerator.div(denom).minus(pool.in.toNumber()),
    getFee(tfee),
  ])
  const mult = withRounding('downward', () => ONE.minus(fee))
  const swapIn = withRounding('upward', () => numerator2.div(mult))
  if (swapIn.signum() < 0) return LedgerAmount.zero(pool.in.asset)
  return toAmount(pool.in.asset, swapIn, 'upward')
}
