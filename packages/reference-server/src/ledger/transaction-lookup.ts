import { encodeCtid } from 'pullsign/links'
import type { Amount } from 'pullsign/wire'
import { rippleTime } from './closing/ledger-header'
import type { TransactionLookup } from './ledger-types'
import { mptSyntheticFields } from './mpt-synthetic-fields'
import { nftokenSyntheticFields } from './nft-synthetic-fields'
import { balanceChanges } from './state/balance-changes'
import type { StoredTransaction } from './state/stored-transaction'

// The types whose metadata carries what they delivered (rippled `DeliveredAmount.cpp`
// `canHaveDeliveredAmount`): a Payment delivered its `Amount` unless `DeliveredAmount` says less.
const DELIVERING = new Set(['Payment', 'CheckCash', 'AccountDelete'])

/**
 * The `xrpl-tx` response of docs/protocol.md §2 and §8.5 for a stored transaction: the
 * transaction with its `meta` (`TransactionIndex`, `TransactionResult`, `AffectedNodes`,
 * `delivered_amount` on successful Payments, `DeliveredAmount` on partial ones, `nftoken_id`,
 * `nftoken_ids`, `offer_id` on NFT transactions, `mpt_issuance_id` on an MPT issuance's creation),
 * `validated`,
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
  const { tx } = stored
  const delivered =
    stored.meta.TransactionResult === 'tesSUCCESS' && DELIVERING.has(String(tx.TransactionType))
      ? (stored.meta.DeliveredAmount ??
        (tx.TransactionType === 'Payment' ? (tx.Amount as Amount) : undefined))
      : undefined
  const meta = {
    ...stored.meta,
    ...(delivered === undefined ? {} : { delivered_amount: delivered }),
    ...nftokenSyntheticFields(tx, stored.meta),
    ...mptSyntheticFields(tx, stored.meta),
  }
  const position =
    stored.closedAt === null
      ? {}
      : {
          ctid: encodeCtid({
            ledgerIndex: stored.ledgerIndex,
            transactionIndex: stored.meta.TransactionIndex,
            networkId: network.chain_id,
          }),
          date: rippleTime(stored.closedAt),
        }
  return {
    txid: stored.txid,
    node: network.dispatched_to,
    balanceChanges: balanceChanges(stored.meta, network),
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
