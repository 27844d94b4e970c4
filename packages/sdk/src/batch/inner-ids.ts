import { encode } from 'ripple-binary-codec'
import { transactionId } from '../verify/sign-in'
import type { BatchTransaction } from './batch-types'

/**
 * The transaction ids of a Batch's inner transactions, in order: what every inner signer's
 * BatchV1_1 signature covers (docs/protocol.md §8.4) and what the ledger reports for each. An
 * inner transaction is hashed as it stands in RawTransactions (unsigned, Fee "0", §8.2).
 *
 * @example
 * ```ts
 * import { innerTransactionIds } from 'pullsign/batch'
 *
 * const [first] = innerTransactionIds(batch) // 64 upper-case hex characters
 * ```
 */
export function innerTransactionIds(batch: BatchTransaction): string[] {
  return batch.RawTransactions.map(({ RawTransaction }) => transactionId(encode(RawTransaction)))
}
