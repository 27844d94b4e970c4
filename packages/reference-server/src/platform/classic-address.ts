import { isValidClassicAddress } from 'ripple-address-codec'

const MAX_REMEMBERED = 10_000
const remembered = new Map<string, boolean>()

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
  if (remembered.size >= MAX_REMEMBERED) remembered.clear()
  remembered.set(value, valid)
  return valid
}
