import type { XrplDefinitionsBase } from 'ripple-binary-codec'
import { addressOfAccountId } from '../codec/account-ids'
import type { LedgerValue } from '../state/ledger-object'
import type { AffectedNode, TransactionMeta } from '../state/transaction-meta'

// The amounts whose issuer counts as affected (the two sides of a trust line, an offer's assets).
const ISSUER_FIELDS = new Set(['LowLimit', 'HighLimit', 'TakerPays', 'TakerGets'])
// rippled's xrpAccount(): the issuer of no one, skipped (`issuer.isNonZero()`).
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

// Per stored node list (a lookup's meta is a fresh copy, its AffectedNodes the stored array): a
// closed transaction's nodes never change, and account_tx asks for every kept transaction's
// accounts on each call.
const found = new WeakMap<readonly AffectedNode[], ReadonlySet<string>>()

// An MPTokenIssuanceID is the issuer's sequence (4 bytes) then its AccountID (20 bytes).
const issuanceIssuer = (id: string) => addressOfAccountId(Buffer.from(id.slice(8, 48), 'hex'))

/**
 * The accounts a transaction affected, exactly as rippled's `TxMeta::getAffectedAccounts`
 * (TxMeta.cpp) finds them in its metadata's `AffectedNodes`: of each, the fields of its `NewFields`
 * (a created node) or its `FinalFields` (modified, deleted; `PreviousFields` never count), one
 * level deep: every field of type AccountID in the network's definitions, the issuer of
 * `LowLimit`, `HighLimit`, `TakerPays` and `TakerGets`, and the issuer inside
 * `MPTokenIssuanceID`. These are the accounts whose `account_tx` lists the transaction and whose
 * `accounts` stream carries it (docs/protocol.md §8.6).
 *
 * @example
 * ```ts
 * affectedAccounts(stored.meta.AffectedNodes, networkCodec(network).definitions).has(sender) // true
 * ```
 */
export function affectedAccounts(
  nodes: TransactionMeta['AffectedNodes'],
  definitions: XrplDefinitionsBase,
): ReadonlySet<string> {
  const known = found.get(nodes)
  if (known) return known
  const accounts = new Set<string>()
  const add = (address: string) => {
    if (address !== ACCOUNT_ZERO) accounts.add(address)
  }
  const visit = (fields: Record<string, LedgerValue> | undefined) => {
    for (const [field, value] of Object.entries(fields ?? {})) {
      if (typeof value === 'string') {
        if (field === 'MPTokenIssuanceID') add(issuanceIssuer(value))
        else if (definitions.field.fromString(field)?.type.name === 'AccountID') accounts.add(value)
      } else if (ISSUER_FIELDS.has(field) && value !== null && typeof value === 'object') {
        const issuer = (value as { issuer?: unknown }).issuer
        if (typeof issuer === 'string') add(issuer)
      }
    }
  }
  for (const node of nodes) {
    if ('CreatedNode' in node) visit(node.CreatedNode.NewFields)
    else if ('ModifiedNode' in node) visit(node.ModifiedNode.FinalFields)
    else visit(node.DeletedNode.FinalFields)
  }
  found.set(nodes, accounts)
  return accounts
}
