import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { reserveRefusal } from '../../view/owned-objects'
import { refuse } from '../../view/refusal'
import { createTicket } from '../../view/tickets'
import type { TransactionRules } from '../transaction-rules'

const MAX_TICKETS = 250

// The rules follow rippled's CreateTicket.cpp.
const SOURCE = 'CreateTicket.cpp'

/**
 * TicketCreate (docs/protocol.md §8.5, rippled `CreateTicket.cpp`): sets aside the `TicketCount`
 * sequences that follow the one it consumes as Ticket objects in the owner directory, so the
 * account's `Sequence` grows by n + 1 and `TicketCount` by n; each ticket is an owned object
 * (`tecINSUFFICIENT_RESERVE` when the balance before the fee cannot carry them; more than 250
 * tickets → `tecDIR_FULL`). With a ticket itself, the tickets start at the account's `Sequence`.
 *
 * @example
 * ```ts
 * ticketCreateRules.preflight({ TicketCount: 0 }, context) // 'temINVALID_COUNT'
 * ```
 */
export const ticketCreateRules: TransactionRules = {
  source: SOURCE,
  amendment: 'TicketBatch',
  flags: 0,
  preflight(tx: JsonObject) {
    const count = tx.TicketCount
    if (typeof count === 'number' && count >= 1 && count <= MAX_TICKETS) return null
    const detail = `TicketCount ${JSON.stringify(count)} is not from 1 to ${MAX_TICKETS}`
    return refuse('temINVALID_COUNT', 'ticket-count', detail, SOURCE)
  },
  preclaim(view, tx) {
    const owned = readAccount(view, String(tx.Account))?.TicketCount ?? 0
    // A ticket used by this very transaction frees its place (CreateTicket::preclaim).
    const freed = tx.TicketSequence === undefined ? 0 : 1
    const after = owned - freed + Number(tx.TicketCount)
    if (after <= MAX_TICKETS) return null
    const detail = `the account would own ${after} tickets (${owned} held, ${tx.TicketCount} asked${freed ? ', 1 used' : ''}), more than ${MAX_TICKETS}`
    return refuse('tecDIR_FULL', 'tickets-too-many', detail, SOURCE)
  },
  doApply({ view, tx, account, priorBalance }) {
    const count = Number(tx.TicketCount)
    const short = reserveRefusal(view, priorBalance, account.OwnerCount + count, SOURCE)
    if (short) return short
    // The consumed Sequence was already taken; the tickets are the next `count` numbers.
    const first = account.Sequence
    for (let i = 0; i < count; i += 1) {
      const created = createTicket(view, account, first + i)
      if (created !== 'tesSUCCESS') return created
    }
    account.Sequence = first + count
    view.update(account)
    return 'tesSUCCESS'
  },
}
