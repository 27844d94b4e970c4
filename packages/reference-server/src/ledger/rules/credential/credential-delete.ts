import { credentialIndex } from '../../state/keylets'
import { type Credential, credentialExpired, deleteCredential } from '../../view/credentials'
import { refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { credentialTypeRefusal, isZeroAccount } from './credential-fields'

// The rules follow rippled's Credentials.cpp (CredentialDelete).
const SOURCE = 'Credentials.cpp'

// The credential a CredentialDelete names: Subject and Issuer default to the sender.
const credentialOf = (tx: Record<string, unknown>) =>
  credentialIndex(
    String(tx.Subject ?? tx.Account),
    String(tx.Issuer ?? tx.Account),
    String(tx.CredentialType),
  )

/**
 * CredentialDelete (docs/protocol.md §8.16, rippled Credentials.cpp): removes a credential, its
 * owned object from whoever carried it. `Subject` or `Issuer` (at least one, else
 * `temMALFORMED`; the other defaults to the sender; the zero account → `temINVALID_ACCOUNT_ID`);
 * no such credential → `tecNO_ENTRY`. Its subject and its issuer may delete it at any time,
 * anyone else only once it has expired (`tecNO_PERMISSION`).
 *
 * @example
 * ```ts
 * credentialDeleteRules.preflight({ CredentialType: '4B5943' }, context) // temMALFORMED
 * ```
 */
export const credentialDeleteRules: TransactionRules = {
  source: SOURCE,
  amendment: 'Credentials',
  flags: null,
  preflight(tx) {
    if (tx.Subject === undefined && tx.Issuer === undefined) {
      return refuse('temMALFORMED', 'no-party', 'neither Subject nor Issuer is given', SOURCE)
    }
    if (isZeroAccount(tx.Subject) || isZeroAccount(tx.Issuer)) {
      const detail = 'the Subject or the Issuer is the zero account'
      return refuse('temINVALID_ACCOUNT_ID', 'party-zero', detail, SOURCE)
    }
    return credentialTypeRefusal(tx)
  },
  preclaim(view, tx) {
    const index = credentialOf(tx)
    if (view.read(index)) return null
    return refuse('tecNO_ENTRY', 'no-credential', `no credential ${index}`, SOURCE)
  },
  doApply({ view, tx, account }) {
    const credential = view.peek(credentialOf(tx)) as Credential
    const party = credential.Subject === account.Account || credential.Issuer === account.Account
    if (!party && !credentialExpired(view, credential)) {
      const detail = `${account.Account} is neither the subject nor the issuer of ${credential.index}, which has not expired`
      return refuse('tecNO_PERMISSION', 'not-expired', detail, SOURCE)
    }
    deleteCredential(view, credential)
    return 'tesSUCCESS'
  },
}
