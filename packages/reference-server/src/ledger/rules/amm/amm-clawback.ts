import { toAmount } from '../../amm/amm-formulas'
import { type AmmEntry, ammHolds, ammLPHolds, readAmm } from '../../amm/amm-pool'
import { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { readAccount } from '../../state/account-root'
import { LSF } from '../../state/ledger-object'
import { refuse, type Verdict } from '../../view/refusal'
import { rippleCredit } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { amountField, assetPair, flagsOf, TF_CLAW_TWO_ASSETS } from './amm-fields'
import { equalWithdraw, settleLPBalance, withdrawFromPool } from './amm-withdraw'

// AMMClawback, rippled src/xrpld/app/tx/detail/AMMClawback.cpp (docs/protocol.md §8.13): an
// issuer withdraws a holder's share of a pool and claws back its own asset. Without
// fixAMMClawbackRounding (not enabled on mainnet).
const SOURCE = 'AMMClawback.cpp'

export const ammClawbackRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMMClawback',
  flags: TF_CLAW_TWO_ASSETS,
  required: ['Holder'],
  preflight(tx) {
    const issuer = String(tx.Account)
    if (issuer === tx.Holder) {
      return refuse('temMALFORMED', 'holder', 'the holder cannot be the issuer', SOURCE)
    }
    const pair = assetPair(tx)
    if (typeof pair === 'string') return pair
    const [asset, asset2] = pair
    if (asset.issuer === null) return refuse('temMALFORMED', 'native', 'Asset is XRP', SOURCE)
    if (flagsOf(tx) & TF_CLAW_TWO_ASSETS && asset.issuer !== asset2.issuer) {
      const detail = 'tfClawTwoAssets needs both assets issued by the Account'
      return refuse('temINVALID_FLAG', 'two-assets', detail, SOURCE)
    }
    if (asset.issuer !== issuer) {
      return refuse('temMALFORMED', 'issuer', "Asset's issuer is not the Account", SOURCE)
    }
    const amount = amountField(tx, 'Amount')
    if (tx.Amount !== undefined) {
      if (
        !amount ||
        amount.asset.issuer !== asset.issuer ||
        amount.asset.currency !== asset.currency
      ) {
        return refuse('temBAD_AMOUNT', 'amount', 'Amount is not of Asset', SOURCE)
      }
      if (amount.signum() <= 0) return 'temBAD_AMOUNT'
    }
    return null
  },
  preclaim(view, tx) {
    const issuer = readAccount(view, String(tx.Account))
    if (!issuer) return 'terNO_ACCOUNT'
    if (!readAccount(view, String(tx.Holder))) {
      return refuse('terNO_ACCOUNT', 'holder', `the holder ${tx.Holder} does not exist`, SOURCE)
    }
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    if (!readAmm(view, pair[0], pair[1])) {
      return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
    }
    const flags = issuer.Flags
    if (
      (flags & LSF.AccountRoot.AllowTrustLineClawback) === 0 ||
      (flags & LSF.AccountRoot.NoFreeze) !== 0
    ) {
      const detail = 'the issuer has not set AllowTrustLineClawback, or has set NoFreeze'
      return refuse('tecNO_PERMISSION', 'clawback', detail, SOURCE)
    }
    return null
  },
  doApply({ view, tx, priorBalance }) {
    const issuer = String(tx.Account)
    const holder = String(tx.Holder)
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const amm = view.read(found.index) as AmmEntry
    const [balance, balance2, lpt] = ammHolds(view, amm, pair[0], 'ignoreFreeze')
    const held = ammLPHolds(view, amm, holder)
    if (held.isZero()) {
      return refuse('tecAMM_BALANCE', 'no-lp-tokens', 'the holder has no LP tokens', SOURCE)
    }
    const taken: { amounts: [LedgerAmount, LedgerAmount | undefined] | null } = { amounts: null }
    const request = (out: LedgerAmount, out2: LedgerAmount | undefined, tokens: LedgerAmount) => {
      taken.amounts = [out, out2]
      return withdrawFromPool(view, {
        amm,
        account: holder,
        amount: out,
        amount2: out2,
        lpt,
        tokens,
        freeze: 'ignoreFreeze',
        withdrawAll: true,
        priorBalance,
      })
    }
    const all = () => equalWithdraw(balance, balance2, lpt, held, true, request)
    const claw = amountField(tx, 'Amount')
    const left = ((): LedgerAmount | Verdict => {
      if (!claw) return all()
      const frac = claw.toNumber().div(balance.toNumber())
      const tokens = toAmount(lpt.asset, lpt.toNumber().times(frac))
      // More than the holder's share: all of it.
      if (tokens.gt(held)) return all()
      return request(claw, toAmount(balance2.asset, balance2.toNumber().times(frac)), tokens)
    })()
    if (!(left instanceof LedgerAmount)) return left
    const settled = settleLPBalance(view, amm, left)
    if (settled !== 'tesSUCCESS') return settled
    if (!taken.amounts) return 'tecINTERNAL'
    const [out, out2] = taken.amounts
    const clawed = rippleCredit(view, holder, issuer, out)
    if (clawed !== 'tesSUCCESS') return clawed
    if (!out2) return 'tecINTERNAL'
    if (flagsOf(tx) & TF_CLAW_TWO_ASSETS) return rippleCredit(view, holder, issuer, out2)
    return 'tesSUCCESS'
  },
}
