import {
  adjustAssetByTokens,
  adjustLPTokens,
  ammAssetOut,
  getFee,
  lpTokensIn,
  roundedAsset,
  roundedAssetOf,
  roundedLPTokens,
  roundedLPTokensOf,
} from '../../amm/amm-formulas'
import {
  type AmmEntry,
  ammHolds,
  ammLPHolds,
  lpBalance,
  readAmm,
  tradingFeeFor,
} from '../../amm/amm-pool'
import { divide } from '../../amounts/amount-arithmetic'
import { LedgerAmount, RATE_ASSET } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { balanceOf, readAccount, reserveFor } from '../../state/account-root'
import { directoryEntries } from '../../state/directory'
import { ownerDirIndex, rippleStateIndex } from '../../state/keylets'
import type { ReadView } from '../../state/read-view'
import type { Sandbox } from '../../state/sandbox'
import type { FreezeHandling } from '../../view/account-holds'
import { isFrozen, isIndividualFrozen } from '../../view/freeze'
import { refuse, type Verdict } from '../../view/refusal'
import { requireAuth } from '../../view/require-auth'
import { accountSend, rippleCredit } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { deleteAmmAccount } from './amm-account'
import {
  amountField,
  assetPair,
  AMM_FLAGS as F,
  flagsOf,
  invalidAmount,
  modeAmounts,
  popcount,
  sameIssue,
} from './amm-fields'

// AMMWithdraw, rippled src/xrpld/app/tx/detail/AMMWithdraw.cpp with fixAMMv1_1, fixAMMv1_2 and
// fixAMMv1_3 (docs/protocol.md §8.13): seven modes, one flag each.
const SOURCE = 'AMMWithdraw.cpp'

const WITHDRAW_MODES =
  F.LPToken |
  F.WithdrawAll |
  F.OneAssetWithdrawAll |
  F.SingleAsset |
  F.TwoAsset |
  F.OneAssetLPToken |
  F.LimitLPToken

const TWO = LedgerNumber.from(2)

function preflight(tx: JsonObject): Verdict | null {
  const flags = flagsOf(tx)
  if (popcount(flags & WITHDRAW_MODES) !== 1) {
    return refuse('temMALFORMED', 'mode', 'exactly one withdrawal mode flag is needed', SOURCE)
  }
  const has = (field: string) => tx[field] !== undefined
  const [amount, amount2, ePrice, lpTokens] = [
    has('Amount'),
    has('Amount2'),
    has('EPrice'),
    has('LPTokenIn'),
  ]
  const wrong =
    flags & F.LPToken
      ? !lpTokens || amount || amount2 || ePrice
      : flags & F.WithdrawAll
        ? lpTokens || amount || amount2 || ePrice
        : flags & (F.OneAssetWithdrawAll | F.SingleAsset)
          ? !amount || lpTokens || amount2 || ePrice
          : flags & F.TwoAsset
            ? !amount || !amount2 || lpTokens || ePrice
            : flags & F.OneAssetLPToken
              ? !amount || !lpTokens || amount2 || ePrice
              : !amount || !ePrice || lpTokens || amount2
  if (wrong) {
    return refuse(
      'temMALFORMED',
      'mode-fields',
      'the fields do not match the withdrawal mode',
      SOURCE,
    )
  }
  const read = modeAmounts(tx, 'LPTokenIn')
  if (typeof read === 'string') return read
  const { pair, amount: a, amount2: a2, ePrice: e } = read
  if (a) {
    const zeroOk = (flags & (F.OneAssetWithdrawAll | F.OneAssetLPToken)) !== 0 || e !== undefined
    const bad = invalidAmount(a, pair, zeroOk)
    if (bad) return bad
  }
  if (a2) {
    const bad = invalidAmount(a2, pair)
    if (bad) return bad
  }
  if (e) {
    const bad = invalidAmount(e)
    if (bad) return bad
  }
  return null
}

