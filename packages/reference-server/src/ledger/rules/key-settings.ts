import type { JsonObject } from '../codec/json-object'
import { reserve } from '../state/account-state'
import type { TransactionRules } from './apply-context'

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
  apply({ tx, account }) {
    account.regularKey = typeof tx.RegularKey === 'string' ? tx.RegularKey : null
    return { result: 'tesSUCCESS' }
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
  apply({ network, tx, account }) {
    const quorum = Number(tx.SignerQuorum)
    if (quorum === 0) {
      if (account.signerList) account.ownerCount -= 1
      account.signerList = null
      return { result: 'tesSUCCESS' }
    }
    const owners = account.ownerCount + (account.signerList ? 0 : 1)
    if (account.balance < reserve(network, owners)) return { result: 'tecINSUFFICIENT_RESERVE' }
    const weights = new Map((entriesOf(tx) ?? []).map((e) => [e.account, e.weight] as const))
    account.signerList = { quorum, weights }
    account.ownerCount = owners
    return { result: 'tesSUCCESS' }
  },
}
