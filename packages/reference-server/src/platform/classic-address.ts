import { isValidClassicAddress } from 'ripple-address-codec'
import { createSharedCache } from '../bounded-cache'

// A classic address has 25 to 35 characters; longer values are refused before the cache.
const remembered = createSharedCache<boolean>({ maxKeyLength: 35, maxEntries: 10_000 })

/**
 * Whether `value` is a valid classic address, remembering recent answers: the check costs two
 * SHA-256 rounds, and the same few destinations come back in request after request.
 *
 * @example
 * ```ts
 * isClassicAddress('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY') // true
 * isClassicAddress('XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi') // false: an X-address
 * ```
 */
export function isClassicAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length < 25 || value.length > 35) return false
  const known = remembered.get(value)
  if (known !== undefined) return known
  const valid = isValidClassicAddress(value)
  remembered.set(value, valid)
  return valid
}
