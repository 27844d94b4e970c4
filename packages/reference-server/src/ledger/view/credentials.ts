import { adjustOwnerCount, peekAccount } from '../state/account-root'
import { describeOwnerDir, dirInsert, uint64Json } from '../state/directory'
import { ownerDirIndex } from '../state/keylets'
import { type AccountRoot, type LedgerObject, LSF } from '../state/ledger-object'
import type { ApplyView, ReadView } from '../state/read-view'
import { unlinkOwned } from './owned-objects'

/**
 * The Credential entry as every rule and read meets it (rippled CredentialHelpers.cpp
 * `checkExpired`, `deleteSLE`; Credentials.cpp): the one copy of its expiry, its two directory
 * links and the owner count that moves from issuer to subject on acceptance.
 */

/** A Credential entry (xrpl.org "Credential"): `CredentialType` and `URI` are hex. */
export interface Credential extends LedgerObject {
  LedgerEntryType: 'Credential'
  Subject: string
  Issuer: string
  CredentialType: string
  Expiration?: number
  URI?: string
  IssuerNode: string
  SubjectNode?: string
}

/**
 * Whether the subject accepted the credential (`lsfAccepted`).
 *
 * @example
 * ```ts
 * isAccepted(credential) // false until CredentialAccept
 * ```
 */
export const isAccepted = (credential: Readonly<LedgerObject>): boolean =>
  (credential.Flags & LSF.Credential.Accepted) !== 0

/**
 * Whether a credential has expired (CredentialHelpers.cpp `checkExpired`): the parent ledger
 * closed strictly after its `Expiration`; never without one.
 *
 * @example
 * ```ts
 * credentialExpired(view, credential) // parentCloseTime > Expiration
 * ```
 */
export const credentialExpired = (view: ReadView, credential: Readonly<LedgerObject>): boolean =>
  typeof credential.Expiration === 'number' && view.info.parentCloseTime > credential.Expiration

/**
 * Links a new credential into its issuer's directory (`IssuerNode`, one owned object for the
 * issuer) and, unless the issuer is its own subject (then it is accepted at once), the subject's
 * (`SubjectNode`, no owned object until accepted), and inserts it (Credentials.cpp
 * `CredentialCreate::doApply`). `tecDIR_FULL` when a directory is full, else `tesSUCCESS`.
 *
 * @example
 * ```ts
 * addCredential(view, credential, issuerRoot)
 * ```
 */
export function addCredential(
  view: ApplyView,
  credential: Credential,
  issuer: AccountRoot,
): string {
  const issuerPage = dirInsert(
    view,
    ownerDirIndex(issuer.Account),
    credential.index,
    describeOwnerDir(issuer.Account),
  )
  if (issuerPage === null) return 'tecDIR_FULL'
  credential.IssuerNode = uint64Json(issuerPage)
  adjustOwnerCount(view, issuer, 1)
  if (credential.Subject === issuer.Account) {
    credential.Flags |= LSF.Credential.Accepted
  } else {
    const subjectPage = dirInsert(
      view,
      ownerDirIndex(credential.Subject),
      credential.index,
      describeOwnerDir(credential.Subject),
    )
    if (subjectPage === null) return 'tecDIR_FULL'
    credential.SubjectNode = uint64Json(subjectPage)
    // The subject's root is touched too (`view().update`), as rippled does.
    const subject = peekAccount(view, credential.Subject)
    if (subject) view.update(subject)
  }
  view.insert(credential)
  return 'tesSUCCESS'
}

/**
 * Removes a credential from the ledger (CredentialHelpers.cpp `deleteSLE`): out of the issuer's
 * directory and the subject's, one owned object less for whoever carries it (the issuer until
 * accepted, then the subject), erased. A directory that does not list it throws `tefBAD_LEDGER`.
 *
 * @example
 * ```ts
 * deleteCredential(view, view.peek(id) as Credential)
 * ```
 */
export function deleteCredential(view: ApplyView, credential: Readonly<Credential>): void {
  const accepted = isAccepted(credential)
  const { Issuer: issuer, Subject: subject } = credential
  const release = (account: string) => {
    const root = peekAccount(view, account)
    if (root) adjustOwnerCount(view, root, -1)
  }
  unlinkOwned(view, issuer, credential.IssuerNode, credential.index, false)
  if (!accepted || subject === issuer) release(issuer)
  if (subject !== issuer) {
    unlinkOwned(view, subject, credential.SubjectNode, credential.index, false)
    if (accepted) release(subject)
  }
  view.erase(credential)
}
