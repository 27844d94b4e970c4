import { createHash } from 'node:crypto'

/**
 * Hash and signing-data prefixes of PROTOCOL §8.2 (four bytes, hex).
 *
 * @example
 * ```ts
 * HASH_PREFIX.transactionId // '54584E00' ("TXN\0")
 * ```
 */
export const HASH_PREFIX = Object.freeze({
  transactionId: '54584E00',
  singleSign: '53545800',
  multiSign: '534D5400',
  channelClaim: '434C4D00',
})

/**
 * SHA-512Half: the first 32 bytes of SHA-512, upper-case hex.
 *
 * @example
 * ```ts
 * sha512Half('54584E00' + blob)
 * ```
 */
export function sha512Half(hex: string): string {
  return createHash('sha512')
    .update(Buffer.from(hex, 'hex'))
    .digest()
    .subarray(0, 32)
    .toString('hex')
    .toUpperCase()
}

/**
 * The id of a signed transaction (or of a SignIn blob): SHA-512Half(`54584E00` + blob), §8.2.
 *
 * @example
 * ```ts
 * const txid = transactionId(signedBlob)
 * ```
 */
export function transactionId(blob: string): string {
  return sha512Half(HASH_PREFIX.transactionId + blob)
}
