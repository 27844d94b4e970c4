import type { JsonObject } from '../codec/json-object'
import { reserve } from '../state/account-state'
import type { TransactionRules } from './apply-context'

const MAX_TICKETS = 250

/**
 * TicketCreate (docs/protocol.md §8.5): sets aside the `TicketCount` sequences that follow the
 * one it consumes, so the account's `Sequence` grows by n + 1; each ticket is an owned object
 * (`tecINSUFFICIENT_RESERVE` when the account cannot afford them). With a ticket itself, the
 * tickets start at the account's current `Sequence`.
 *
 * @example
 * ```ts
 * ticketCreateRules.preflight({ TicketCount: 0 }) // 'temINVALID_COUNT'
 * ```
 */
export const ticketCreateRules: TransactionRules = {
  preflight(tx: JsonObject) {
    const count = tx.TicketCount
    if (typeof count !== 'number' || count < 1 || count > MAX_TICKETS) return 'temINVALID_COUNT'
    return null
  },
  apply({ network, tx, account }) {
    const count = Number(tx.TicketCount)
    if (account.tickets.size + count > MAX_TICKETS) return { result: 'tecDIR_FULL' }
    if (account.balance < reserve(network, account.ownerCount + count)) {
      return { result: 'tecINSUFFICIENT_RESERVE' }
    }
    // The consumed Sequence was already taken; the tickets are the next `count` numbers.
    for (let i = 0; i < count; i += 1) account.tickets.add(account.sequence + i)
    account.sequence += count
    account.ownerCount += count
    return { result: 'tesSUCCESS' }
  },
}
