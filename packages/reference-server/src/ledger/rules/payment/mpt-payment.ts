import { isMptJson, type MptAmount, parseMptAmount } from '../../amounts/mpt-amount'
import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import {
  divideByRate,
  isAnyMptLocked,
  mptAuthRefusal,
  mptSend,
  mptTransferRate,
  mptTransferRefusal,
  multiplyByRate,
  PARITY_RATE,
  readIssuance,
} from '../../view/mpt-tokens'
import { refuse, type Verdict } from '../../view/refusal'
import { depositRefusal } from '../common/deposit-authorization'
import { hasUnknownFlags } from '../preflight-fields'
import type { ApplyContext, PreflightContext } from '../transaction-rules'
import { TF_PAYMENT } from './ripple-payment'

// Payments of Multi-Purpose Tokens, rippled Payment.cpp's `mptDirect` branch and View.cpp
// `rippleSendMPT` (docs/protocol.md §8.18): direct only (no Paths, SendMax in the same token).
const SOURCE = 'Payment.cpp'

/**
 * Whether a Payment names an MPT in `Amount`, `SendMax` or `DeliverMin`: its rules are
 * {@link mptPaymentPreflight} and {@link applyMptPayment}.
 *
 * @example
 * ```ts
 * movesMpt({ Amount: { mpt_issuance_id: id, value: '5' } }) // true
 * ```
 */
export const movesMpt = (tx: JsonObject): boolean =>
  isMptJson(tx.Amount) || isMptJson(tx.SendMax) || isMptJson(tx.DeliverMin)

const describe = (amount: MptAmount) => `${amount.value} of ${amount.mptId}`

/**
 * Payment::preflight for an MPT: MPTokensV1 on (`temDISABLED`), tfPartialPayment the only flag
 * (`tfMPTPaymentMask`), no `Paths`, `SendMax` and `DeliverMin` in the same token, amounts above
 * zero, not to oneself.
 *
 * @example
 * ```ts
 * mptPaymentPreflight({ Amount: mpt, Paths: [] }, context) // 'temMALFORMED'
 * ```
 */
export function mptPaymentPreflight(tx: JsonObject, context: PreflightContext): Verdict | null {
  const amount = parseMptAmount(tx.Amount)
  if (!amount) {
    // An issued or native Amount with an MPT SendMax or DeliverMin: inconsistent issues.
    return isMptJson(tx.SendMax) ? 'temMALFORMED' : 'temBAD_AMOUNT'
  }
  if (!context.enabled('MPTokensV1')) {
    return refuse('temDISABLED', 'mpt-disabled', 'MPTokensV1 is not enabled', SOURCE)
  }
  if (hasUnknownFlags(tx, TF_PAYMENT.PartialPayment)) return 'temINVALID_FLAG'
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  if (tx.Paths !== undefined) {
    return refuse('temMALFORMED', 'mpt-paths', 'an MPT payment is direct: no Paths', SOURCE)
  }
  const sendMax = tx.SendMax === undefined ? amount : parseMptAmount(tx.SendMax)
  if (!sendMax || sendMax.mptId !== amount.mptId) {
    const detail = `the SendMax ${JSON.stringify(tx.SendMax)} is not in the Amount's token ${amount.mptId}`
    return refuse('temMALFORMED', 'inconsistent-issues', detail, SOURCE)
  }
  if (sendMax.value <= 0n || amount.value <= 0n) return 'temBAD_AMOUNT'
  if (tx.Account === tx.Destination) return 'temREDUNDANT'
  if (tx.DeliverMin !== undefined) {
    const deliverMin = parseMptAmount(tx.DeliverMin)
    if ((flags & TF_PAYMENT.PartialPayment) === 0) return 'temBAD_AMOUNT'
    if (!deliverMin || deliverMin.value <= 0n || deliverMin.mptId !== amount.mptId) {
      return 'temBAD_AMOUNT'
    }
    if (deliverMin.value > amount.value) return 'temBAD_AMOUNT'
  }
  return null
}

/**
 * Payment::doApply for an MPT. Both parties must be allowed to hold it (an MPToken, authorized
 * when the issuance requires it: `tecNO_AUTH`), holder to holder only with tfMPTCanTransfer
 * (`tecNO_AUTH`) and neither locked (`tecLOCKED`), deposit authorization honoured. The issuer
 * mints (up to `MaximumAmount`) and is paid back by burning; between holders the sender pays the
 * transfer fee on top, burned, within `SendMax`: a partial payment delivers what `SendMax`
 * covers, at least `DeliverMin`, else `tecPATH_PARTIAL`.
 *
 * @example
 * ```ts
 * if (movesMpt(context.tx)) return applyMptPayment(context)
 * ```
 */
export function applyMptPayment(context: ApplyContext): Verdict {
  const { view, tx } = context
  const sender = String(tx.Account)
  const destination = String(tx.Destination)
  const amount = parseMptAmount(tx.Amount) as MptAmount
  const { mptId } = amount
  const receiver = readAccount(view, destination)
  if (!receiver) {
    return refuse('tecNO_DST', 'destination-missing', `${destination} does not exist`, SOURCE)
  }
  const refusal =
    mptAuthRefusal(view, mptId, sender) ??
    mptAuthRefusal(view, mptId, destination) ??
    mptTransferRefusal(view, mptId, sender, destination)
  if (refusal) return refusal
  const denied = depositRefusal(context, sender, receiver)
  if (denied) return denied
  const issuer = String(readIssuance(view, mptId)?.Issuer)
  let rate = PARITY_RATE
  if (sender !== issuer && destination !== issuer) {
    if (isAnyMptLocked(view, mptId, [sender, destination])) {
      const detail = `${mptId} is locked for ${sender} or ${destination}: only its issuer can send or receive it`
      return refuse('tecLOCKED', 'mpt-locked', detail, SOURCE)
    }
    rate = mptTransferRate(view, mptId)
  }
  const maxSource = tx.SendMax === undefined ? amount : (parseMptAmount(tx.SendMax) as MptAmount)
  const deliverMin =
    tx.DeliverMin === undefined ? null : (parseMptAmount(tx.DeliverMin) as MptAmount)
  let deliver = amount.value
  let required = multiplyByRate(deliver, rate)
  const partial = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF_PAYMENT.PartialPayment) !== 0
  if (partial && required > maxSource.value) {
    required = maxSource.value
    deliver = divideByRate(maxSource.value, rate)
  }
  if (required > maxSource.value) {
    const detail = `delivering ${describe(amount)} costs ${required} with the transfer fee, above the ${tx.SendMax === undefined ? 'Amount' : 'SendMax'} ${maxSource.value}`
    return refuse('tecPATH_PARTIAL', 'mpt-fee-not-covered', detail, SOURCE)
  }
  if (deliverMin && deliver < deliverMin.value) {
    const detail = `the SendMax ${maxSource.value} delivers ${deliver}, below the DeliverMin ${deliverMin.value}`
    return refuse('tecPATH_PARTIAL', 'deliver-min', detail, SOURCE)
  }
  const result = mptSend(view, mptId, sender, destination, deliver)
  if (result === 'tecPATH_DRY') {
    const detail = `issuing ${deliver} of ${mptId} would pass its MaximumAmount`
    return refuse('tecPATH_PARTIAL', 'mpt-maximum', detail, 'View.cpp')
  }
  if (result === 'tecINSUFFICIENT_FUNDS') {
    const detail = `${sender} holds less than the ${multiplyByRate(deliver, rate)} of ${mptId} this payment costs`
    return refuse('tecPATH_PARTIAL', 'mpt-unfunded', detail, 'View.cpp')
  }
  return result
}
