import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { isLedgerIndex, permissionedDomainIndex } from '../../state/keylets'
import type { LedgerObject, LedgerValue } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { type Refusal, refuse } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'

const SET_SOURCE = 'PermissionedDomainSet.cpp'
const DELETE_SOURCE = 'PermissionedDomainDelete.cpp'
// rippled Protocol.h `maxPermissionedDomainCredentialsArraySize`, `maxCredentialTypeLength`.
const MAX_CREDENTIALS = 10
const MAX_CREDENTIAL_TYPE_BYTES = 64
// rippled's zero AccountID (`!issuer` in CredentialHelpers.cpp `checkArray`).
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'
const ZERO_DOMAIN = '0'.repeat(64)

/** One accepted credential: its issuer and its type (hex). */
interface AcceptedCredential {
  Issuer: string
  CredentialType: string
}

// The `{ Credential: { Issuer, CredentialType } }` entries of AcceptedCredentials.
function credentialsOf(tx: JsonObject): AcceptedCredential[] {
  const list = Array.isArray(tx.AcceptedCredentials) ? tx.AcceptedCredentials : []
  return list.map((entry) => {
    const inner = (entry as JsonObject | null)?.Credential
    return (typeof inner === 'object' && inner !== null
      ? inner
      : {}) as unknown as AcceptedCredential
  })
}

// rippled CredentialHelpers.cpp `checkArray`: 1..10 entries, each with an issuer and a type of 1
// to 64 bytes, no pair twice.
function credentialArrayRefusal(credentials: readonly AcceptedCredential[]): Refusal | null {
  if (credentials.length === 0) {
    return refuse(
      'temARRAY_EMPTY',
      'domain-credentials-empty',
      'AcceptedCredentials is empty',
      'CredentialHelpers.cpp',
    )
  }
  if (credentials.length > MAX_CREDENTIALS) {
    const detail = `AcceptedCredentials has ${credentials.length} entries, more than ${MAX_CREDENTIALS}`
    return refuse(
      'temARRAY_TOO_LARGE',
      'domain-credentials-too-many',
      detail,
      'CredentialHelpers.cpp',
    )
  }
  const seen = new Set<string>()
  for (const { Issuer, CredentialType } of credentials) {
    if (typeof Issuer !== 'string' || Issuer === ACCOUNT_ZERO) {
      return refuse(
        'temINVALID_ACCOUNT_ID',
        'domain-issuer-invalid',
        'a credential has no issuer',
        'CredentialHelpers.cpp',
      )
    }
    const bytes = typeof CredentialType === 'string' ? CredentialType.length / 2 : 0
    if (bytes === 0 || bytes > MAX_CREDENTIAL_TYPE_BYTES) {
      const detail = `a CredentialType has ${bytes} bytes, not 1 to ${MAX_CREDENTIAL_TYPE_BYTES}`
      return refuse('temMALFORMED', 'domain-credential-type', detail, 'CredentialHelpers.cpp')
    }
    const key = `${Issuer} ${CredentialType.toUpperCase()}`
    if (seen.has(key)) {
      return refuse(
        'temMALFORMED',
        'domain-credential-twice',
        `${Issuer}'s credential type ${CredentialType} is given twice`,
        'CredentialHelpers.cpp',
      )
    }
    seen.add(key)
  }
  return null
}

// rippled CredentialHelpers.cpp `makeSorted`: by issuer (its AccountID's bytes), then by type.
function sortedCredentials(credentials: readonly AcceptedCredential[]): LedgerValue {
  const entries = credentials.map(({ Issuer, CredentialType }) => {
    const type = CredentialType.toUpperCase()
    return { Issuer, CredentialType: type, key: `${accountIdOf(Issuer)}${type}` }
  })
  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return entries.map(({ Issuer, CredentialType }) => ({
    Credential: { Issuer, CredentialType },
  })) as unknown as LedgerValue
}

// A DomainID of 64 hex digits, not zero.
const domainRefusal = (domain: unknown, source: string): Refusal | null =>
  isLedgerIndex(String(domain).toUpperCase()) && domain !== ZERO_DOMAIN
    ? null
    : refuse('temMALFORMED', 'domain-id', `DomainID ${String(domain)} is no domain`, source)

// The domain a transaction names: missing → tecNO_ENTRY, another owner's → tecNO_PERMISSION.
function ownedDomainRefusal(view: ReadView, tx: JsonObject, source: string): Refusal | null {
  const domain = view.read(String(tx.DomainID).toUpperCase())
  if (domain?.LedgerEntryType !== 'PermissionedDomain') {
    return refuse('tecNO_ENTRY', 'domain-missing', `no permissioned domain ${tx.DomainID}`, source)
  }
  if (domain.Owner !== tx.Account) {
    const detail = `the domain ${tx.DomainID} is ${domain.Owner}'s, not ${tx.Account}'s`
    return refuse('tecNO_PERMISSION', 'domain-not-owner', detail, source)
  }
  return null
}

