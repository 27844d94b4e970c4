import type { AmendmentRules } from '../amendments/amendment-table'
import { accountIdOf } from '../codec/account-ids'
import type { JsonObject } from '../codec/json-object'
import { reserve } from '../state/account-state'
import { LSF, onlyFlags, TF_UNIVERSAL } from './account-flags'
import type { TransactionRules } from './apply-context'

/**
 * SetRegularKey's preflight (rippled `SetRegularKey.cpp`): no flags of its own; the master key
 * cannot be its own regular key (`temBAD_REGKEY`, fixMasterKeyAsRegularKey).
 *
 * @example
 * ```ts
 * setRegularKeyPreflight({ Account: a, RegularKey: a }) // 'temBAD_REGKEY'
 * ```
 */
export function setRegularKeyPreflight(tx: JsonObject): string | null {
  if (!onlyFlags(tx, TF_UNIVERSAL)) return 'temINVALID_FLAG'
  if (tx.RegularKey !== undefined && tx.RegularKey === tx.Account) return 'temBAD_REGKEY'
  return null
}

/**
 * Whether removing the regular key leaves the account no way to sign (rippled
 * `SetRegularKey::doApply` → `tecNO_ALTERNATIVE_KEY`): master disabled and no SignerList.
 *
 * @example
 * ```ts
 * removesLastKey({ Account: a }, LSF.DisableMaster, false) // true
 * ```
 */
export function removesLastKey(tx: JsonObject, flags: number, hasSignerList: boolean): boolean {
  return tx.RegularKey === undefined && (flags & LSF.DisableMaster) !== 0 && !hasSignerList
}

/** One entry of a SignerList: the signer, its weight, and the optional `WalletLocator` tag. */
export interface SignerListEntry {
  account: string
  weight: number
  walletLocator?: string
}

// rippled `STTx::minMultiSigners` / `maxMultiSigners` (32 with ExpandedSignerList, else 8).
const MIN_SIGNERS = 1
const maxSigners = (amendments: AmendmentRules) =>
  amendments.enabled('ExpandedSignerList') ? 32 : 8

/**
 * The entries of a SignerListSet sorted by AccountID as rippled stores them, or null when an
 * item is not a `SignerEntry` with `Account` and `SignerWeight` (rippled `SignerEntries::
 * deserialize` → `temMALFORMED`).
 *
 * @example
 * ```ts
 * signerListEntries(tx)?.map((e) => e.account) // sorted by AccountID
 * ```
 */
export function signerListEntries(tx: JsonObject): SignerListEntry[] | null {
  if (!Array.isArray(tx.SignerEntries)) return null
  const entries: SignerListEntry[] = []
  for (const wrapper of tx.SignerEntries) {
    const entry = (wrapper as JsonObject | null)?.SignerEntry as JsonObject | undefined
    if (typeof entry?.Account !== 'string' || typeof entry.SignerWeight !== 'number') return null
    const walletLocator = typeof entry.WalletLocator === 'string' ? entry.WalletLocator : undefined
    entries.push({
      account: entry.Account,
      weight: entry.SignerWeight,
      ...(walletLocator === undefined ? {} : { walletLocator }),
    })
  }
  return entries
    .map((entry) => ({ entry, id: accountIdOf(entry.account) }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ entry }) => entry)
}

/**
 * SignerListSet's preflight (rippled `SetSignerList.cpp`): a quorum with entries sets the list,
 * quorum 0 without entries deletes it, anything else is `temMALFORMED`; 1 to 32 entries (8
 * without ExpandedSignerList), no duplicate (`temBAD_SIGNER`), every weight above 0
 * (`temBAD_WEIGHT`), never the account itself (`temBAD_SIGNER`), a `WalletLocator` only with
 * ExpandedSignerList, and a reachable quorum (`temBAD_QUORUM`).
 *
 * @example
 * ```ts
 * signerListSetPreflight({ Account: a, SignerQuorum: 3, SignerEntries: oneOfWeight2 }, table) // 'temBAD_QUORUM'
 * ```
 */
export function signerListSetPreflight(tx: JsonObject, amendments: AmendmentRules): string | null {
  if (!onlyFlags(tx, TF_UNIVERSAL)) return 'temINVALID_FLAG'
  const quorum = Number(tx.SignerQuorum ?? 0)
  const hasEntries = tx.SignerEntries !== undefined
  if (quorum === 0) return hasEntries ? 'temMALFORMED' : null
  if (!hasEntries) return 'temMALFORMED'
  const entries = signerListEntries(tx)
  if (!entries) return 'temMALFORMED'
  if (entries.length < MIN_SIGNERS || entries.length > maxSigners(amendments)) return 'temMALFORMED'
  if (entries.some((entry, i) => i > 0 && entries[i - 1]?.account === entry.account)) {
    return 'temBAD_SIGNER'
  }
  let total = 0
  for (const entry of entries) {
    if (entry.weight <= 0) return 'temBAD_WEIGHT'
    total += entry.weight
    if (entry.account === tx.Account) return 'temBAD_SIGNER'
    if (entry.walletLocator !== undefined && !amendments.enabled('ExpandedSignerList')) {
      return 'temMALFORMED'
    }
  }
  return total < quorum ? 'temBAD_QUORUM' : null
}

/**
 * SetRegularKey on the account model this file replaces.
 *
 * @example
 * ```ts
 * setRegularKeyRules.preflight({ Account: a, RegularKey: a }, table) // 'temBAD_REGKEY'
 * ```
 */
export const setRegularKeyRules: TransactionRules = {
  preflight: setRegularKeyPreflight,
  apply({ tx, account }) {
    if (removesLastKey(tx, account.flags, account.signerList !== null)) {
      return { result: 'tecNO_ALTERNATIVE_KEY' }
    }
    account.regularKey = typeof tx.RegularKey === 'string' ? tx.RegularKey : null
    return { result: 'tesSUCCESS' }
  },
}

/**
 * SignerListSet on the account model this file replaces: one owner count per list
 * (MultiSignReserve), the reserve checked against the balance before the fee
 * (`tecINSUFFICIENT_RESERVE`), and no deletion that leaves the account no way to sign
 * (`tecNO_ALTERNATIVE_KEY`).
 *
 * @example
 * ```ts
 * signerListSetRules.preflight({ Account: a, SignerQuorum: 3, SignerEntries: [] }, table) // 'temMALFORMED'
 * ```
 */
export const signerListSetRules: TransactionRules = {
  preflight: signerListSetPreflight,
  apply({ network, tx, account, fee }) {
    const quorum = Number(tx.SignerQuorum ?? 0)
    if (quorum === 0) {
      if ((account.flags & LSF.DisableMaster) !== 0 && account.regularKey === null) {
        return { result: 'tecNO_ALTERNATIVE_KEY' }
      }
      if (account.signerList) account.ownerCount -= 1
      account.signerList = null
      return { result: 'tesSUCCESS' }
    }
    const owners = account.ownerCount + (account.signerList ? 0 : 1)
    if (account.balance + fee < reserve(network, owners)) {
      return { result: 'tecINSUFFICIENT_RESERVE' }
    }
    const entries = signerListEntries(tx) ?? []
    account.signerList = { quorum, weights: new Map(entries.map((e) => [e.account, e.weight])) }
    account.ownerCount = owners
    return { result: 'tesSUCCESS' }
  },
}
