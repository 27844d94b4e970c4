import { createHash } from 'node:crypto'
import { encodeAccountID } from 'ripple-address-codec'

// ripple-keypairs' hexToBytes (@xrplf/isomorphic): hex digits only, then Buffer's hex decoding.
const HEX = /^[0-9A-F]*$/i

/**
 * The classic address of a public key (hex): RIPEMD-160 of its SHA-256, base58 with the account
 * prefix, as ripple-keypairs' `deriveAddress` computes it (reading the hex as it does, refusing what
 * it refuses: any character that is not a hex digit), with node:crypto's hashes, so verifying a signature needs no curve library.
 */
export function addressOfPublicKey(publicKey: string): string {
  if (!HEX.test(publicKey)) throw new Error('the public key is not hex')
  const sha256 = createHash('sha256').update(Buffer.from(publicKey, 'hex')).digest()
  return encodeAccountID(createHash('ripemd160').update(sha256).digest())
}
