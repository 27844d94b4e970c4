import { encodeCtid } from 'pullsign/links'
import { rippleTime } from './closing/ledger-header'
import type { TransactionLookup } from './ledger-types'
import type { StoredTransaction } from './state/stored-transaction'
import { affectedNodes, balanceChanges } from './state/transaction-meta'

/**
 * A transaction's metadata as the ledger stores it in binary (no `delivered_amount`, which
 * rippled adds only to JSON answers): the leaf of its ledger's transaction tree.
 *
 * @example
 * ```ts
 * encode(storedMeta(stored)) // the metadata blob of `tx` with `binary: true`
 * ```
 */
export function storedMeta(stored: StoredTransaction): {
  TransactionIndex: number
  TransactionResult: string
  AffectedNodes: object[]
  DeliveredAmount?: StoredTransaction['delivered']
} {
  return {
    TransactionIndex: stored.transactionIndex,
    TransactionResult: stored.result,
    AffectedNodes: affectedNodes(stored.balances),
    ...(stored.partial && stored.delivered !== undefined
      ? { DeliveredAmount: stored.delivered }
      : {}),
  }
}

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
    ...storedMeta(stored),
    ...(stored.delivered === undefined ? {} : { delivered_amount: stored.delivered }),
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
          date: rippleTime(stored.closedAt),
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