/**
 * PermissionedDomainSet (docs/protocol.md §8.7, rippled `PermissionedDomainSet.cpp`): creates a
 * domain (no `DomainID`; its ID hashes the owner and the transaction's `Sequence`) or replaces
 * the `AcceptedCredentials` of the sender's domain `DomainID`, stored sorted by issuer and type.
 * Needs Credentials too (`temDISABLED`). Preflight: the list empty (`temARRAY_EMPTY`), over 10
 * (`temARRAY_TOO_LARGE`), an issuer missing (`temINVALID_ACCOUNT_ID`), a type empty or over 64
 * bytes or a pair twice (`temMALFORMED`, CredentialHelpers.cpp `checkArray`), a zero `DomainID`
 * (`temMALFORMED`). Preclaim: an issuer without an account → `tecNO_ISSUER`; no such domain →
 * `tecNO_ENTRY`; another's → `tecNO_PERMISSION`. A new domain needs one more owner reserve of
 * the balance after the fee (`tecINSUFFICIENT_RESERVE`).
 *
 * @example
 * ```ts
 * permissionedDomainSetRules.preflight({ AcceptedCredentials: [] }, context) // temARRAY_EMPTY
 * ```
 */
export const permissionedDomainSetRules: TransactionRules = {
  source: 'PermissionedDomainSet.cpp',
  amendment: 'PermissionedDomains',
  flags: 0,
  required: ['AcceptedCredentials'],
  preflight(tx, context) {
    // PermissionedDomainSet::checkExtraFeatures.
    if (!context.enabled('Credentials')) {
      return refuse(
        'temDISABLED',
        'amendment-disabled',
        'PermissionedDomainSet needs the Credentials amendment too',
        SET_SOURCE,
      )
    }
    const refused = credentialArrayRefusal(credentialsOf(tx))
    if (refused) return refused
    return tx.DomainID === undefined ? null : domainRefusal(tx.DomainID, SET_SOURCE)
  },
  preclaim(view, tx) {
    for (const { Issuer } of credentialsOf(tx)) {
      if (!readAccount(view, Issuer)) {
        return refuse(
          'tecNO_ISSUER',
          'domain-issuer-missing',
          `the credential issuer ${Issuer} has no account`,
          SET_SOURCE,
        )
      }
    }
    return tx.DomainID === undefined ? null : ownedDomainRefusal(view, tx, SET_SOURCE)
  },
  doApply({ view, tx, account }) {
    const accepted = sortedCredentials(credentialsOf(tx))
    if (tx.DomainID !== undefined) {
      const domain = view.peek(String(tx.DomainID).toUpperCase())
      if (!domain) return 'tefINTERNAL'
      domain.AcceptedCredentials = accepted
      view.update(domain)
      return 'tesSUCCESS'
    }
    const short = reserveRefusal(view, BigInt(account.Balance), account.OwnerCount + 1, SET_SOURCE)
    if (short) return short
    const sequence = Number(tx.Sequence)
    const domain: LedgerObject = {
      LedgerEntryType: 'PermissionedDomain',
      Flags: 0,
      Owner: account.Account,
      Sequence: sequence,
      AcceptedCredentials: accepted,
      OwnerNode: '0',
      index: permissionedDomainIndex(account.Account, sequence),
    }
    return addOwnedObject(view, domain, { owner: account })
  },
}

/**
 * PermissionedDomainDelete (docs/protocol.md §8.7, rippled `PermissionedDomainDelete.cpp`):
 * removes the sender's domain `DomainID`, one owner reserve freed. A zero `DomainID` →
 * `temMALFORMED`; no such domain → `tecNO_ENTRY`; another's → `tecNO_PERMISSION`.
 *
 * @example
 * ```ts
 * permissionedDomainDeleteRules.preflight({ DomainID: '0'.repeat(64) }, context) // temMALFORMED
 * ```
 */
export const permissionedDomainDeleteRules: TransactionRules = {
  source: 'PermissionedDomainDelete.cpp',
  amendment: 'PermissionedDomains',
  flags: 0,
  preflight(tx) {
    return domainRefusal(tx.DomainID, DELETE_SOURCE)
  },
  preclaim: (view, tx) => ownedDomainRefusal(view, tx, DELETE_SOURCE),
  doApply({ view, tx, account }) {
    const domain = view.peek(String(tx.DomainID).toUpperCase())
    if (!domain) return 'tefINTERNAL'
    removeOwnedObject(view, domain, { owner: account.Account, keepRoot: true })
    return 'tesSUCCESS'
  },
}
