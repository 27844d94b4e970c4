import {
  adjustAssetByTokens,
  adjustLPTokens,
  ammAssetIn,
  ammLPTokens,
  feeMult,
  feeMultHalf,
  lpTokensOut,
  roundedAsset,
  roundedAssetOf,
  roundedLPTokens,
  roundedLPTokensOf,
  solveQuadraticEq,
} from '../../amm/amm-formulas'
import {
  type AmmEntry,
  ammHolds,
  ammLPHolds,
  lpAsset,
  readAmm,
  tradingFeeFor,
} from '../../amm/amm-pool'
import { divide } from '../../amounts/amount-arithmetic'
import { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { rippleStateIndex } from '../../state/keylets'
import type { ReadView } from '../../state/read-view'
import type { Sandbox } from '../../state/sandbox'
import { accountHolds, xrpLiquid } from '../../view/account-holds'
import { isFrozen, isIndividualFrozen } from '../../view/freeze'
import { refuse, type Verdict } from '../../view/refusal'
import { requireAuth } from '../../view/require-auth'
import { accountSend } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { initializeFeeAuctionVote } from './amm-account'
import {
  amountField,
  assetPair,
  AMM_FLAGS as F,
  flagsOf,
  invalidAmount,
  modeAmounts,
  popcount,
  sameIssue,
  TRADING_FEE_THRESHOLD,
} from './amm-fields'

// AMMDeposit, rippled src/xrpld/app/tx/detail/AMMDeposit.cpp with fixAMMv1_1 and fixAMMv1_3
// (docs/protocol.md §8.13): six modes, one flag each.
const SOURCE = 'AMMDeposit.cpp'

const DEPOSIT_MODES =
  F.LPToken | F.SingleAsset | F.TwoAsset | F.OneAssetLPToken | F.LimitLPToken | F.TwoAssetIfEmpty

const ONE = LedgerNumber.ONE
const TWO = LedgerNumber.from(2)

function preflight(tx: JsonObject): Verdict | null {
  const flags = flagsOf(tx)
  if (popcount(flags & DEPOSIT_MODES) !== 1) {
    return refuse('temMALFORMED', 'mode', 'exactly one deposit mode flag is needed', SOURCE)
  }
  const has = (field: string) => tx[field] !== undefined
  const [amount, amount2, ePrice, lpTokens, fee] = [
    has('Amount'),
    has('Amount2'),
    has('EPrice'),
    has('LPTokenOut'),
    has('TradingFee'),
  ]
  const wrong =
    flags & F.LPToken
      ? !lpTokens || ePrice || amount !== amount2 || fee
      : flags & F.SingleAsset
        ? !amount || amount2 || ePrice || fee
        : flags & F.TwoAsset
          ? !amount || !amount2 || ePrice || fee
          : flags & F.OneAssetLPToken
            ? !amount || !lpTokens || amount2 || ePrice || fee
            : flags & F.LimitLPToken
              ? !amount || !ePrice || lpTokens || amount2 || fee
              : !amount || !amount2 || ePrice || lpTokens
  if (wrong) {
    return refuse('temMALFORMED', 'mode-fields', 'the fields do not match the deposit mode', SOURCE)
  }
  const read = modeAmounts(tx, 'LPTokenOut')
  if (typeof read === 'string') return read
  const { pair, amount: a, amount2: a2, ePrice: e } = read
  if (a) {
    const bad = invalidAmount(a, pair, e !== undefined)
    if (bad) return bad
  }
  if (a2) {
    const bad = invalidAmount(a2, pair)
    if (bad) return bad
  }
  if (a && e) {
    const bad = invalidAmount(e, [a.asset, a.asset])
    if (bad) return bad
  }
  if (fee && Number(tx.TradingFee) > TRADING_FEE_THRESHOLD) return 'temBAD_FEE'
  return null
}

function preclaim(view: ReadView, tx: JsonObject, enabled: (name: string) => boolean) {
  const account = String(tx.Account)
  const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
  const amm = readAmm(view, pair[0], pair[1])
  if (!amm) return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
  const [balance, balance2, lpt] = ammHolds(view, amm, null, 'ignoreFreeze')
  const flags = flagsOf(tx)
  if (flags & F.TwoAssetIfEmpty) {
    if (!lpt.isZero()) {
      return refuse('tecAMM_NOT_EMPTY', 'not-empty', 'the AMM holds assets', SOURCE)
    }
    if (!balance.isZero() || !balance2.isZero()) return 'tecINTERNAL'
  } else {
    if (lpt.isZero()) return refuse('tecAMM_EMPTY', 'empty', 'the AMM is empty', SOURCE)
    if (balance.signum() <= 0 || balance2.signum() <= 0) return 'tecINTERNAL'
  }
  const lptAsset = lpAsset(amm)
  const funded = (deposit: LedgerAmount): string | null => {
    if (deposit.native) {
      const hasLine = view.read(rippleStateIndex(account, amm.Account, lptAsset.currency))
      if (xrpLiquid(view, account, hasLine ? 0 : 1).gte(deposit)) return null
      return hasLine ? 'tecUNFUNDED_AMM' : 'tecINSUF_RESERVE_LINE'
    }
    return account === deposit.asset.issuer ||
      accountHolds(view, account, deposit.asset, 'ignoreFreeze').gte(deposit)
      ? null
      : 'tecUNFUNDED_AMM'
  }
  if (enabled('AMMClawback')) {
    for (const asset of pair) {
      const auth = requireAuth(view, asset, account)
      if (auth) return auth
      if (isFrozen(view, account, asset)) {
        return refuse('tecFROZEN', 'frozen', `${asset.currency} is frozen for the sender`, SOURCE)
      }
    }
  }
  const check = (deposit: LedgerAmount | undefined, checkBalance: boolean) => {
    if (!deposit) return null
    const auth = requireAuth(view, deposit.asset, account)
    if (auth) return auth
    if (isFrozen(view, amm.Account, deposit.asset)) {
      return refuse(
        'tecFROZEN',
        'amm-frozen',
        `${deposit.asset.currency} is frozen for the AMM`,
        SOURCE,
      )
    }
    if (isIndividualFrozen(view, account, deposit.asset)) {
      return refuse(
        'tecFROZEN',
        'frozen',
        `${deposit.asset.currency} is frozen for the sender`,
        SOURCE,
      )
    }
    return checkBalance ? funded(deposit) : null
  }
  const [first, second] =
    flags & F.LPToken
      ? [check(balance, false), check(balance2, false)]
      : [check(amountField(tx, 'Amount'), true), check(amountField(tx, 'Amount2'), true)]
  if (first ?? second) return first ?? second
  const out = amountField(tx, 'LPTokenOut')
  if (out && !sameIssue(out, lpt)) return 'temBAD_AMM_TOKENS'
  if (ammLPHolds(view, amm, account).isZero() && xrpLiquid(view, account, 1).signum() <= 0) {
    const detail = 'the balance does not carry the reserve of the LP token line'
    return refuse('tecINSUF_RESERVE_LINE', 'reserve', detail, SOURCE)
  }
  return null
}

/** What a deposit moves: the assets in, the LP tokens out. */
interface DepositPlan {
  amount: LedgerAmount
  amount2?: LedgerAmount
  tokens: LedgerAmount
  mins?: { amount?: LedgerAmount; amount2?: LedgerAmount; tokens?: LedgerAmount }
}

// AMMDeposit::deposit: checks the minimums and the funds, moves the assets (transfer fee waived)
// and mints the LP tokens; returns the new LP balance or a result.
function deposit(
  view: Sandbox,
  account: string,
  ammAccount: string,
  lpt: LedgerAmount,
  plan: DepositPlan,
): LedgerAmount | Verdict {
  const { amount, amount2, tokens, mins } = plan
  if (tokens.signum() <= 0) return 'tecAMM_INVALID_TOKENS'
  if (
    (mins?.amount && amount.lt(mins.amount)) ||
    (mins?.amount2 && amount2?.lt(mins.amount2)) ||
    (mins?.tokens && tokens.lt(mins.tokens))
  ) {
    return refuse('tecAMM_FAILED', 'minimum', 'the deposit is below a minimum asked', SOURCE)
  }
  const checkBalance = (wanted: LedgerAmount): string | null => {
    if (wanted.signum() <= 0) return 'temBAD_AMOUNT'
    if (wanted.native) {
      const hasLine = view.read(rippleStateIndex(account, ammAccount, tokens.asset.currency))
      return xrpLiquid(view, account, hasLine ? 0 : 1).gte(wanted) ? null : 'tecUNFUNDED_AMM'
    }
    return account === wanted.asset.issuer ||
      accountHolds(view, account, wanted.asset, 'ignoreFreeze').gte(wanted)
      ? null
      : 'tecUNFUNDED_AMM'
  }
  for (const wanted of amount2 ? [amount, amount2] : [amount]) {
    const short = checkBalance(wanted)
    if (short) return short
    const sent = accountSend(view, account, ammAccount, wanted, true)
    if (sent !== 'tesSUCCESS') return sent
  }
  const minted = accountSend(view, ammAccount, account, tokens)
  if (minted !== 'tesSUCCESS') return minted
  return lpt.plus(tokens)
}

export const ammDepositRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: DEPOSIT_MODES,
  preflight,
  preclaim: (view, tx, context) => preclaim(view, tx, (name) => context.enabled(name)),
  doApply({ view, tx, account }) {
    const sender = account.Account
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const amm = view.peek(found.index) as AmmEntry
    const amount = amountField(tx, 'Amount')
    const amount2 = amountField(tx, 'Amount2')
    const ePrice = amountField(tx, 'EPrice')
    const lpOut = amountField(tx, 'LPTokenOut')
    const [balance, balance2, lpt] = ammHolds(view, amm, amount?.asset ?? null, 'zeroIfFrozen')
    const tfee = lpt.isZero() ? Number(tx.TradingFee ?? 0) : tradingFeeFor(view, amm, sender)
    const flags = flagsOf(tx)
    const plan = planDeposit(flags, {
      balance,
      balance2,
      lpt,
      amount,
      amount2,
      ePrice,
      lpOut,
      tfee,
    })
    if (!('tokens' in plan)) return plan.refusal
    const result = deposit(view, sender, amm.Account, lpt, plan)
    if (!(result instanceof LedgerAmount)) return result
    const updated = view.peek(amm.index) as AmmEntry
    updated.LPTokenBalance = { ...updated.LPTokenBalance, value: result.text() }
    // A deposit into an empty AMM gives the depositor the vote and the auction slot.
    if (lpt.isZero()) initializeFeeAuctionVote(view, updated, sender, lpAsset(updated), tfee)
    view.update(updated)
    return 'tesSUCCESS'
  },
}