// The LP tokens a withdrawal redeems: all the sender holds for the WithdrawAll modes.
const tokensWithdraw = (held: LedgerAmount, tokensIn: LedgerAmount | undefined, flags: number) =>
  flags & (F.WithdrawAll | F.OneAssetWithdrawAll) ? held : tokensIn

function preclaim(view: ReadView, tx: JsonObject): Verdict | null {
  const account = String(tx.Account)
  const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
  const amm = readAmm(view, pair[0], pair[1])
  if (!amm) return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
  const amount = amountField(tx, 'Amount')
  const amount2 = amountField(tx, 'Amount2')
  const [balance, balance2, lpt] = ammHolds(view, amm, amount?.asset ?? null, 'ignoreFreeze')
  if (lpt.isZero()) return refuse('tecAMM_EMPTY', 'empty', 'the AMM is empty', SOURCE)
  if (balance.signum() <= 0 || balance2.signum() <= 0) return 'tecINTERNAL'
  const check = (wanted: LedgerAmount | undefined, pool: LedgerAmount): Verdict | null => {
    if (!wanted) return null
    if (wanted.gt(pool)) {
      const detail = `${wanted.text()} is more than the pool's ${pool.text()}`
      return refuse('tecAMM_BALANCE', 'pool-balance', detail, SOURCE)
    }
    const auth = requireAuth(view, wanted.asset, account)
    if (auth) return auth
    if (isFrozen(view, amm.Account, wanted.asset)) {
      return refuse(
        'tecFROZEN',
        'amm-frozen',
        `${wanted.asset.currency} is frozen for the AMM`,
        SOURCE,
      )
    }
    if (isIndividualFrozen(view, account, wanted.asset)) {
      return refuse(
        'tecFROZEN',
        'frozen',
        `${wanted.asset.currency} is frozen for the sender`,
        SOURCE,
      )
    }
    return null
  }
  const first = check(amount, balance) ?? check(amount2, balance2)
  if (first) return first
  const held = ammLPHolds(view, amm, account)
  const flags = flagsOf(tx)
  const withdrawn = tokensWithdraw(held, amountField(tx, 'LPTokenIn'), flags)
  if (held.signum() <= 0) {
    return refuse('tecAMM_BALANCE', 'no-lp-tokens', 'the sender holds no LP tokens', SOURCE)
  }
  if (withdrawn && !sameIssue(withdrawn, held)) return 'temBAD_AMM_TOKENS'
  if (withdrawn?.gt(held)) {
    const detail = `LPTokenIn ${withdrawn.text()} is more than the ${held.text()} held`
    return refuse('tecAMM_INVALID_TOKENS', 'lp-tokens', detail, SOURCE)
  }
  const ePrice = amountField(tx, 'EPrice')
  if (ePrice && !sameIssue(ePrice, held)) return 'temBAD_AMM_TOKENS'
  if (flags & (F.LPToken | F.WithdrawAll))
    return check(balance, balance) ?? check(balance2, balance2)
  return null
}

/** What {@link withdrawFromPool} is asked to take out of a pool. */
export interface WithdrawRequest {
  amm: Readonly<AmmEntry>
  /** Who receives the assets and redeems the LP tokens. */
  account: string
  amount: LedgerAmount
  amount2?: LedgerAmount
  lpt: LedgerAmount
  tokens: LedgerAmount
  freeze: FreezeHandling
  /** A WithdrawAll mode: the amounts are taken as they are. */
  withdrawAll: boolean
  /** The account's balance before the fee (rippled `mPriorBalance`). */
  priorBalance: bigint
}

/**
 * Moves a withdrawal (AMMWithdraw.cpp `withdraw`, shared with AMMClawback.cpp): refuses LP tokens
 * not held (`tecAMM_INVALID_TOKENS`), taking one whole side or more than the pool
 * (`tecAMM_BALANCE`), a new trust line the account cannot reserve (fixAMMv1_2); sends the assets
 * (transfer fee waived) and redeems the LP tokens. Returns the LP balance left, or the refusal.
 */
