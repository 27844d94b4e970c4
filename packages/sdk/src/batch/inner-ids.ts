import { sha512 } from '@noble/hashes/sha2'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { encode } from 'ripple-binary-codec'
import type { BatchTransaction } from './batch-types'

// Transaction id = SHA-512Half("TXN\0" + the encoded transaction), docs/protocol.md §8.2; an inner
// transaction is hashed as it stands in RawTransactions (unsigned, Fee "0").
const TXID_PREFIX = '54584E00'

/**
 * The transaction ids of a Batch's inner transactions, in order: what every inner signer's
 * BatchV1_1 signature covers (docs/protocol.md §8.4) and what the ledger reports for each.
 *
 * @example
 * ```ts
 * import { innerTransactionIds } from 'pullsign/batch'
 *
 * const [first] = innerTransactionIds(batch) // 64 upper-case hex characters
 * ```
 */
export function innerTransactionIds(batch: BatchTransaction): string[] {
  return batch.RawTransactions.map(({ RawTransaction }) =>
    bytesToHex(sha512(hexToBytes(TXID_PREFIX + encode(RawTransaction))).slice(0, 32)).toUpperCase(),
  )
}