/** What a deposit is computed from. */
export interface DepositInput {
  balance: LedgerAmount
  balance2: LedgerAmount
  lpt: LedgerAmount
  amount?: LedgerAmount
  amount2?: LedgerAmount
  ePrice?: LedgerAmount
  lpOut?: LedgerAmount
  tfee: number
}

/**
 * The assets and LP tokens of a deposit in the mode `flags` names (AMMDeposit.cpp
 * `equalDepositTokens`, `equalDepositLimit`, `singleDeposit`, `singleDepositTokens`,
 * `singleDepositEPrice`, `equalDepositInEmptyState`), or the refusal.
 *
 * @example
 * ```ts
 * planDeposit(AMM_FLAGS.SingleAsset, { balance, balance2, lpt, amount: usd('100'), tfee: 1000 }).tokens
 * ```
 */
export function planDeposit(
  flags: number,
  input: DepositInput,
): DepositPlan | { refusal: Verdict } {
  const { balance, balance2, lpt, amount, amount2, ePrice, lpOut, tfee } = input
  const fail = (result: string, detail: string) => ({
    refusal: refuse(result, 'deposit', detail, SOURCE),
  })
  if (flags & F.TwoAsset && amount && amount2) {
    const limited = (a: LedgerAmount, aBalance: LedgerAmount, bBalance: LedgerAmount) => {
      let frac = a.toNumber().div(aBalance.toNumber())
      const tokens = roundedLPTokens(lpt, frac, 'deposit')
      if (tokens.isZero()) return null
      frac = tokens.toNumber().div(lpt.toNumber())
      return { tokens, other: roundedAsset(bBalance, frac, 'deposit') }
    }
    const first = limited(amount, balance, balance2)
    if (!first) return fail('tecAMM_INVALID_TOKENS', 'the deposit mints no LP tokens')
    if (first.other.lte(amount2)) {
      return { amount, amount2: first.other, tokens: first.tokens, mins: { tokens: lpOut } }
    }
    const second = limited(amount2, balance2, balance)
    if (!second) return fail('tecAMM_INVALID_TOKENS', 'the deposit mints no LP tokens')
    if (second.other.lte(amount)) {
      return { amount: second.other, amount2, tokens: second.tokens, mins: { tokens: lpOut } }
    }
    return fail('tecAMM_FAILED', 'neither amount limits a proportional deposit')
  }
  if (flags & F.OneAssetLPToken && amount && lpOut) {
    const tokens = adjustLPTokens(lpt, lpOut, 'deposit')
    if (tokens.isZero()) return fail('tecAMM_INVALID_TOKENS', 'the deposit mints no LP tokens')
    const needed = ammAssetIn(balance, lpt, tokens, tfee)
    if (needed.gt(amount)) {
      return fail('tecAMM_FAILED', `${needed.text()} is needed, more than Amount ${amount.text()}`)
    }
    return { amount: needed, tokens }
  }
  if (flags & F.LimitLPToken && amount && ePrice) {
    if (!amount.isZero()) {
      const tokens = adjustLPTokens(lpt, lpTokensOut(balance, amount, lpt, tfee), 'deposit')
      if (tokens.signum() <= 0)
        return fail('tecAMM_INVALID_TOKENS', 'the deposit mints no LP tokens')
      const adjusted = adjustAssetByTokens('deposit', balance, amount, lpt, tokens, tfee)
      if (adjusted.tokens.isZero()) return fail('tecAMM_INVALID_TOKENS', 'no LP tokens')
      const ep = adjusted.amount.toNumber().div(adjusted.tokens.toNumber())
      if (ep.lte(ePrice.toNumber())) return { amount: adjusted.amount, tokens: adjusted.tokens }
    }
    const f1 = feeMult(tfee)
    const f2 = feeMultHalf(tfee).div(f1)
    const c = f1.times(balance.toNumber()).div(ePrice.toNumber().times(lpt.toNumber()))
    const d = f1.plus(c.times(f2)).minus(c)
    const a1 = c.times(c)
    const b1 = c.times(c).times(f2).times(f2).plus(TWO.times(c)).minus(d.times(d))
    const c1 = TWO.times(c).times(f2).times(f2).plus(ONE).minus(TWO.times(d).times(f2))
    const deposited = roundedAssetOf(
      balance,
      () => f1.times(solveQuadraticEq(a1, b1, c1)),
      'deposit',
    )
    if (deposited.signum() <= 0) return fail('tecAMM_FAILED', 'the effective price gives nothing')
    const tokens = roundedLPTokensOf(
      lpt,
      () => deposited.toNumber().div(ePrice.toNumber()),
      'deposit',
    )
    const adjusted = adjustAssetByTokens('deposit', balance, deposited, lpt, tokens, tfee)
    if (adjusted.tokens.isZero()) return fail('tecAMM_INVALID_TOKENS', 'no LP tokens')
    return { amount: adjusted.amount, tokens: adjusted.tokens }
  }
  if (flags & F.SingleAsset && amount) {
    const tokens = adjustLPTokens(lpt, lpTokensOut(balance, amount, lpt, tfee), 'deposit')
    if (tokens.isZero()) return fail('tecAMM_INVALID_TOKENS', 'the deposit mints no LP tokens')
    const adjusted = adjustAssetByTokens('deposit', balance, amount, lpt, tokens, tfee)
    if (adjusted.tokens.isZero()) return fail('tecAMM_INVALID_TOKENS', 'no LP tokens')
    return { amount: adjusted.amount, tokens: adjusted.tokens, mins: { tokens: lpOut } }
  }
  if (flags & F.LPToken && lpOut) {
    // AMMDeposit::equalDepositTokens answers an exception (an amount out of range) tecINTERNAL.
    try {
      return equalDepositTokens(balance, balance2, lpt, lpOut, amount, amount2)
    } catch (error) {
      if (error instanceof RangeError) return fail('tecINTERNAL', error.message)
      throw error
    }
  }
  if (flags & F.TwoAssetIfEmpty && amount && amount2) {
    return { amount, amount2, tokens: ammLPTokens(amount, amount2, lpt.asset) }
  }
  return { refusal: 'tecINTERNAL' }
}

// AMMDeposit.cpp `equalDepositTokens`: both assets in proportion to the LP tokens asked, rounded up.
function equalDepositTokens(
  balance: LedgerAmount,
  balance2: LedgerAmount,
  lpt: LedgerAmount,
  lpOut: LedgerAmount,
  amount: LedgerAmount | undefined,
  amount2: LedgerAmount | undefined,
): DepositPlan | { refusal: Verdict } {
  const tokens = adjustLPTokens(lpt, lpOut, 'deposit')
  if (tokens.isZero())
    return {
      refusal: refuse('tecAMM_INVALID_TOKENS', 'deposit', 'the deposit mints no LP tokens', SOURCE),
    }
  // STAmount's own division (`divide(tokens, lpt, issue)`), then a Number.
  const frac = divide(tokens, lpt, lpt.asset).toNumber()
  return {
    amount: roundedAsset(balance, frac, 'deposit'),
    amount2: roundedAsset(balance2, frac, 'deposit'),
    tokens,
    mins: { amount, amount2 },
  }
}
