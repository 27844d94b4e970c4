import type { JsonObject } from '../../codec/json-object'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from '../../state/directory'
import { ownerDirIndex } from '../../state/keylets'
import type { LedgerObject, LedgerValue } from '../../state/ledger-object'
import type { ApplyView } from '../../state/read-view'

/**
 * The Sequence or ticket a transaction used (rippled `getSeqValue`): what its escrow, check or
 * channel is keyed by.
 *
 * @example
 * ```ts
 * escrowIndex(owner, sequenceUsed(tx))
 * ```
 */
export const sequenceUsed = (tx: JsonObject): number => Number(tx.TicketSequence ?? tx.Sequence)

/**
 * Takes `index` out of page `page` of `owner`'s directory, keeping its root (rippled
 * `dirRemove(..., true)`); a missing entry is a broken ledger, rippled's `tefBAD_LEDGER`.
 *
 * @example
 * ```ts
 * unlink(view, owner, escrow.OwnerNode, escrow.index)
 * ```
 */
export function unlink(
  view: ApplyView,
  owner: string,
  page: LedgerValue | undefined,
  index: string,
): void {
  if (!dirRemove(view, ownerDirIndex(owner), uint64Of(page), index, true)) {
    throw new Error(`ledger view: ${index} is not in ${owner}'s directory`)
  }
}

/**
 * Adds a new object to `owner`'s directory and writes the page into its `field` (`OwnerNode`, or
 * `DestinationNode` for the receiving side); false when the directory is full (`tecDIR_FULL`).
 *
 * @example
 * ```ts
 * if (!link(view, escrow, owner, 'OwnerNode')) return 'tecDIR_FULL'
 * ```
 */
export function link(
  view: ApplyView,
  object: LedgerObject,
  owner: string,
  field: 'OwnerNode' | 'DestinationNode',
): boolean {
  const page = dirInsert(view, ownerDirIndex(owner), object.index, describeOwnerDir(owner))
  if (page === null) return false
  object[field] = uint64Json(page)
  return true
}

/**
 * Copies the optional `fields` a transaction sets onto the object it creates.
 *
 * @example
 * ```ts
 * copyFields(tx, check, ['SourceTag', 'DestinationTag', 'InvoiceID', 'Expiration'])
 * ```
 */
export function copyFields(tx: JsonObject, object: LedgerObject, fields: readonly string[]): void {
  for (const field of fields) {
    const value = tx[field]
    if (value !== undefined) object[field] = value as LedgerValue
  }
}
