import { createHash } from 'node:crypto'

// Transaction id prefix "TXN\0" (docs/protocol.md §8.2).
const TXID_PREFIX = '54584E00'

/**
 * The id of a transaction blob, SHA-512Half(`54584E00` + blob) in upper-case hex (docs/protocol.md
 * §8.2): `pullsign/verify`'s `transactionId` with node:crypto's SHA-512 (OpenSSL) in place of the
 * pure-JS hash the SDK carries to browsers, which was a twentieth of a submission's time.
 * The server's one transaction id: the wallet's signed blobs and the ledger's records use it.
 *
 * @example
 * ```ts
 * ledgerTransactionId(record.response.hex) === record.response.txid // true
 * ```
 */
export function ledgerTransactionId(blob: string): string {
  return createHash('sha512')
    .update(Buffer.from(TXID_PREFIX + blob, 'hex'))
    .digest()
    .toString('hex', 0, 32)
    .toUpperCase()
}