export function withdrawFromPool(view: Sandbox, request: WithdrawRequest): LedgerAmount | Verdict {
  const { amm, account, amount, amount2, lpt, tokens } = request
  const held = ammLPHolds(view, amm, account)
  const [current, current2] = ammHolds(view, amm, amount.asset, request.freeze)
  if (tokens.signum() <= 0 || tokens.gt(held)) {
    const detail = `${tokens.text()} LP tokens are not held (${held.text()})`
    return refuse('tecAMM_INVALID_TOKENS', 'lp-tokens', detail, SOURCE)
  }
  if (tokens.gt(lpt)) return 'tecINTERNAL'
  const all = amount.eq(current)
  const all2 = amount2?.eq(current2)
  if ((all && !all2) || (all2 && !all)) {
    return refuse(
      'tecAMM_BALANCE',
      'one-side',
      'the withdrawal would empty one side of the pool',
      SOURCE,
    )
  }
  if (tokens.eq(lpt) && (!all || !all2)) {
    return refuse(
      'tecAMM_BALANCE',
      'all-tokens',
      'all LP tokens must take all of both assets',
      SOURCE,
    )
  }
  if (amount.gt(current) || amount2?.gt(current2)) {
    return refuse(
      'tecAMM_BALANCE',
      'pool-balance',
      "the withdrawal is more than the pool's",
      SOURCE,
    )
  }
  for (const out of amount2 ? [amount, amount2] : [amount]) {
    const short = reserveShort(view, account, out, request.priorBalance)
    if (short) return short
    const sent = accountSend(view, amm.Account, account, out, true)
    if (sent !== 'tesSUCCESS') return sent
  }
  const redeemed = rippleCredit(view, account, amm.Account, tokens)
  if (redeemed !== 'tesSUCCESS') return redeemed
  return lpt.minus(tokens)
}

// fixAMMv1_2: a new trust line for the asset needs its reserve once the account owns two objects
// (AMMWithdraw.cpp `sufficientReserve`, as SetTrust.cpp).
function reserveShort(view: ReadView, account: string, out: LedgerAmount, prior: bigint) {
  if (out.native) return null
  if (view.read(rippleStateIndex(account, out.asset.issuer as string, out.asset.currency)))
    return null
  const root = readAccount(view, account)
  if (!root || root.OwnerCount < 2) return null
  const reserve = reserveFor(view.fees, root.OwnerCount + 1)
  const balance = balanceOf(root)
  if ((prior > balance ? prior : balance) >= reserve) return null
  const detail = `the balance does not carry the reserve of ${reserve} drops for a new trust line`
  return refuse('tecINSUFFICIENT_RESERVE', 'reserve', detail, SOURCE)
}

/**
 * Sets the AMM's LP balance left after a withdrawal, deleting the AMM when none is left
 * (AMMWithdraw.cpp `deleteAMMAccountIfEmpty`; more than 512 lines left keep it, empty).
 */
export function settleLPBalance(
  view: Sandbox,
  amm: Readonly<AmmEntry>,
  left: LedgerAmount,
): string {
  const entry = view.peek(amm.index) as AmmEntry
  if (left.isZero()) {
    const deleted = deleteAmmAccount(view, entry)
    if (deleted === 'tesSUCCESS') return deleted
    if (deleted !== 'tecINCOMPLETE') return deleted
  }
  entry.LPTokenBalance = { ...entry.LPTokenBalance, value: left.text() }
  view.update(entry)
  return 'tesSUCCESS'
}

