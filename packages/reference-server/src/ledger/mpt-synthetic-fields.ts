import { mptIssuanceId } from './state/keylets'
import type { AffectedNode, NodeFields } from './state/transaction-meta'

/**
 * What rippled adds to the JSON `meta` of a successful MPTokenIssuanceCreate in an API answer
 * (`tx`, `account_tx`, streams, `simulate`; never the stored or binary metadata): the new
 * issuance's `mpt_issuance_id`, made from the created MPTokenIssuance's `Sequence` and `Issuer`
 * (rippled libxrpl/protocol/MPTokenIssuanceID.cpp `insertMPTokenIssuanceID`; docs/protocol.md
 * §8.18).
 *
 * @example
 * ```ts
 * const meta = { ...stored.meta, ...mptSyntheticFields(stored.tx, stored.meta) }
 * meta.mpt_issuance_id // '00000005…' after a create
 * ```
 */
export function mptSyntheticFields(
  tx: { TransactionType?: unknown },
  meta: { TransactionResult: string; AffectedNodes: readonly AffectedNode[] },
): { mpt_issuance_id?: string } {
  if (tx.TransactionType !== 'MPTokenIssuanceCreate' || meta.TransactionResult !== 'tesSUCCESS') {
    return {}
  }
  for (const node of meta.AffectedNodes) {
    if (!('CreatedNode' in node)) continue
    const created: NodeFields = node.CreatedNode
    if (created.LedgerEntryType !== 'MPTokenIssuance') continue
    const fields = created.NewFields ?? {}
    return { mpt_issuance_id: mptIssuanceId(Number(fields.Sequence), String(fields.Issuer)) }
  }
  return {}
}
