import { LedgerAmount } from '../../amounts/ledger-amount'
import { isIssued } from '../../amounts/ledger-asset'
import { isMptJson } from '../../amounts/mpt-amount'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { LSF, type RippleState } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { accountHolds } from '../../view/account-holds'
import { refuse, type Verdict } from '../../view/refusal'
import { rippleCredit } from '../../view/ripple-credit'
import { mptClawback } from '../mpt/mpt-clawback'
import type { ApplyContext, PreflightContext, TransactionRules } from '../transaction-rules'

// The rules follow rippled's Clawback.cpp.
const SOURCE = 'Clawback.cpp'

/** One kind of asset's part of Clawback: its holder, and its own three steps. */
interface ClawbackHalf {
  /** Who holds what is clawed back. */
  holder(tx: JsonObject): string
  preflight(tx: JsonObject, context: PreflightContext): Verdict | null
  preclaim(view: ReadView, tx: JsonObject): Verdict | null
  doApply(context: ApplyContext): Verdict
}

// The issued asset clawed back: the currency, and the issuer (the sender), not the holder that
// `Amount.issuer` names.
const clawedAsset = (tx: JsonObject) => ({
  currency: (tx.Amount as { currency: string }).currency,
  issuer: String(tx.Account),
})

/**
 * Clawback of a trust-line token (rippled Clawback.cpp `preflightHelper<Issue>`,
 * `preclaimHelper<Issue>`, `applyHelper<Issue>`): `Amount.issuer` names the holder. No `Holder`
 * field (`temMALFORMED`); a positive issued amount whose holder is not the sender
 * (`temBAD_AMOUNT`). The issuer must have allowed clawback without NoFreeze
 * (`tecNO_PERMISSION`), share a line with the holder (`tecNO_LINE`) on which the holder holds its
 * asset (else `tecNO_PERMISSION`), and the holder must hold some, freezes ignored
 * (`tecINSUFFICIENT_FUNDS`). Up to the holder's balance goes back to the issuer.
 *
 * @example
 * ```ts
 * trustLineClawback.holder({ Amount: { currency: 'USD', issuer: holder, value: '5' } }) // holder
 * ```
 */
export const trustLineClawback: ClawbackHalf = {
  holder: (tx) => String((tx.Amount as { issuer: string }).issuer),
  preflight(tx) {
    if (tx.Holder !== undefined) {
      return refuse(
        'temMALFORMED',
        'holder-field',
        'a trust-line clawback names no Holder: Amount.issuer is the holder',
        SOURCE,
      )
    }
    const amount = tx.Amount
    if (!isIssued(amount) || amount.issuer === tx.Account || !positive(amount)) {
      const detail = `the Amount ${JSON.stringify(amount)} is not a positive issued amount naming a holder other than the sender`
      return refuse('temBAD_AMOUNT', 'bad-amount', detail, SOURCE)
    }
    return null
  },
  preclaim(view, tx) {
    const issuer = String(tx.Account)
    const holder = trustLineClawback.holder(tx)
    const flags = readAccount(view, issuer)?.Flags ?? 0
    if (!(flags & LSF.AccountRoot.AllowTrustLineClawback) || flags & LSF.AccountRoot.NoFreeze) {
      const detail = `${issuer} has not allowed trust-line clawback (asfAllowTrustLineClawback), or set NoFreeze`
      return refuse('tecNO_PERMISSION', 'clawback-not-allowed', detail, SOURCE)
    }
    const asset = clawedAsset(tx)
    const line = view.read(rippleStateIndex(holder, issuer, asset.currency)) as
      | Readonly<RippleState>
      | undefined
    if (!line) {
      const detail = `${holder} has no ${asset.currency} trust line with ${issuer}`
      return refuse('tecNO_LINE', 'no-line', detail, SOURCE)
    }
    // The balance's sign must show the holder holding the issuer's asset, not the reverse.
    const balance = LedgerAmount.fromJson(line.Balance).signum()
    const issuerHigh = accountIdOf(issuer) > accountIdOf(holder)
    if ((balance > 0 && !issuerHigh) || (balance < 0 && issuerHigh)) {
      const detail = `on the ${asset.currency} line ${issuer} owes ${holder}: it is not the issuer there`
      return refuse('tecNO_PERMISSION', 'not-issuer-side', detail, SOURCE)
    }
    if (accountHolds(view, holder, asset, 'ignoreFreeze').signum() <= 0) {
      const detail = `${holder} holds no ${asset.currency} of ${issuer}`
      return refuse('tecINSUFFICIENT_FUNDS', 'nothing-held', detail, SOURCE)
    }
    return null
  },
  doApply({ view, tx }) {
    const asset = clawedAsset(tx)
    const holder = trustLineClawback.holder(tx)
    const wanted = LedgerAmount.fromJson({ ...(tx.Amount as object), issuer: asset.issuer })
    const held = accountHolds(view, holder, asset, 'ignoreFreeze')
    return rippleCredit(view, holder, asset.issuer, wanted.min(held))
  },
}

const positive = (amount: unknown) => {
  try {
    return LedgerAmount.fromJson(amount).signum() > 0
  } catch {
    return false
  }
}

// The half of Clawback an Amount belongs to: an MPT's (rules/mpt/mpt-clawback.ts) or a trust line's.
const halfOf = (tx: JsonObject): ClawbackHalf =>
  isMptJson(tx.Amount) ? mptClawback : trustLineClawback

/**
 * Clawback (docs/protocol.md §8.15, rippled Clawback.cpp): an issuer takes its asset back from a
 * holder. Flags beyond the universal ones are `temINVALID_FLAG`; a missing issuer or holder is
 * `terNO_ACCOUNT`; an AMM's account (its `AMMID`) cannot be clawed from (`tecAMM_ACCOUNT`: the
 * pool's AMMClawback does that); the rest is the asset's half ({@link trustLineClawback}, or
 * an MPT's in rules/mpt/mpt-clawback.ts). The Xahau networks use these rules too: xahaud's
 * Clawback.cpp is the trust-line half alone, and their codec refuses any blob with an MPT amount
 * (codec/network-codec.ts), so only that half is reached there.
 *
 * @example
 * ```ts
 * clawbackRules.preflight({ Account: issuer, Amount: '10' }, context) // temBAD_AMOUNT
 * ```
 */
export const clawbackRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Clawback',
  flags: 0,
  preflight: (tx, context) => halfOf(tx).preflight(tx, context),
  preclaim(view, tx) {
    const half = halfOf(tx)
    const holder = half.holder(tx)
    const holderRoot = readAccount(view, holder)
    if (!readAccount(view, String(tx.Account)) || !holderRoot) {
      const detail = `the issuer ${tx.Account} or the holder ${holder} has no account`
      return refuse('terNO_ACCOUNT', 'no-account', detail, SOURCE)
    }
    if (holderRoot.AMMID !== undefined) {
      const detail = `${holder} is an AMM's account: AMMClawback claws from a pool`
      return refuse('tecAMM_ACCOUNT', 'amm-account', detail, SOURCE)
    }
    return half.preclaim(view, tx)
  },
  doApply: (context) => halfOf(context.tx).doApply(context),
}