// fixAMMv1_1: the sole LP's line balance replaces LPTokenBalance when within 0.1 %
// (AMMUtils.cpp `verifyAndAdjustLPTokenBalance`, `isOnlyLiquidityProvider`).
function adjustSoleLP(
  view: Sandbox,
  amm: AmmEntry,
  held: LedgerAmount,
  account: string,
): Verdict | null {
  const currency = amm.LPTokenBalance.currency
  let lines = 0
  let own = false
  for (const { index } of directoryEntries(view, ownerDirIndex(amm.Account))) {
    const entry = view.read(index)
    if (entry?.LedgerEntryType !== 'RippleState') continue
    const low = entry.LowLimit as { currency: string; issuer: string }
    const high = entry.HighLimit as { issuer: string }
    if (low.currency !== currency) continue
    lines += 1
    if (low.issuer === account || high.issuer === account) own = true
  }
  if (lines !== 1 || !own) return null
  const balance = lpBalance(amm)
  const [min, max] = held.lt(balance) ? [held, balance] : [balance, held]
  const close =
    min.eq(max) ||
    max.toNumber().minus(min.toNumber()).div(max.toNumber()).lt(LedgerNumber.from('0.001'))
  if (!close) {
    const detail = `the sole LP's ${held.text()} tokens are far from the AMM's ${balance.text()}`
    return refuse('tecAMM_INVALID_TOKENS', 'sole-lp', detail, SOURCE)
  }
  amm.LPTokenBalance = { ...amm.LPTokenBalance, value: held.text() }
  view.update(amm)
  return null
}

export const ammWithdrawRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: WITHDRAW_MODES,
  preflight,
  preclaim: (view, tx) => preclaim(view, tx),
  doApply({ view, tx, account, priorBalance }) {
    const sender = account.Account
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const amm = view.peek(found.index) as AmmEntry
    const flags = flagsOf(tx)
    const held = ammLPHolds(view, amm, sender)
    const tokensIn = tokensWithdraw(held, amountField(tx, 'LPTokenIn'), flags)
    const adjusted = adjustSoleLP(view, amm, held, sender)
    if (adjusted) return adjusted
    const tfee = tradingFeeFor(view, amm, sender)
    const amount = amountField(tx, 'Amount')
    const amount2 = amountField(tx, 'Amount2')
    const current = view.read(amm.index) as AmmEntry
    const [balance, balance2, lpt] = ammHolds(view, current, amount?.asset ?? null, 'zeroIfFrozen')
    const withdrawAll = (flags & (F.WithdrawAll | F.OneAssetWithdrawAll)) !== 0
    const request = (out: LedgerAmount, out2: LedgerAmount | undefined, tokens: LedgerAmount) =>
      withdrawFromPool(view, {
        amm: current,
        account: sender,
        amount: out,
        amount2: out2,
        lpt,
        tokens,
        freeze: 'zeroIfFrozen',
        withdrawAll,
        priorBalance,
      })
    const tokensAdjusted = (tokens: LedgerAmount) =>
      withdrawAll ? tokens : adjustLPTokens(lpt, tokens, 'withdraw')
    const fail = (result: string, detail: string) => refuse(result, 'withdraw', detail, SOURCE)
    const noTokens = () => fail('tecAMM_INVALID_TOKENS', 'the withdrawal redeems no LP tokens')
    const result = ((): LedgerAmount | Verdict => {
      if (flags & F.TwoAsset && amount && amount2) {
        let frac = amount.toNumber().div(balance.toNumber())
        let tokens = roundedLPTokens(lpt, frac, 'withdraw')
        if (tokens.isZero()) return noTokens()
        frac = tokens.toNumber().div(lpt.toNumber())
        const out2 = roundedAsset(balance2, frac, 'withdraw')
        if (out2.lte(amount2)) return request(amount, out2, tokens)
        frac = amount2.toNumber().div(balance2.toNumber())
        tokens = roundedLPTokens(lpt, frac, 'withdraw')
        if (tokens.isZero()) return noTokens()
        frac = tokens.toNumber().div(lpt.toNumber())
        const out = roundedAsset(balance, frac, 'withdraw')
        if (out.gt(amount)) return fail('tecAMM_FAILED', 'neither amount limits the withdrawal')
        return request(out, amount2, tokens)
      }
      if (flags & (F.OneAssetLPToken | F.OneAssetWithdrawAll) && amount && tokensIn) {
        const tokens = tokensAdjusted(tokensIn)
        if (tokens.isZero()) return noTokens()
        const out = ammAssetOut(balance, lpt, tokens, tfee)
        if (!amount.isZero() && out.lt(amount)) {
          return fail(
            'tecAMM_FAILED',
            `${out.text()} is less than the Amount ${amount.text()} asked`,
          )
        }
        return request(out, undefined, tokens)
      }
      if (flags & F.LimitLPToken && amount) {
        const ePrice = amountField(tx, 'EPrice') as LedgerAmount
        const ae = balance.toNumber().times(ePrice.toNumber())
        const f = getFee(tfee)
        const T = lpt.toNumber()
        const denominator = T.times(f).minus(ae)
        if (denominator.isZero())
          return fail('tecAMM_FAILED', 'the effective price has no solution')
        const product = () => T.plus(ae.times(f.minus(TWO))).div(denominator)
        const tokens = roundedLPTokensOf(lpt, product, 'withdraw')
        if (tokens.signum() <= 0) return noTokens()
        const out = roundedAssetOf(
          amount,
          () => tokens.toNumber().div(ePrice.toNumber()),
          'withdraw',
        )
        if (!amount.isZero() && out.lt(amount)) {
          return fail(
            'tecAMM_FAILED',
            `${out.text()} is less than the Amount ${amount.text()} asked`,
          )
        }
        return request(out, undefined, tokens)
      }
      if (flags & F.SingleAsset && amount) {
        const tokens = tokensAdjusted(lpTokensIn(balance, amount, lpt, tfee))
        if (tokens.isZero()) return noTokens()
        const adjustedOut = adjustAssetByTokens('withdraw', balance, amount, lpt, tokens, tfee)
        if (adjustedOut.tokens.isZero()) return noTokens()
        return request(adjustedOut.amount, undefined, adjustedOut.tokens)
      }
      if (flags & (F.LPToken | F.WithdrawAll) && tokensIn) {
        // AMMWithdraw::equalWithdrawTokens answers an exception tecINTERNAL.
        try {
          return equalWithdraw(balance, balance2, lpt, tokensIn, withdrawAll, request)
        } catch (error) {
          if (error instanceof RangeError) return fail('tecINTERNAL', error.message)
          throw error
        }
      }
      return 'tecINTERNAL'
    })()
    if (!(result instanceof LedgerAmount)) return result
    return settleLPBalance(view, current, result)
  },
}

