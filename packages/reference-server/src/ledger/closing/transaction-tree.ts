import { type ShaMapLeaf, sha512Half, shaMapRoot } from './sha-map'

// HashPrefix::txNode 'SND\0' (rippled include/xrpl/protocol/HashPrefix.h).
const TX_NODE_PREFIX = Buffer.from('534E4400', 'hex')

// The variable-length prefix of the binary format (xrpl.org "Binary Format": length prefixing).
const lengthPrefix = (length: number): Buffer => {
  if (length <= 192) return Buffer.from([length])
  if (length <= 12_480) {
    const rest = length - 193
    return Buffer.from([193 + (rest >>> 8), rest & 0xff])
  }
  const rest = length - 12_481
  return Buffer.from([241 + (rest >>> 16), (rest >>> 8) & 0xff, rest & 0xff])
}

/** One transaction of a closed ledger as its tree holds it: id, signed blob and binary metadata. */
export interface TransactionLeaf {
  txid: string
  blob: string
  metaBlob: string
}

/**
 * The ledger header's `transaction_hash`: the root of the SHAMap whose leaves are each
 * transaction with its metadata, keyed by id (rippled `SHAMapItem` of type
 * `transactionNode`; xrpl.js `hashes.hashTxTree` computes the same).
 *
 * @example
 * ```ts
 * transactionTreeHash([]) // '0000…0000' (a ledger without transactions)
 * ```
 */
export function transactionTreeHash(transactions: readonly TransactionLeaf[]): string {
  const leaves: ShaMapLeaf[] = transactions.map(({ txid, blob, metaBlob }) => {
    const key = Buffer.from(txid, 'hex')
    const tx = Buffer.from(blob, 'hex')
    const meta = Buffer.from(metaBlob, 'hex')
    return {
      key,
      hash: sha512Half(
        TX_NODE_PREFIX,
        lengthPrefix(tx.length),
        tx,
        lengthPrefix(meta.length),
        meta,
        key,
      ),
    }
  })
  return shaMapRoot(leaves).toString('hex').toUpperCase()
}
