import type { AmendmentRules } from '../../amendments/amendment-table'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { addressOf } from '../../signatures/signature-check'
import { readAccount } from '../../state/account-root'
import { signerListIndex } from '../../state/keylets'
import { type AccountRoot, type LedgerObject, LSF } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { onlyFlags, TF_UNIVERSAL } from '../common/account-flags'
import type { TransactionRules } from '../transaction-rules'

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
 * removesLastKey({ Account: a }, LSF.AccountRoot.DisableMaster, false) // true
 * ```
 */
export function removesLastKey(tx: JsonObject, flags: number, hasSignerList: boolean): boolean {
  return (
    tx.RegularKey === undefined && (flags & LSF.AccountRoot.DisableMaster) !== 0 && !hasSignerList
  )
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

// rippled `SetRegularKey::calculateBaseFee`: signed with the master key while lsfPasswordSpent is
// clear, the key change is free once (then lsfPasswordSpent is set, until native funds arrive).
const freeKeyChange = (tx: JsonObject, root: Readonly<AccountRoot>) =>
  tx.SigningPubKey !== '' &&
  addressOf(String(tx.SigningPubKey)) === root.Account &&
  (root.Flags & LSF.AccountRoot.PasswordSpent) === 0

/**
 * SetRegularKey (docs/protocol.md §8.7, rippled `SetRegularKey.cpp`): sets or (without
 * `RegularKey`) removes the regular key, unless that leaves no way to sign.
 *
 * @example
 * ```ts
 * setRegularKeyRules.preflight({ Account: a, RegularKey: a }, context) // 'temBAD_REGKEY'
 * ```
 */
export const setRegularKeyRules: TransactionRules = {
  preflight: setRegularKeyPreflight,
  fee: (tx, _fees, standard, view) => {
    const root = readAccount(view, String(tx.Account))
    return root && freeKeyChange(tx, root) ? 0n : standard
  },
  doApply({ view, tx, account }) {
    const hasSignerList = view.read(signerListIndex(account.Account)) !== undefined
    if (removesLastKey(tx, account.Flags, hasSignerList)) return 'tecNO_ALTERNATIVE_KEY'
    if (freeKeyChange(tx, account)) account.Flags |= LSF.AccountRoot.PasswordSpent
    if (typeof tx.RegularKey === 'string') account.RegularKey = tx.RegularKey
    else delete account.RegularKey
    view.update(account)
    return 'tesSUCCESS'
  },
}

/**
 * Removes an account's SignerList (rippled `removeSignersFromLedger`): one owner count with
 * lsfOneOwnerCount, else 2 + entries; nothing when it has none; a directory that does not list it
 * is `tefBAD_LEDGER` (thrown).
 *
 * @example
 * ```ts
 * removeSignerList(view, account) // the list, its directory entry and its reserve are gone
 * ```
 */
export function removeSignerList(view: ApplyView, account: AccountRoot): void {
  const list = view.peek(signerListIndex(account.Account)) as LedgerObject | undefined
  if (!list) return
  const count =
    (list.Flags & LSF.SignerList.OneOwnerCount) !== 0
      ? 1
      : 2 + ((list.SignerEntries as unknown[] | undefined)?.length ?? 0)
  removeOwnedObject(view, list, { owner: account.Account, count, keepRoot: false })
}

/**
 * SignerListSet (docs/protocol.md §8.7, rippled `SetSignerList.cpp`): replaces the SignerList
 * object (one owner count, lsfOneOwnerCount; the reserve checked against the balance before the
 * fee → `tecINSUFFICIENT_RESERVE`), or deletes it with `SignerQuorum: 0` unless the account then
 * has no way to sign (`tecNO_ALTERNATIVE_KEY`).
 *
 * @example
 * ```ts
 * signerListSetRules.preflight({ Account: a, SignerQuorum: 3, SignerEntries: [] }, context) // 'temMALFORMED'
 * ```
 */
export const signerListSetRules: TransactionRules = {
  preflight: signerListSetPreflight,
  doApply({ view, tx, account, priorBalance }) {
    const quorum = Number(tx.SignerQuorum ?? 0)
    if (quorum === 0) {
      const masterOff = (account.Flags & LSF.AccountRoot.DisableMaster) !== 0
      if (masterOff && account.RegularKey === undefined) return 'tecNO_ALTERNATIVE_KEY'
      removeSignerList(view, account)
      return 'tesSUCCESS'
    }
    // Replacing may lower the reserve, so the old list goes first (replaceSignerList).
    removeSignerList(view, account)
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, 'SetSignerList.cpp')
    if (short) return short
    const list: LedgerObject = {
      LedgerEntryType: 'SignerList',
      Flags: LSF.SignerList.OneOwnerCount,
      OwnerNode: '0',
      SignerQuorum: quorum,
      SignerEntries: (signerListEntries(tx) ?? []).map((entry) => ({
        SignerEntry: {
          Account: entry.account,
          SignerWeight: entry.weight,
          ...(entry.walletLocator === undefined ? {} : { WalletLocator: entry.walletLocator }),
        },
      })),
      SignerListID: 0,
      index: signerListIndex(account.Account),
    }
    return addOwnedObject(view, list, { owner: account })
  },
}
