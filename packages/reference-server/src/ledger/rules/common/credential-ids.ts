import type { JsonObject } from '../../codec/json-object'
import { depositPreauthCredentialsIndex } from '../../state/keylets'
import type { ReadView } from '../../state/read-view'
import type { Sandbox } from '../../state/sandbox'
import {
  type Credential,
  credentialExpired,
  deleteCredential,
  isAccepted,
} from '../../view/credentials'
import { type Refusal, refuse } from '../../view/refusal'

// `CredentialIDs` on Payment, EscrowFinish, PaymentChannelClaim and AccountDelete: the one copy of
// rippled's CredentialHelpers.cpp `checkFields`, `valid`, `removeExpired` and
// `authorizedDepositPreauth`, which each of the four types asks (deposit-authorization.ts joins
// them to the DepositAuth rule, as `verifyDepositPreauth` does).
const SOURCE = 'CredentialHelpers.cpp'

// rippled Protocol.h `maxCredentialsArraySize`.
const MAX_CREDENTIALS = 8

const idsOf = (tx: { CredentialIDs?: unknown }): string[] | undefined =>
  Array.isArray(tx.CredentialIDs) ? (tx.CredentialIDs as string[]) : undefined

/**
 * A transaction's `CredentialIDs` alone (`checkFields`): when present, 1 to 8 distinct hashes,
 * else `temMALFORMED`.
 *
 * @example
 * ```ts
 * credentialIdsPreflight({ CredentialIDs: [] }) // temMALFORMED
 * ```
 */
export function credentialIdsPreflight(tx: JsonObject): Refusal | null {
  if (tx.CredentialIDs === undefined) return null
  const ids = idsOf(tx) ?? []
  if (ids.length === 0 || ids.length > MAX_CREDENTIALS) {
    const detail = `CredentialIDs holds ${ids.length} hashes, not 1 to ${MAX_CREDENTIALS}`
    return refuse('temMALFORMED', 'credential-count', detail, SOURCE)
  }
  const upper = ids.map((id) => String(id).toUpperCase())
  if (new Set(upper).size !== upper.length) {
    const detail = 'CredentialIDs holds a hash twice'
    return refuse('temMALFORMED', 'credential-duplicate', detail, SOURCE)
  }
  return null
}

/**
 * Each of a transaction's `CredentialIDs` against the ledger (`valid`, in preclaim): a
 * credential that does not exist, whose subject is not the sender, or not accepted →
 * `tecBAD_CREDENTIALS`. Expiry is judged when it applies ({@link expiredCredentialsRefusal}).
 *
 * @example
 * ```ts
 * credentialIdsPreclaim(view, { Account: alice, CredentialIDs: [id] }) // null or tecBAD_CREDENTIALS
 * ```
 */
export function credentialIdsPreclaim(view: ReadView, tx: JsonObject): Refusal | null {
  const sender = String(tx.Account)
  for (const id of idsOf(tx) ?? []) {
    const credential = view.read(String(id).toUpperCase())
    let wrong: string | null = null
    if (credential?.LedgerEntryType !== 'Credential') wrong = 'does not exist'
    else if (credential.Subject !== sender) wrong = `belongs to ${credential.Subject}`
    else if (!isAccepted(credential)) wrong = 'is not accepted'
    if (wrong) {
      const detail = `the credential ${id} ${wrong}, not an accepted credential of ${sender}`
      return refuse('tecBAD_CREDENTIALS', 'bad-credential', detail, SOURCE)
    }
  }
  return null
}

/** What deleting expired credentials needs of the applying transaction. */
export interface CredentialContext {
  readonly view: Sandbox
  readonly tx: JsonObject
  afterClaim(change: (view: Sandbox) => void): void
}

/**
 * Deletes the transaction's expired credentials (`removeExpired`): `tecEXPIRED` when there was
 * one, and they stay deleted though the transaction fails (rippled's Transactor removes them
 * again after the `tec` reset); null when none expired.
 *
 * @example
 * ```ts
 * const expired = expiredCredentialsRefusal(context)
 * if (expired) return expired
 * ```
 */
export function expiredCredentialsRefusal(context: CredentialContext): Refusal | null {
  const { view } = context
  const expired = (idsOf(context.tx) ?? [])
    .map((id) => view.peek(String(id).toUpperCase()) as Credential | undefined)
    .filter((found): found is Credential => found !== undefined && credentialExpired(view, found))
  if (expired.length === 0) return null
  const ids = expired.map((credential) => credential.index)
  const remove = (on: Sandbox) => {
    for (const id of ids) deleteCredential(on, on.peek(id) as Credential)
  }
  remove(view)
  context.afterClaim(remove)
  const detail = `the credentials ${ids.join(', ')} expired before the parent ledger's close ${view.info.parentCloseTime}, and are deleted`
  return refuse('tecEXPIRED', 'credential-expired', detail, SOURCE)
}

/**
 * Whether `destination` preauthorized exactly the set of (issuer, type) of the transaction's
 * credentials (`authorizedDepositPreauth`: a DepositPreauth with that set, neither more nor
 * fewer).
 *
 * @example
 * ```ts
 * credentialsPreauthorized(view, tx, shop) // true when shop authorized exactly those credentials
 * ```
 */
export function credentialsPreauthorized(
  view: ReadView,
  tx: { CredentialIDs?: unknown },
  destination: string,
): boolean {
  const pairs = (idsOf(tx) ?? []).map((id) => {
    const credential = view.read(String(id).toUpperCase()) as Readonly<Credential>
    return { issuer: credential.Issuer, credentialType: credential.CredentialType }
  })
  return view.read(depositPreauthCredentialsIndex(destination, pairs)) !== undefined
}

/**
 * The `credentials` a `deposit_authorized` request names, as rippled's DepositAuthorized.cpp
 * checks them: the message of its `badCredentials` answer (a credential missing, not accepted,
 * expired, not the source's, or a pair twice), or null when each is an accepted credential of
 * `source`.
 *
 * @example
 * ```ts
 * credentialsRequestRefusal(view, [id], alice) // "credentials don't exist"
 * ```
 */
export function credentialsRequestRefusal(
  view: ReadView,
  ids: readonly string[],
  source: string,
): string | null {
  const pairs = new Set<string>()
  for (const id of ids) {
    const credential = view.read(id.toUpperCase())
    if (credential?.LedgerEntryType !== 'Credential') return "credentials don't exist"
    if (!isAccepted(credential)) return "credentials aren't accepted"
    if (credentialExpired(view, credential)) return 'credentials are expired'
    if (credential.Subject !== source) return "credentials doesn't belong to the root account"
    const pair = `${credential.Issuer} ${credential.CredentialType}`
    if (pairs.has(pair)) return 'duplicates in credentials'
    pairs.add(pair)
  }
  return null
}
