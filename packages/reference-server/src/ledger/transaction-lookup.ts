import type { BalanceChange } from 'pullsign/wire'
import { ctid } from './ctid'
import type { TransactionLookup } from './ledger-types'
import { dropsToUnits } from './native-amount'
import type { StoredTransaction } from './network-ledger'

// Seconds between the unix epoch and the Ripple epoch (2000-01-01T00:00:00Z).
const RIPPLE_EPOCH_OFFSET = 946_684_800

/**
 * The `xrpl-tx` response of PROTOCOL §2 for a stored transaction: the transaction with its `meta`
 * (`TransactionIndex`, `TransactionResult`, `delivered_amount` on successful Payments), `validated`,
 * and the native balance changes in units per account.
 *
 * @example
 * ```ts
 * const answer = transactionLookup(stored)
 * answer.transaction.meta.TransactionResult // 'tesSUCCESS'
 * ```
 */
export function transactionLookup(stored: StoredTransaction): TransactionLookup {
  const { network } = stored
  const balanceChanges: Record<string, BalanceChange[]> = {}
  for (const [address, drops] of stored.changes) {
    if (drops === 0n) continue
    balanceChanges[address] = [
      { counterparty: '', currency: network.native_asset, value: dropsToUnits(drops) },
    ]
  }
  const meta = {
    TransactionIndex: stored.transactionIndex,
    TransactionResult: stored.result,
    ...(stored.delivered === undefined ? {} : { delivered_amount: stored.delivered }),
  }
  const position =
    stored.closedAt === null
      ? {}
      : {
          ctid: ctid(stored.ledgerIndex, stored.transactionIndex, network.chain_id),
          date: Math.floor(stored.closedAt / 1000) - RIPPLE_EPOCH_OFFSET,
        }
  return {
    txid: stored.txid,
    node: network.dispatched_to,
    balanceChanges,
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
