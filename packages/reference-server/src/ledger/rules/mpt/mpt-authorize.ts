import { readAccount } from '../../state/account-root'
import { mptokenIndex } from '../../state/keylets'
import { type LedgerObject, LSF } from '../../state/ledger-object'
import { mptField, readIssuance, readMPToken } from '../../view/mpt-tokens'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { isMptId, TF_MPT } from './mpt-flags'

// MPTokenAuthorize, rippled MPTokenAuthorize.cpp (docs/protocol.md §8.18).
const SOURCE = 'MPTokenAuthorize.cpp'

const unauthorizes = (flags: unknown) =>
  ((typeof flags === 'number' ? flags : 0) & TF_MPT.Unauthorize) !== 0

/**
 * MPTokenAuthorize. A holder (no `Holder` field) opts in, making its MPToken (one owner reserve,
 * enforced only once it owns two objects or more, as for trust lines), or with tfMPTUnauthorize
 * opts out, removing an empty one (even after the issuance is gone). The issuer of an issuance
 * with tfMPTRequireAuth names a `Holder` to authorize its MPToken, or with tfMPTUnauthorize to
 * take that back.
 *
 * @example
 * ```ts
 * mptAuthorizeRules.preflight({ Account: a, Holder: a, MPTokenIssuanceID: id }, context) // 'temMALFORMED'
 * ```
 */
export const mptAuthorizeRules: TransactionRules = {
  source: SOURCE,
  amendment: 'MPTokensV1',
  flags: TF_MPT.Unauthorize,
  preflight(tx) {
    if (!isMptId(tx.MPTokenIssuanceID)) return 'temMALFORMED'
    if (tx.Holder === tx.Account) {
      return refuse('temMALFORMED', 'holder-is-account', 'Holder is the Account itself', SOURCE)
    }
    return null
  },

  preclaim(view, tx) {
    const mptId = String(tx.MPTokenIssuanceID)
    const account = String(tx.Account)
    const missing = refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
    if (typeof tx.Holder !== 'string') {
      const token = readMPToken(view, mptId, account)
      if (unauthorizes(tx.Flags)) {
        if (!token) {
          const detail = `${account} holds no MPToken of ${mptId} to remove`
          return refuse('tecOBJECT_NOT_FOUND', 'mptoken-missing', detail, SOURCE)
        }
        const held = mptField(token, 'MPTAmount')
        if (held !== 0n) {
          if (!readIssuance(view, mptId)) return 'tefINTERNAL'
          const detail = `${account} still holds ${held} of ${mptId}: only an empty MPToken is removed`
          return refuse('tecHAS_OBLIGATIONS', 'mptoken-not-empty', detail, SOURCE)
        }
        return null
      }
      const issuance = readIssuance(view, mptId)
      if (!issuance) return missing
      if (issuance.Issuer === account) {
        const detail = `${account} issued ${mptId}: an issuer holds no MPToken of its own`
        return refuse('tecNO_PERMISSION', 'issuer-opt-in', detail, SOURCE)
      }
      if (token) {
        const detail = `${account} already holds an MPToken of ${mptId}`
        return refuse('tecDUPLICATE', 'mptoken-exists', detail, SOURCE)
      }
      return null
    }
    const holder = tx.Holder
    if (!readAccount(view, holder)) {
      return refuse('tecNO_DST', 'holder-missing', `the Holder ${holder} does not exist`, SOURCE)
    }
    const issuance = readIssuance(view, mptId)
    if (!issuance) return missing
    if (issuance.Issuer !== account) {
      const detail = `${account} is not the issuer ${issuance.Issuer} of ${mptId}`
      return refuse('tecNO_PERMISSION', 'not-issuer', detail, SOURCE)
    }
    if ((issuance.Flags & LSF.MPTokenIssuance.RequireAuth) === 0) {
      const detail = `the issuance ${mptId} was created without tfMPTRequireAuth: holders need no authorization`
      return refuse('tecNO_AUTH', 'mpt-auth-not-required', detail, SOURCE)
    }
    if (!readMPToken(view, mptId, holder)) {
      const detail = `${holder} holds no MPToken of ${mptId} yet: the holder opts in first`
      return refuse('tecOBJECT_NOT_FOUND', 'mptoken-missing', detail, SOURCE)
    }
    return null
  },

  doApply({ view, tx, account, priorBalance }) {
    const mptId = String(tx.MPTokenIssuanceID)
    if (typeof tx.Holder !== 'string') {
      const index = mptokenIndex(mptId, account.Account)
      if (unauthorizes(tx.Flags)) {
        const token = view.peek(index)
        if (!token || mptField(token, 'MPTAmount') !== 0n) return 'tecINTERNAL'
        removeOwnedObject(view, token, { owner: account.Account, keepRoot: false })
        return 'tesSUCCESS'
      }
      // The reserve is enforced only from two owned objects on, as for trust lines.
      if (account.OwnerCount >= 2) {
        const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, SOURCE)
        if (short) return short
      }
      const token: LedgerObject = {
        LedgerEntryType: 'MPToken',
        Flags: 0,
        Account: account.Account,
        MPTokenIssuanceID: mptId,
        index,
      }
      return addOwnedObject(view, token, { owner: account })
    }
    const token = view.peek(mptokenIndex(mptId, tx.Holder))
    if (!token) return 'tecINTERNAL'
    if (unauthorizes(tx.Flags)) token.Flags &= ~LSF.MPToken.Authorized
    else token.Flags |= LSF.MPToken.Authorized
    view.update(token)
    return 'tesSUCCESS'
  },
}
