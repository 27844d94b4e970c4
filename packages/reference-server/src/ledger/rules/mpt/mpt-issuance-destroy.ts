import { mptIssuanceIndex } from '../../state/keylets'
import { mptField, readIssuance } from '../../view/mpt-tokens'
import { removeOwnedObject } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { isMptId } from './mpt-flags'

// MPTokenIssuanceDestroy, rippled MPTokenIssuanceDestroy.cpp (docs/protocol.md §8.18).
const SOURCE = 'MPTokenIssuanceDestroy.cpp'

/**
 * MPTokenIssuanceDestroy: the issuer removes an issuance none of whose tokens are outstanding
 * (`OutstandingAmount` 0; holders' empty MPTokens do not block it), freeing its reserve.
 *
 * @example
 * ```ts
 * mptIssuanceDestroyRules.preflight({ MPTokenIssuanceID: 'zz' }, context) // 'temMALFORMED'
 * ```
 */
export const mptIssuanceDestroyRules: TransactionRules = {
  source: SOURCE,
  amendment: 'MPTokensV1',
  flags: 0,
  preflight(tx) {
    return isMptId(tx.MPTokenIssuanceID) ? null : 'temMALFORMED'
  },

  preclaim(view, tx) {
    const mptId = String(tx.MPTokenIssuanceID)
    const issuance = readIssuance(view, mptId)
    if (!issuance) {
      return refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
    }
    if (issuance.Issuer !== tx.Account) {
      const detail = `${tx.Account} is not the issuer ${issuance.Issuer} of ${mptId}`
      return refuse('tecNO_PERMISSION', 'not-issuer', detail, SOURCE)
    }
    const outstanding = mptField(issuance, 'OutstandingAmount')
    if (outstanding !== 0n) {
      const detail = `${outstanding} of ${mptId} are still held: OutstandingAmount must be 0`
      return refuse('tecHAS_OBLIGATIONS', 'mpt-outstanding', detail, SOURCE)
    }
    return null
  },

  doApply({ view, tx }) {
    const issuance = view.peek(mptIssuanceIndex(String(tx.MPTokenIssuanceID)))
    if (!issuance) return 'tecOBJECT_NOT_FOUND'
    removeOwnedObject(view, issuance, { owner: String(issuance.Issuer), keepRoot: false })
    return 'tesSUCCESS'
  },
}
