import { adjustOwnerCount } from './account-root'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from './directory'
import { ownerDirIndex, ticketIndex } from './keylets'
import type { AccountRoot, LedgerObject } from './ledger-object'
import type { ApplyView } from './read-view'

/**
 * Creates the Ticket `ticketSequence` of a peeked account: the object, its owner-directory entry,
 * one more owned object and `TicketCount` (rippled `CreateTicket::doApply`). False when the
 * owner directory is full (`tecDIR_FULL`).
 *
 * @example
 * ```ts
 * if (!createTicket(view, root, sequence)) return 'tecDIR_FULL'
 * ```
 */
export function createTicket(view: ApplyView, root: AccountRoot, ticketSequence: number): boolean {
  const index = ticketIndex(root.Account, ticketSequence)
  const page = dirInsert(view, ownerDirIndex(root.Account), index, describeOwnerDir(root.Account))
  if (page === null) return false
  view.insert({
    LedgerEntryType: 'Ticket',
    Flags: 0,
    Account: root.Account,
    OwnerNode: uint64Json(page),
    TicketSequence: ticketSequence,
    index,
  })
  root.TicketCount = (root.TicketCount ?? 0) + 1
  adjustOwnerCount(view, root, 1)
  return true
}

/**
 * Consumes the Ticket `ticketSequence` of a peeked account (rippled `Transactor::ticketDelete`):
 * out of the owner directory, erased, one owned object less, `TicketCount` down (gone at 0).
 * False when the account has no such ticket (`tefNO_TICKET`).
 *
 * @example
 * ```ts
 * if (!deleteTicket(view, root, Number(tx.TicketSequence))) return 'tefNO_TICKET'
 * ```
 */
export function deleteTicket(view: ApplyView, root: AccountRoot, ticketSequence: number): boolean {
  const ticket = view.peek(ticketIndex(root.Account, ticketSequence)) as LedgerObject | undefined
  if (!ticket) return false
  const removed = dirRemove(
    view,
    ownerDirIndex(root.Account),
    uint64Of(ticket.OwnerNode),
    ticket.index,
    false,
  )
  if (!removed) throw new Error(`ledger view: ticket ${ticket.index} is not in its directory`)
  view.erase(ticket)
  const count = (root.TicketCount ?? 1) - 1
  if (count > 0) root.TicketCount = count
  else delete root.TicketCount
  adjustOwnerCount(view, root, -1)
  return true
}
