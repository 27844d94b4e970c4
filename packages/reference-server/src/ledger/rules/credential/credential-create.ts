import { readAccount } from '../../state/account-root'
import { credentialIndex } from '../../state/keylets'
import { addCredential, type Credential } from '../../view/credentials'
import { reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { credentialTypeRefusal, credentialUriRefusal, isZeroAccount } from './credential-fields'

// The rules follow rippled's Credentials.cpp (CredentialCreate).
const SOURCE = 'Credentials.cpp'

/**
 * CredentialCreate (docs/protocol.md §8.16, rippled Credentials.cpp): the sender, the issuer,
 * gives `Subject` a credential of `CredentialType`, in both owner directories and on the
 * issuer's reserve until the subject accepts it (at once when the issuer is its own subject).
 * A zero `Subject`, an empty or too long `URI` or `CredentialType` → `temMALFORMED`; a subject
 * without an account → `tecNO_TARGET`; the same credential again → `tecDUPLICATE`; an
 * `Expiration` the parent ledger closed after → `tecEXPIRED`; the issuer's balance before the fee
 * below the reserve with one more object → `tecINSUFFICIENT_RESERVE`. Flags are not checked:
 * rippled checks them only with fixInvalidTxFlags, which this node does not model.
 *
 * @example
 * ```ts
 * credentialCreateRules.preflight({ Subject: subject, CredentialType: '' }, context) // temMALFORMED
 * ```
 */
export const credentialCreateRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Credentials',
  flags: null,
  preflight(tx) {
    if (typeof tx.Subject !== 'string' || isZeroAccount(tx.Subject)) {
      return refuse('temMALFORMED', 'subject-zero', 'the Subject is the zero account', SOURCE)
    }
    return credentialUriRefusal(tx) ?? credentialTypeRefusal(tx)
  },
  preclaim(view, tx) {
    const subject = String(tx.Subject)
    if (!readAccount(view, subject)) {
      return refuse('tecNO_TARGET', 'no-subject', `the Subject ${subject} has no account`, SOURCE)
    }
    const index = credentialIndex(subject, String(tx.Account), String(tx.CredentialType))
    if (view.read(index)) {
      const detail = `${tx.Account} already gave ${subject} the credential ${tx.CredentialType} (${index})`
      return refuse('tecDUPLICATE', 'credential-exists', detail, SOURCE)
    }
    return null
  },
  doApply({ view, tx, account, priorBalance }) {
    const subject = String(tx.Subject)
    const type = String(tx.CredentialType).toUpperCase()
    const expiration = tx.Expiration
    if (typeof expiration === 'number' && view.info.parentCloseTime > expiration) {
      const detail = `the Expiration ${expiration} is before the parent ledger's close ${view.info.parentCloseTime}`
      return refuse('tecEXPIRED', 'expired', detail, SOURCE)
    }
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, SOURCE)
    if (short) return short
    const credential: Credential = {
      LedgerEntryType: 'Credential',
      Flags: 0,
      Subject: subject,
      Issuer: account.Account,
      CredentialType: type,
      ...(typeof expiration === 'number' ? { Expiration: expiration } : {}),
      ...(typeof tx.URI === 'string' ? { URI: tx.URI.toUpperCase() } : {}),
      IssuerNode: '0',
      index: credentialIndex(subject, account.Account, type),
    }
    return addCredential(view, credential, account)
  },
}
