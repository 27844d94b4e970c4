import { decodeAccountID, encodeAccountID } from 'ripple-address-codec'
import { createSharedCache } from '../../bounded-cache'

// Both directions cost a base58 conversion and two SHA-256 (the checksum), and the ledger meets the
// same few accounts in every transaction it decodes and re-encodes (docs/protocol.md §8.2): the
// answers of these pure functions are remembered, bounded. A classic address has at most 35
// characters, an AccountID 40 hex digits; a longer key is converted every time, never kept.
const idsByAddress = createSharedCache<string>({ maxKeyLength: 35, maxEntries: 4096 })
const addressesById = createSharedCache<string>({ maxKeyLength: 40, maxEntries: 4096 })

/**
 * The AccountID of a classic address as 40 upper-case hex digits: ripple-address-codec's
 * `decodeAccountID`, remembered. Throws what it throws for anything that is not a classic address.
 *
 * @example
 * ```ts
 * accountIdOf('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh') // 'B5F762798A53D543A014CAF8B297CFF8F2F937E8'
 * ```
 */
export function accountIdOf(address: string): string {
  const known = idsByAddress.get(address)
  if (known !== undefined) return known
  const id = Buffer.from(decodeAccountID(address)).toString('hex').toUpperCase()
  idsByAddress.set(address, id)
  addressesById.set(id, address)
  return id
}

/**
 * The classic address of an AccountID's 20 bytes: ripple-address-codec's `encodeAccountID`,
 * remembered.
 *
 * @example
 * ```ts
 * const bytes = Buffer.from('B5F762798A53D543A014CAF8B297CFF8F2F937E8', 'hex')
 * addressOfAccountId(bytes) // 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
 * ```
 */
export function addressOfAccountId(bytes: Uint8Array): string {
  const id = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('hex')
    .toUpperCase()
  const known = addressesById.get(id)
  if (known !== undefined) return known
  const address = encodeAccountID(bytes)
  addressesById.set(id, address)
  idsByAddress.set(address, id)
  return address
}
