import type { JsonObject } from '../../codec/json-object'
import type { LedgerObject, LedgerValue } from '../../state/ledger-object'

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
