import type { AmendmentRules } from '../../amendments/amendment-table'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { addressOf } from '../../signatures/signature-check'
import { readAccount } from '../../state/account-root'
import { signerListIndex } from '../../state/keylets'
import { type AccountRoot, type LedgerObject, LSF } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import { refuse, type Verdict } from '../../view/refusal'
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
export function setRegularKeyPreflight(tx: JsonObject): Verdict | null {
  if (tx.RegularKey !== undefined && tx.RegularKey === tx.Account) {
    const detail = `RegularKey ${tx.RegularKey} is the account itself: its master key`
    return refuse('temBAD_REGKEY', 'regular-key-is-master', detail, REGULAR_KEY)
  }
  return null
}

// The rules follow rippled's SetRegularKey.cpp and SetSignerList.cpp.
const REGULAR_KEY = 'SetRegularKey.cpp'
const SIGNER_LIST = 'SetSignerList.cpp'

// The account left without a way to sign: master disabled, and no regular key or no SignerList.
const noAlternativeKey = (detail: string, source: string) =>
  refuse('tecNO_ALTERNATIVE_KEY', 'last-key', detail, source)

// A malformed list (SignerEntries::deserialize, SetSignerList::preflight).
const malformedList = (detail: string) =>
  refuse('temMALFORMED', 'signer-list-malformed', detail, SIGNER_LIST)

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
export function signerListSetPreflight(tx: JsonObject, amendments: AmendmentRules): Verdict | null {
  const quorum = Number(tx.SignerQuorum ?? 0)
  const hasEntries = tx.SignerEntries !== undefined
  if (quorum === 0) {
    return hasEntries
      ? malformedList('SignerQuorum 0 deletes the list, yet SignerEntries is given')
      : null
  }
  if (!hasEntries)
    return malformedList(`SignerQuorum ${quorum} sets a list, yet SignerEntries is missing`)
  const entries = signerListEntries(tx)
  if (!entries)
    return malformedList('an item of SignerEntries is no SignerEntry with Account and SignerWeight')
  const most = maxSigners(amendments)
  if (entries.length < MIN_SIGNERS || entries.length > most) {
    return malformedList(
      `SignerEntries holds ${entries.length} entries, not ${MIN_SIGNERS} to ${most}`,
    )
  }
  const repeated = entries.find((entry, i) => i > 0 && entries[i - 1]?.account === entry.account)
  if (repeated) {
    const detail = `${repeated.account} is in SignerEntries twice`
    return refuse('temBAD_SIGNER', 'signer-repeated', detail, SIGNER_LIST)
  }
  let total = 0
  for (const entry of entries) {
    if (entry.weight <= 0) {
      const detail = `the SignerWeight of ${entry.account} is ${entry.weight}, not above 0`
      return refuse('temBAD_WEIGHT', 'signer-weight', detail, SIGNER_LIST)
    }
    total += entry.weight
    if (entry.account === tx.Account) {
      const detail = `${entry.account} is the account itself: it cannot sign for itself in the list`
      return refuse('temBAD_SIGNER', 'signer-is-account', detail, SIGNER_LIST)
    }
    if (entry.walletLocator !== undefined && !amendments.enabled('ExpandedSignerList')) {
      return malformedList(
        `the WalletLocator of ${entry.account} needs ExpandedSignerList, not enabled`,
      )
    }
  }
  if (total >= quorum) return null
  const detail = `the weights add up to ${total}, below SignerQuorum ${quorum}`
  return refuse('temBAD_QUORUM', 'quorum-unreachable', detail, SIGNER_LIST)
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
  source: 'SetRegularKey.cpp',
  amendment: null,
  flags: 0,
  preflight: setRegularKeyPreflight,
  fee: (tx, _fees, standard, view) => {
    const root = readAccount(view, String(tx.Account))
    return root && freeKeyChange(tx, root) ? 0n : standard
  },
  doApply({ view, tx, account }) {
    const hasSignerList = view.read(signerListIndex(account.Account)) !== undefined
    if (removesLastKey(tx, account.Flags, hasSignerList)) {
      const detail = `removing the regular key of ${account.Account} leaves no key: the master key is disabled and there is no SignerList`
      return noAlternativeKey(detail, REGULAR_KEY)
    }
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
  source: 'SetSignerList.cpp',
  amendment: 'MultiSign',
  flags: 0,
  preflight: signerListSetPreflight,
  doApply({ view, tx, account, priorBalance }) {
    const quorum = Number(tx.SignerQuorum ?? 0)
    if (quorum === 0) {
      const masterOff = (account.Flags & LSF.AccountRoot.DisableMaster) !== 0
      if (masterOff && account.RegularKey === undefined) {
        const detail = `deleting the SignerList of ${account.Account} leaves no key: the master key is disabled and there is no regular key`
        return noAlternativeKey(detail, SIGNER_LIST)
      }
      removeSignerList(view, account)
      return 'tesSUCCESS'
    }
    // Replacing may lower the reserve, so the old list goes first (replaceSignerList).
    removeSignerList(view, account)
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + 1, SIGNER_LIST)
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