/**
 * A proportional withdrawal of `tokensIn` (AMMWithdraw.cpp `equalWithdrawTokens`): all the LP
 * tokens take both whole balances; else each asset's share, rounded down; a share of zero is
 * `tecAMM_FAILED`.
 */
export function equalWithdraw(
  balance: LedgerAmount,
  balance2: LedgerAmount,
  lpt: LedgerAmount,
  tokensIn: LedgerAmount,
  withdrawAll: boolean,
  request: (out: LedgerAmount, out2: LedgerAmount, tokens: LedgerAmount) => LedgerAmount | Verdict,
): LedgerAmount | Verdict {
  if (tokensIn.eq(lpt)) return request(balance, balance2, tokensIn)
  const tokens = withdrawAll ? tokensIn : adjustLPTokens(lpt, tokensIn, 'withdraw')
  if (tokens.isZero()) {
    return refuse(
      'tecAMM_INVALID_TOKENS',
      'withdraw',
      'the withdrawal redeems no LP tokens',
      SOURCE,
    )
  }
  const frac = divide(tokens, lpt, RATE_ASSET).toNumber()
  const out = roundedAsset(balance, frac, 'withdraw')
  const out2 = roundedAsset(balance2, frac, 'withdraw')
  if (out.isZero() || out2.isZero()) {
    const detail = 'so few LP tokens would take one asset only'
    return refuse('tecAMM_FAILED', 'withdraw', detail, SOURCE)
  }
  return request(out, out2, tokens)
}
