import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import {
  type CredentialPair,
  depositPreauthCredentialsIndex,
  depositPreauthIndex,
  sortedCredentials,
} from '../../state/keylets'
import type { AccountRoot } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { refuse, type Verdict } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'

// rippled's "zero" AccountID, which `Authorize`/`Unauthorize` may not name.
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

/**
 * DepositPreauth's preflight (rippled `DepositPreauth.cpp`): exactly one of `Authorize`,
 * `Unauthorize`, `AuthorizeCredentials`, `UnauthorizeCredentials` (`temMALFORMED`; the
 * credential ones need the Credentials amendment, `temDISABLED` from the amendment table), not
 * the zero account (`temINVALID_ACCOUNT_ID`), never the account itself (`temCANNOT_PREAUTH_SELF`);
 * a credential array as {@link credentialArrayRefusal} checks it.
 *
 * @example
 * ```ts
 * depositPreauthPreflight({ Account: a, Authorize: a }) // 'temCANNOT_PREAUTH_SELF'
 * ```
 */
export function depositPreauthPreflight(tx: JsonObject): Verdict | null {
  const fields = ['Authorize', 'Unauthorize', 'AuthorizeCredentials', 'UnauthorizeCredentials']
  if (fields.filter((field) => tx[field] !== undefined).length !== 1) return 'temMALFORMED'
  const credentials = tx.AuthorizeCredentials ?? tx.UnauthorizeCredentials
  if (credentials !== undefined) return credentialArrayRefusal(credentials)
  const target = tx.Authorize ?? tx.Unauthorize
  if (target === ACCOUNT_ZERO) return 'temINVALID_ACCOUNT_ID'
  return tx.Authorize !== undefined && tx.Authorize === tx.Account ? 'temCANNOT_PREAUTH_SELF' : null
}

// rippled Protocol.h `maxCredentialsArraySize`, `maxCredentialTypeLength`.
const MAX_CREDENTIALS = 8
const MAX_TYPE_BYTES = 64

// The (issuer, type) pairs of an AuthorizeCredentials or UnauthorizeCredentials array.
const pairsOf = (credentials: unknown): CredentialPair[] =>
  (credentials as { Credential: { Issuer: string; CredentialType: string } }[]).map(
    ({ Credential }) => ({ issuer: Credential.Issuer, credentialType: Credential.CredentialType }),
  )

/**
 * An `AuthorizeCredentials` or `UnauthorizeCredentials` array (CredentialHelpers.cpp
 * `checkArray`): empty → `temARRAY_EMPTY`, more than 8 → `temARRAY_TOO_LARGE`, a zero issuer →
 * `temINVALID_ACCOUNT_ID`, a type not 1 to 64 bytes or a pair twice → `temMALFORMED`.
 *
 * @example
 * ```ts
 * credentialArrayRefusal([]) // temARRAY_EMPTY
 * ```
 */
export function credentialArrayRefusal(credentials: unknown): Verdict | null {
  const source = 'CredentialHelpers.cpp'
  const list = Array.isArray(credentials) ? credentials : []
  if (list.length === 0 || list.length > MAX_CREDENTIALS) {
    const detail = `the array holds ${list.length} credentials, not 1 to ${MAX_CREDENTIALS}`
    const result = list.length === 0 ? 'temARRAY_EMPTY' : 'temARRAY_TOO_LARGE'
    return refuse(result, 'credential-count', detail, source)
  }
  const seen = new Set<string>()
  for (const { issuer, credentialType } of pairsOf(list)) {
    if (issuer === ACCOUNT_ZERO) {
      return refuse(
        'temINVALID_ACCOUNT_ID',
        'issuer-zero',
        'a credential names the zero account as its issuer',
        source,
      )
    }
    const bytes = String(credentialType).length / 2
    if (bytes < 1 || bytes > MAX_TYPE_BYTES) {
      const detail = `a CredentialType is ${bytes} bytes, not 1 to ${MAX_TYPE_BYTES}`
      return refuse('temMALFORMED', 'credential-type-size', detail, source)
    }
    const key = `${issuer} ${String(credentialType).toUpperCase()}`
    if (seen.has(key)) {
      return refuse(
        'temMALFORMED',
        'credential-duplicate',
        `the credential ${key} is named twice`,
        source,
      )
    }
    seen.add(key)
  }
  return null
}

/**
 * DepositPreauth's preclaim (rippled `DepositPreauth::preclaim`): authorizing needs an existing
 * account (`tecNO_TARGET`) not yet authorized (`tecDUPLICATE`); unauthorizing needs the
 * preauthorization (`tecNO_ENTRY`).
 *
 * @example
 * ```ts
 * depositPreauthPreclaim({ Authorize: b }, { targetExists: true, entryExists: true }) // 'tecDUPLICATE'
 * ```
 */
export function depositPreauthPreclaim(
  tx: JsonObject,
  facts: { targetExists: boolean; entryExists: boolean },
): string | null {
  if (tx.Authorize !== undefined) {
    if (!facts.targetExists) return 'tecNO_TARGET'
    return facts.entryExists ? 'tecDUPLICATE' : null
  }
  return facts.entryExists ? null : 'tecNO_ENTRY'
}

