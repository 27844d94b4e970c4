import { ticketIndex } from '../state/keylets'
import type { AccountRoot, LedgerObject } from '../state/ledger-object'
import type { ApplyView } from '../state/read-view'
import { addOwnedObject, removeOwnedObject } from './owned-objects'

/**
 * Creates the Ticket `ticketSequence` of a peeked account: the object in its owner directory, one
 * more owned object and `TicketCount` (rippled `CreateTicket::doApply`). `tecDIR_FULL` when the
 * owner directory is full, else `tesSUCCESS`.
 *
 * @example
 * ```ts
 * const created = createTicket(view, root, sequence)
 * if (created !== 'tesSUCCESS') return created
 * ```
 */
export function createTicket(view: ApplyView, root: AccountRoot, ticketSequence: number): string {
  const ticket: LedgerObject = {
    LedgerEntryType: 'Ticket',
    Flags: 0,
    Account: root.Account,
    OwnerNode: '0',
    TicketSequence: ticketSequence,
    index: ticketIndex(root.Account, ticketSequence),
  }
  const added = addOwnedObject(view, ticket, { owner: root })
  if (added !== 'tesSUCCESS') return added
  root.TicketCount = (root.TicketCount ?? 0) + 1
  view.update(root)
  return 'tesSUCCESS'
}

/**
 * Consumes the Ticket `ticketSequence` of a peeked account (rippled `Transactor::ticketDelete`):
 * out of the owner directory (its root kept), erased, one owned object less, `TicketCount` down
 * (gone at 0). False when the account has no such ticket (`tefNO_TICKET`); a directory that does
 * not list it is `tefBAD_LEDGER` (thrown).
 *
 * @example
 * ```ts
 * if (!deleteTicket(view, root, Number(tx.TicketSequence))) return 'tefNO_TICKET'
 * ```
 */
export function deleteTicket(view: ApplyView, root: AccountRoot, ticketSequence: number): boolean {
  const ticket = view.peek(ticketIndex(root.Account, ticketSequence)) as LedgerObject | undefined
  if (!ticket) return false
  removeOwnedObject(view, ticket, { owner: root.Account, keepRoot: true })
  const count = (root.TicketCount ?? 1) - 1
  if (count > 0) root.TicketCount = count
  else delete root.TicketCount
  view.update(root)
  return true
}
