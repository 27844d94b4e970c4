import { MAX_MPT_AMOUNT, parseMptAmount } from '../../amounts/mpt-amount'
import type { JsonObject } from '../../codec/json-object'
import { LSF } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { mptCredit, mptHolds, readIssuance, readMPToken } from '../../view/mpt-tokens'
import { refuse, type Verdict } from '../../view/refusal'
import type { ApplyContext, PreflightContext } from '../transaction-rules'

// The MPT half of Clawback, rippled Clawback.cpp (`preflightHelper<MPTIssue>`,
// `preclaimHelper<MPTIssue>`, `applyHelper<MPTIssue>`; docs/protocol.md §8.18).
const SOURCE = 'Clawback.cpp'

/**
 * The MPT half of Clawback (an `Amount` of an MPT; the trust-line half is rules/token/): the
 * `Holder` field names the holder. Preflight: MPTokensV1 on, a `Holder` other than the issuer
 * (`temMALFORMED`), an amount from 1 to 2^63 − 1 (`temBAD_AMOUNT`). Preclaim, once Clawback's
 * own checks passed (both accounts exist, the holder is no AMM): the issuance exists
 * (`tecOBJECT_NOT_FOUND`), allows clawback and is the sender's (`tecNO_PERMISSION`), the holder
 * has an MPToken (`tecOBJECT_NOT_FOUND`) with a balance (`tecINSUFFICIENT_FUNDS`). Apply: the
 * smaller of `Amount` and the balance goes back to the issuer, burned, whatever locks or
 * authorization say.
 *
 * @example
 * ```ts
 * mptClawback.holder({ Holder: holder, Amount: { mpt_issuance_id: id, value: '5' } }) // holder
 * ```
 */
export const mptClawback = {
  holder: (tx: JsonObject): string => String(tx.Holder),

  preflight(tx: JsonObject, context: PreflightContext): Verdict | null {
    if (!context.enabled('MPTokensV1')) {
      return refuse('temDISABLED', 'mpt-disabled', 'MPTokensV1 is not enabled', SOURCE)
    }
    if (typeof tx.Holder !== 'string') {
      return refuse('temMALFORMED', 'holder-needed', 'clawing back an MPT names its Holder', SOURCE)
    }
    if (tx.Holder === tx.Account) {
      return refuse('temMALFORMED', 'holder-is-issuer', 'Holder is the Account itself', SOURCE)
    }
    const amount = parseMptAmount(tx.Amount)
    if (!amount || amount.value <= 0n || amount.value > MAX_MPT_AMOUNT) {
      const detail = `the Amount ${JSON.stringify(tx.Amount)} is not 1 to ${MAX_MPT_AMOUNT}`
      return refuse('temBAD_AMOUNT', 'bad-amount', detail, SOURCE)
    }
    return null
  },

  preclaim(view: ReadView, tx: JsonObject): Verdict | null {
    const issuer = String(tx.Account)
    const holder = String(tx.Holder)
    const { mptId } = parseMptAmount(tx.Amount) as { mptId: string }
    const issuance = readIssuance(view, mptId)
    if (!issuance) {
      return refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
    }
    if ((issuance.Flags & LSF.MPTokenIssuance.CanClawback) === 0) {
      const detail = `the issuance ${mptId} was created without tfMPTCanClawback`
      return refuse('tecNO_PERMISSION', 'mpt-no-clawback', detail, SOURCE)
    }
    if (issuance.Issuer !== issuer) {
      const detail = `${issuer} is not the issuer ${issuance.Issuer} of ${mptId}`
      return refuse('tecNO_PERMISSION', 'not-issuer', detail, SOURCE)
    }
    if (!readMPToken(view, mptId, holder)) {
      const detail = `${holder} holds no MPToken of ${mptId}`
      return refuse('tecOBJECT_NOT_FOUND', 'mptoken-missing', detail, SOURCE)
    }
    if (mptHolds(view, mptId, holder) <= 0n) {
      const detail = `${holder} holds none of ${mptId}`
      return refuse('tecINSUFFICIENT_FUNDS', 'nothing-to-claw', detail, SOURCE)
    }
    return null
  },

  doApply({ view, tx }: ApplyContext): Verdict {
    const { mptId, value } = parseMptAmount(tx.Amount) as { mptId: string; value: bigint }
    const holder = String(tx.Holder)
    // The smaller of the two (bigints have no Math.min).
    let taken = mptHolds(view, mptId, holder)
    if (value < taken) taken = value
    return mptCredit(view, mptId, holder, String(tx.Account), taken)
  },
}
