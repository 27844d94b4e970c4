import { accountIdOf } from '../codec/account-ids'
import type { JsonObject } from '../codec/json-object'
import { adjustOwnerCount, reserveFor } from '../state/account-root'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from '../state/directory'
import { ownerDirIndex, signerListIndex } from '../state/keylets'
import { type AccountRoot, type LedgerObject, LSF } from '../state/ledger-object'
import type { ApplyView } from '../state/read-view'
import type { TransactionRules } from './transaction-rules'

const MAX_SIGNER_ENTRIES = 32

/**
 * SetRegularKey: sets (or, without `RegularKey`, removes) the key that may sign for the account
 * besides its master key; the signature checks of docs/protocol.md §8.2 honour it.
 *
 * @example
 * ```ts
 * setRegularKeyRules.preflight({ Account: a, RegularKey: a }) // 'temBAD_REGKEY'
 * ```
 */
export const setRegularKeyRules: TransactionRules = {
  preflight(tx: JsonObject) {
    if (tx.RegularKey !== undefined && tx.RegularKey === tx.Account) return 'temBAD_REGKEY'
    return null
  },
  doApply({ view, tx, account }) {
    if (typeof tx.RegularKey === 'string') account.RegularKey = tx.RegularKey
    else delete account.RegularKey
    view.update(account)
    return 'tesSUCCESS'
  },
}

interface Entry {
  account: string
  weight: number
}

function entriesOf(tx: JsonObject): Entry[] | null {
  if (!Array.isArray(tx.SignerEntries)) return null
  const entries: Entry[] = []
  for (const wrapper of tx.SignerEntries) {
    const entry = (wrapper as JsonObject | null)?.SignerEntry as JsonObject | undefined
    if (!entry || typeof entry.Account !== 'string' || typeof entry.SignerWeight !== 'number') {
      return null
    }
    entries.push({ account: entry.Account, weight: entry.SignerWeight })
  }
  return entries
}

/**
 * SignerListSet: sets the account's SignerList (one owned object, so one owner reserve), or
 * deletes it with `SignerQuorum: 0`; multisigned transactions are checked against it.
 *
 * @example
 * ```ts
 * signerListSetRules.preflight({ Account: a, SignerQuorum: 3, SignerEntries: [] }) // 'temMALFORMED'
 * ```
 */
export const signerListSetRules: TransactionRules = {
  preflight(tx: JsonObject) {
    const quorum = tx.SignerQuorum
    if (typeof quorum !== 'number') return 'temMALFORMED'
    if (quorum === 0) return tx.SignerEntries === undefined ? null : 'temMALFORMED'
    const entries = entriesOf(tx)
    if (!entries || entries.length === 0 || entries.length > MAX_SIGNER_ENTRIES) {
      return 'temMALFORMED'
    }
    const seen = new Set<string>()
    let total = 0
    for (const entry of entries) {
      if (entry.account === tx.Account || seen.has(entry.account) || entry.weight === 0) {
        return 'temBAD_SIGNER'
      }
      seen.add(entry.account)
      total += entry.weight
    }
    return total >= quorum ? null : 'temBAD_QUORUM'
  },
  doApply({ view, tx, account, priorBalance }) {
    removeSignerList(view, account)
    const quorum = Number(tx.SignerQuorum)
    if (quorum === 0) return 'tesSUCCESS'
    // One owned object with MultiSignReserve (lsfOneOwnerCount), checked against the balance
    // before the fee (SetSignerList::replaceSignerList).
    if (priorBalance < reserveFor(view.fees, account.OwnerCount + 1)) {
      return 'tecINSUFFICIENT_RESERVE'
    }
    const index = signerListIndex(account.Account)
    const page = dirInsert(
      view,
      ownerDirIndex(account.Account),
      index,
      describeOwnerDir(account.Account),
    )
    if (page === null) return 'tecDIR_FULL'
    const entries = (entriesOf(tx) ?? []).sort((a, b) =>
      accountIdOf(a.account) < accountIdOf(b.account) ? -1 : 1,
    )
    view.insert({
      LedgerEntryType: 'SignerList',
      Flags: LSF.SignerList.OneOwnerCount,
      OwnerNode: uint64Json(page),
      SignerQuorum: quorum,
      SignerEntries: entries.map((entry) => ({
        SignerEntry: { Account: entry.account, SignerWeight: entry.weight },
      })),
      SignerListID: 0,
      index,
    })
    adjustOwnerCount(view, account, 1)
    return 'tesSUCCESS'
  },
}

// Removes an account's SignerList, if any, with its owner-directory entry and owned object
// (SetSignerList::removeSignersFromLedger).
function removeSignerList(view: ApplyView, account: AccountRoot): void {
  const list = view.peek(signerListIndex(account.Account)) as LedgerObject | undefined
  if (!list) return
  const root = ownerDirIndex(account.Account)
  dirRemove(view, root, uint64Of(list.OwnerNode), list.index, false)
  view.erase(list)
  const objects =
    (list.Flags & LSF.SignerList.OneOwnerCount) !== 0
      ? 1
      : 2 + ((list.SignerEntries as unknown[] | undefined)?.length ?? 0)
  adjustOwnerCount(view, account, -objects)
}