/**
 * Removes a DepositPreauth object from its owner's directory and reserve (rippled
 * `DepositPreauth::removeFromLedger`); `owner` is the owner's AccountRoot, peeked by the caller.
 * A directory that does not list it is `tefBAD_LEDGER` (thrown, view/ledger-fault.ts).
 *
 * @example
 * ```ts
 * removeDepositPreauth(view, depositPreauthIndex(owner.Account, b), owner) // 'tesSUCCESS'
 * ```
 */
export function removeDepositPreauth(view: ApplyView, index: string, owner: AccountRoot): string {
  const entry = view.peek(index)
  if (!entry) return 'tecNO_ENTRY'
  removeOwnedObject(view, entry, { owner: owner.Account, keepRoot: false })
  return 'tesSUCCESS'
}

/**
 * DepositPreauth (docs/protocol.md §8.7, §8.16, rippled `DepositPreauth.cpp`): `Authorize` adds a
 * DepositPreauth object (one owner reserve, checked against the balance before the fee →
 * `tecINSUFFICIENT_RESERVE`), `Unauthorize` removes it; `AuthorizeCredentials` adds the credential
 * form (a set of issuer and type, sorted, keyed by the whole set), `UnauthorizeCredentials`
 * removes it.
 *
 * @example
 * ```ts
 * depositPreauthRules.preflight({ Account: a, Authorize: a }, context) // 'temCANNOT_PREAUTH_SELF'
 * ```
 */
// DepositPreauth::preclaim for the credential form: each issuer must exist (`tecNO_ISSUER`); a
// set authorized already → `tecDUPLICATE`; a set to unauthorize not there → `tecNO_ENTRY`.
function credentialsPreclaim(view: ReadView, tx: JsonObject): Verdict | null {
  const owner = String(tx.Account)
  const source = 'DepositPreauth.cpp'
  if (tx.AuthorizeCredentials !== undefined) {
    const pairs = pairsOf(tx.AuthorizeCredentials)
    const missing = pairs.find((pair) => !readAccount(view, pair.issuer))
    if (missing) {
      return refuse(
        'tecNO_ISSUER',
        'no-issuer',
        `the issuer ${missing.issuer} has no account`,
        source,
      )
    }
    if (view.read(depositPreauthCredentialsIndex(owner, pairs))) {
      const detail = `${owner} preauthorized this set of credentials already`
      return refuse('tecDUPLICATE', 'preauthorized', detail, source)
    }
    return null
  }
  if (view.read(depositPreauthCredentialsIndex(owner, pairsOf(tx.UnauthorizeCredentials)))) {
    return null
  }
  const detail = `${owner} has not preauthorized this set of credentials`
  return refuse('tecNO_ENTRY', 'not-preauthorized', detail, source)
}

// DepositPreauth::doApply for AuthorizeCredentials: the entry holds the set sorted as rippled
// sorts it, each `{Credential: {Issuer, CredentialType}}`.
function authorizeCredentials(view: ApplyView, owner: AccountRoot, tx: JsonObject): string {
  const sorted = sortedCredentials(pairsOf(tx.AuthorizeCredentials))
  const entry = {
    LedgerEntryType: 'DepositPreauth',
    Flags: 0,
    Account: owner.Account,
    AuthorizeCredentials: sorted.map((pair) => ({
      Credential: { Issuer: pair.issuer, CredentialType: pair.credentialType.toUpperCase() },
    })),
    OwnerNode: '0',
    index: depositPreauthCredentialsIndex(owner.Account, sorted),
  }
  return addOwnedObject(view, entry, { owner })
}

export const depositPreauthRules: TransactionRules = {
  source: 'DepositPreauth.cpp',
  amendment: 'DepositPreauth',
  flags: 0,
  preflight: depositPreauthPreflight,
  preclaim(view, tx) {
    if (tx.Authorize === undefined && tx.Unauthorize === undefined) {
      return credentialsPreclaim(view, tx)
    }
    const target = String(tx.Authorize ?? tx.Unauthorize)
    return depositPreauthPreclaim(tx, {
      targetExists: readAccount(view, target) !== undefined,
      entryExists: view.read(depositPreauthIndex(String(tx.Account), target)) !== undefined,
    })
  },
  doApply({ view, tx, account, priorBalance }) {
    if (tx.Unauthorize !== undefined) {
      const index = depositPreauthIndex(account.Account, String(tx.Unauthorize))
      return removeDepositPreauth(view, index, account)
    }
    if (tx.UnauthorizeCredentials !== undefined) {
      const pairs = pairsOf(tx.UnauthorizeCredentials)
      return removeDepositPreauth(
        view,
        depositPreauthCredentialsIndex(account.Account, pairs),
        account,
      )
    }
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, 'DepositPreauth.cpp')
    if (short) return short
    if (tx.AuthorizeCredentials !== undefined) return authorizeCredentials(view, account, tx)
    const authorize = String(tx.Authorize)
    const entry = {
      LedgerEntryType: 'DepositPreauth',
      Flags: 0,
      Account: account.Account,
      Authorize: authorize,
      OwnerNode: '0',
      index: depositPreauthIndex(account.Account, authorize),
    }
    return addOwnedObject(view, entry, { owner: account })
  },
}
