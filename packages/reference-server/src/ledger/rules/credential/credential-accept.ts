import { adjustOwnerCount, peekAccount, readAccount } from '../../state/account-root'
import { credentialIndex } from '../../state/keylets'
import { type AccountRoot, LSF } from '../../state/ledger-object'
import {
  type Credential,
  credentialExpired,
  deleteCredential,
  isAccepted,
} from '../../view/credentials'
import { reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { credentialTypeRefusal, isZeroAccount } from './credential-fields'

// The rules follow rippled's Credentials.cpp (CredentialAccept).
const SOURCE = 'Credentials.cpp'

/**
 * CredentialAccept (docs/protocol.md §8.16, rippled Credentials.cpp): the sender, the subject,
 * accepts the credential `Issuer` gave it: `lsfAccepted`, and its owned object moves from the
 * issuer's reserve to the subject's. A zero `Issuer` → `temINVALID_ACCOUNT_ID`; a bad
 * `CredentialType` → `temMALFORMED`; an issuer without an account → `tecNO_ISSUER`; no such
 * credential → `tecNO_ENTRY`; accepted already → `tecDUPLICATE`; the subject's balance before
 * the fee below the reserve with one more object → `tecINSUFFICIENT_RESERVE`; an expired
 * credential is deleted, and the transaction is `tecEXPIRED` (the deletion stays).
 *
 * @example
 * ```ts
 * credentialAcceptRules.preflight({ Issuer: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp', CredentialType: '4B5943' }, context) // temINVALID_ACCOUNT_ID
 * ```
 */
export const credentialAcceptRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Credentials',
  flags: null,
  preflight(tx) {
    if (typeof tx.Issuer !== 'string' || isZeroAccount(tx.Issuer)) {
      return refuse(
        'temINVALID_ACCOUNT_ID',
        'issuer-zero',
        'the Issuer is the zero account',
        SOURCE,
      )
    }
    return credentialTypeRefusal(tx)
  },
  preclaim(view, tx) {
    const issuer = String(tx.Issuer)
    if (!readAccount(view, issuer)) {
      return refuse('tecNO_ISSUER', 'no-issuer', `the Issuer ${issuer} has no account`, SOURCE)
    }
    const index = credentialIndex(String(tx.Account), issuer, String(tx.CredentialType))
    const credential = view.read(index)
    if (!credential) {
      const detail = `${issuer} gave ${tx.Account} no credential ${tx.CredentialType} (${index})`
      return refuse('tecNO_ENTRY', 'no-credential', detail, SOURCE)
    }
    if (isAccepted(credential)) {
      const detail = `${tx.Account} accepted the credential ${index} already`
      return refuse('tecDUPLICATE', 'accepted', detail, SOURCE)
    }
    return null
  },
  doApply({ view, tx, account, priorBalance, afterClaim }) {
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, SOURCE)
    if (short) return short
    const index = credentialIndex(account.Account, String(tx.Issuer), String(tx.CredentialType))
    const credential = view.peek(index) as Credential
    if (credentialExpired(view, credential)) {
      // Deleted even though the transaction fails (rippled: "delete expired credentials even if
      // the transaction failed").
      const remove = (on: typeof view) => deleteCredential(on, on.peek(index) as Credential)
      remove(view)
      afterClaim(remove)
      const detail = `the credential's Expiration ${credential.Expiration} is before the parent ledger's close ${view.info.parentCloseTime}`
      return refuse('tecEXPIRED', 'expired', detail, SOURCE)
    }
    credential.Flags |= LSF.Credential.Accepted
    view.update(credential)
    adjustOwnerCount(view, peekAccount(view, credential.Issuer) as AccountRoot, -1)
    adjustOwnerCount(view, account, 1)
    return 'tesSUCCESS'
  },
}
