import { readAccount } from '../../state/account-root'
import { mptIssuanceIndex, mptokenIndex } from '../../state/keylets'
import { LSF } from '../../state/ledger-object'
import { readIssuance, readMPToken } from '../../view/mpt-tokens'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { isMptId, TF_MPT } from './mpt-flags'

// MPTokenIssuanceSet, rippled MPTokenIssuanceSet.cpp (docs/protocol.md §8.18).
const SOURCE = 'MPTokenIssuanceSet.cpp'

/**
 * MPTokenIssuanceSet: the issuer of a lockable issuance (tfMPTCanLock) locks or unlocks it for
 * everyone, or one holder's MPToken with `Holder`. A locked token moves only between its holder
 * and its issuer (Payment.cpp `tecLOCKED`). Changing the metadata, the fee or the flags needs
 * DynamicMPT, which the node does not model (`temDISABLED`).
 *
 * @example
 * ```ts
 * mptIssuanceSetRules.preflight({ Flags: 3, MPTokenIssuanceID: id }, context) // 'temINVALID_FLAG'
 * ```
 */
export const mptIssuanceSetRules: TransactionRules = {
  source: SOURCE,
  amendment: 'MPTokensV1',
  flags: TF_MPT.Lock | TF_MPT.Unlock,
  preflight(tx, context) {
    const mutates = ['MutableFlags', 'MPTokenMetadata', 'TransferFee'].some(
      (field) => tx[field] !== undefined,
    )
    if (mutates && !context.enabled('DynamicMPT')) {
      const detail = 'changing MutableFlags, MPTokenMetadata or TransferFee needs DynamicMPT'
      return refuse('temDISABLED', 'dynamic-mpt', detail, SOURCE)
    }
    if (!isMptId(tx.MPTokenIssuanceID)) return 'temMALFORMED'
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    if (flags & TF_MPT.Lock && flags & TF_MPT.Unlock) {
      return refuse(
        'temINVALID_FLAG',
        'lock-and-unlock',
        'tfMPTLock and tfMPTUnlock together',
        SOURCE,
      )
    }
    if (tx.Holder !== undefined && tx.Holder === tx.Account) {
      return refuse('temMALFORMED', 'holder-is-issuer', 'Holder is the Account itself', SOURCE)
    }
    return null
  },

  preclaim(view, tx) {
    const mptId = String(tx.MPTokenIssuanceID)
    const issuance = readIssuance(view, mptId)
    if (!issuance) {
      return refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
    }
    if ((issuance.Flags & LSF.MPTokenIssuance.CanLock) === 0) {
      const detail = `the issuance ${mptId} was created without tfMPTCanLock`
      return refuse('tecNO_PERMISSION', 'mpt-not-lockable', detail, SOURCE)
    }
    if (issuance.Issuer !== tx.Account) {
      const detail = `${tx.Account} is not the issuer ${issuance.Issuer} of ${mptId}`
      return refuse('tecNO_PERMISSION', 'not-issuer', detail, SOURCE)
    }
    if (typeof tx.Holder === 'string') {
      if (!readAccount(view, tx.Holder)) {
        return refuse(
          'tecNO_DST',
          'holder-missing',
          `the Holder ${tx.Holder} does not exist`,
          SOURCE,
        )
      }
      if (!readMPToken(view, mptId, tx.Holder)) {
        const detail = `${tx.Holder} holds no MPToken of ${mptId}`
        return refuse('tecOBJECT_NOT_FOUND', 'mptoken-missing', detail, SOURCE)
      }
    }
    return null
  },

  doApply({ view, tx }) {
    const mptId = String(tx.MPTokenIssuanceID)
    const index =
      typeof tx.Holder === 'string' ? mptokenIndex(mptId, tx.Holder) : mptIssuanceIndex(mptId)
    const object = view.peek(index)
    if (!object) return 'tecINTERNAL'
    const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
    // lsfMPTLocked is bit 0x01 on both the issuance and an MPToken; rippled updates the entry
    // even when the flags stay (its PreviousTxnID moves on).
    if (flags & TF_MPT.Lock) object.Flags |= LSF.MPTokenIssuance.Locked
    else if (flags & TF_MPT.Unlock) object.Flags &= ~LSF.MPTokenIssuance.Locked
    view.update(object)
    return 'tesSUCCESS'
  },
}
