import { encodeCtid } from 'pullsign/links'
import type { TransactionLookup } from './ledger-types'
import type { StoredTransaction } from './state/stored-transaction'
import { affectedNodes, balanceChanges } from './state/transaction-meta'

// Seconds between the unix epoch and the Ripple epoch (2000-01-01T00:00:00Z).
const RIPPLE_EPOCH_OFFSET = 946_684_800

/**
 * The `xrpl-tx` response of docs/protocol.md §2 and §8.5 for a stored transaction: the
 * transaction with its `meta` (`TransactionIndex`, `TransactionResult`, `AffectedNodes`,
 * `delivered_amount` on successful Payments, `DeliveredAmount` on partial ones), `validated`,
 * `ledger_index`, and once validated `date` and `ctid`; `balanceChanges` per account.
 *
 * @example
 * ```ts
 * const answer = transactionLookup(stored)
 * answer.transaction.meta.TransactionResult // 'tesSUCCESS'
 * ```
 */
export function transactionLookup(stored: StoredTransaction): TransactionLookup {
  const { network } = stored
  const meta = {
    TransactionIndex: stored.transactionIndex,
    TransactionResult: stored.result,
    AffectedNodes: affectedNodes(stored.balances),
    ...(stored.delivered === undefined ? {} : { delivered_amount: stored.delivered }),
    ...(stored.partial && stored.delivered !== undefined
      ? { DeliveredAmount: stored.delivered }
      : {}),
  }
  const position =
    stored.closedAt === null
      ? {}
      : {
          ctid: encodeCtid({
            ledgerIndex: stored.ledgerIndex,
            transactionIndex: stored.transactionIndex,
            networkId: network.chain_id,
          }),
          date: Math.floor(stored.closedAt / 1000) - RIPPLE_EPOCH_OFFSET,
        }
  return {
    txid: stored.txid,
    node: network.dispatched_to,
    balanceChanges: balanceChanges(stored.balances, network),
    transaction: {
      ...stored.tx,
      TransactionType: String(stored.tx.TransactionType),
      hash: stored.txid,
      meta,
      validated: stored.validated,
      ledger_index: stored.ledgerIndex,
      ...position,
    },
  }
}
