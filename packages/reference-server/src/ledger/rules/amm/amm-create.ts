import { ammLPTokens } from '../../amm/amm-formulas'
import { ammAssetOrder, ammIdOf, ammLPTCurrency } from '../../amm/amm-identifiers'
import { type AmmEntry, issueJson } from '../../amm/amm-pool'
import type { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { LSF, type RippleState } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { accountHolds, xrpLiquid } from '../../view/account-holds'
import { isFrozen } from '../../view/freeze'
import { refuse } from '../../view/refusal'
import { requireAuth } from '../../view/require-auth'
import { accountSend } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { createPseudoAccount, initializeFeeAuctionVote, linkAmm } from './amm-account'
import { amountField, invalidAmount, sameIssue, TRADING_FEE_THRESHOLD } from './amm-fields'

// AMMCreate, rippled src/xrpld/app/tx/detail/AMMCreate.cpp (docs/protocol.md §8.13).
const SOURCE = 'AMMCreate.cpp'

const amounts = (tx: JsonObject) =>
  [amountField(tx, 'Amount') as LedgerAmount, amountField(tx, 'Amount2') as LedgerAmount] as const

/** LSF `lsfAMMNode`: set on the pool's asset trust lines (LedgerFormats.h). */
export const LSF_AMM_NODE = 0x01000000

export const ammCreateRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: 0,
  required: ['Amount', 'Amount2', 'TradingFee'],
  // The fee is one owner reserve (AMMCreate::calculateBaseFee, `calculateOwnerReserveFee`).
  fee: (_tx, fees) => fees.increment,
  preflight(tx) {
    const amount = amountField(tx, 'Amount')
    const amount2 = amountField(tx, 'Amount2')
    if (!amount || !amount2) return 'temBAD_AMOUNT'
    if (sameIssue(amount, amount2)) {
      return refuse(
        'temBAD_AMM_TOKENS',
        'same-asset',
        'Amount and Amount2 are the same asset',
        SOURCE,
      )
    }
    const bad = invalidAmount(amount) ?? invalidAmount(amount2)
    if (bad) return bad
    const fee = Number(tx.TradingFee)
    if (!Number.isInteger(fee) || fee < 0 || fee > TRADING_FEE_THRESHOLD) {
      const detail = `TradingFee ${tx.TradingFee} is above ${TRADING_FEE_THRESHOLD} (1 %)`
      return refuse('temBAD_FEE', 'trading-fee', detail, SOURCE)
    }
    return null
  },
  preclaim(view, tx, context) {
    const account = String(tx.Account)
    const [amount, amount2] = amounts(tx)
    if (view.read(ammIdOf(amount.asset, amount2.asset))) {
      return refuse('tecDUPLICATE', 'amm-exists', 'an AMM for these two assets exists', SOURCE)
    }
    const auth =
      requireAuth(view, amount.asset, account) ?? requireAuth(view, amount2.asset, account)
    if (auth) return auth
    if (isFrozen(view, account, amount.asset) || isFrozen(view, account, amount2.asset)) {
      return refuse('tecFROZEN', 'frozen', 'one of the assets is frozen for the sender', SOURCE)
    }
    for (const { asset } of [amount, amount2]) {
      if (asset.issuer === null) continue
      const issuer = readAccount(view, asset.issuer)
      if (issuer && (issuer.Flags & LSF.AccountRoot.DefaultRipple) === 0) {
        const detail = `the issuer ${asset.issuer} of ${asset.currency} has not set DefaultRipple`
        return refuse('terNO_RIPPLE', 'no-default-ripple', detail, SOURCE)
      }
    }
    // The LP token's line needs one more reserve.
    const liquid = xrpLiquid(view, account, 1)
    if (liquid.signum() <= 0) {
      const detail = 'the balance does not carry the reserve of one more trust line'
      return refuse('tecINSUF_RESERVE_LINE', 'reserve', detail, SOURCE)
    }
    const short = (wanted: LedgerAmount) =>
      wanted.native
        ? liquid.mantissa < wanted.mantissa
        : account !== wanted.asset.issuer &&
          accountHolds(view, account, wanted.asset, 'zeroIfFrozen').lt(wanted)
    if (short(amount) || short(amount2)) {
      const detail = `the sender cannot fund ${amount.text()} and ${amount2.text()}`
      return refuse('tecUNFUNDED_AMM', 'unfunded', detail, SOURCE)
    }
    const isLPToken = (asset: LedgerAsset) =>
      asset.issuer !== null && readAccount(view, asset.issuer)?.AMMID !== undefined
    if (isLPToken(amount.asset) || isLPToken(amount2.asset)) {
      return refuse('tecAMM_INVALID_TOKENS', 'lp-token', "an asset is an AMM's LP token", SOURCE)
    }
    if (context.enabled('AMMClawback')) return null
    return clawbackRefusal(view, amount.asset) ?? clawbackRefusal(view, amount2.asset)
  },
  doApply({ view, tx, account }) {
    const [amount, amount2] = amounts(tx)
    const id = ammIdOf(amount.asset, amount2.asset)
    const pseudo = createPseudoAccount(view, id)
    if (!pseudo) return 'tecDUPLICATE'
    const ammAccount = pseudo.Account
    const lpt = { currency: ammLPTCurrency(amount.asset, amount2.asset), issuer: ammAccount }
    if (view.read(rippleStateIndex(ammAccount, ammAccount, lpt.currency))) return 'tecDUPLICATE'
    const lpTokens = ammLPTokens(amount, amount2, lpt)
    const [first, second] = ammAssetOrder(amount.asset, amount2.asset)
    const amm: AmmEntry = {
      LedgerEntryType: 'AMM',
      Flags: 0,
      Account: ammAccount,
      Asset: issueJson(first),
      Asset2: issueJson(second),
      LPTokenBalance: { ...lpt, value: lpTokens.text() },
      index: id,
    }
    initializeFeeAuctionVote(view, amm, account.Account, lpt, Number(tx.TradingFee))
    const linked = linkAmm(view, amm)
    if (linked !== 'tesSUCCESS') return linked
    const sent = accountSend(view, ammAccount, account.Account, lpTokens)
    if (sent !== 'tesSUCCESS') return sent
    for (const deposit of [amount, amount2]) {
      const moved = accountSend(view, account.Account, ammAccount, deposit, true)
      if (moved !== 'tesSUCCESS') return moved
      if (deposit.native) continue
      // The pool's asset lines carry lsfAMMNode (AMMCreate.cpp `sendAndTrustSet`).
      const index = rippleStateIndex(
        ammAccount,
        deposit.asset.issuer as string,
        deposit.asset.currency,
      )
      const line = view.peek(index) as RippleState | undefined
      if (!line) return 'tecINTERNAL'
      line.Flags = (line.Flags | LSF_AMM_NODE) >>> 0
      view.update(line)
    }
    return 'tesSUCCESS'
  },
}

// Without AMMClawback, an issuer that may claw back cannot be in a pool (AMMCreate.cpp).
function clawbackRefusal(view: ReadView, asset: LedgerAsset) {
  if (asset.issuer === null) return null
  const issuer = readAccount(view, asset.issuer)
  if (!issuer) return 'tecINTERNAL'
  if ((issuer.Flags & LSF.AccountRoot.AllowTrustLineClawback) === 0) return null
  const detail = `the issuer ${asset.issuer} may claw back ${asset.currency}`
  return refuse('tecNO_PERMISSION', 'clawback-issuer', detail, SOURCE)
}
