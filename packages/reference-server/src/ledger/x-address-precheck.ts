import { createRequire } from 'node:module'

/**
 * The shortest string that can be a valid X-address: it must decode to at least 27 bytes (2 prefix
 * bytes `05 44` or `04 93`, 20 account bytes, the tag flag, 4 checksum bytes) whose first byte is
 * 4 or 5, so as a number it is at least 4 × 256^26 = 2^210, while 58^35 < 2^206 and 58^36 > 2^210.
 * No base58 string shorter than 36 characters decodes to that (a leading zero digit adds a zero
 * byte, which the prefix forbids).
 */
export const MIN_X_ADDRESS_LENGTH = 36

// The XRPL base58 alphabet: ripple-address-codec decodes with @scure/base's base58xrp, which throws
// on any other character (no whitespace skipping), so a valid X-address holds only these.
const X_ADDRESS_SHAPE = new RegExp(
  `^[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{${MIN_X_ADDRESS_LENGTH},}$`,
)

type IsValidXAddress = (value: string) => boolean

const INSTALLED = Symbol.for('pullsign.reference-server.x-address-precheck')

/**
 * `isValidXAddress` with a shape pre-check (at least {@link MIN_X_ADDRESS_LENGTH} characters, all
 * of the base58 alphabet): the same answer for every input, without decoding, checksumming and
 * throwing for strings that cannot be X-addresses (amounts, classic addresses, hex keys and
 * signatures).
 *
 * @example
 * ```ts
 * const check = withShapePrecheck(isValidXAddress)
 * check('Payment') // false, without a base58 decode, two SHA-256 and a thrown Error
 * ```
 */
export function withShapePrecheck(isValidXAddress: IsValidXAddress): IsValidXAddress {
  return (value) =>
    typeof value === 'string' && X_ADDRESS_SHAPE.test(value) && isValidXAddress(value)
}

/**
 * Makes ripple-binary-codec's X-address detection cheap. The codec asks `isValidXAddress` of
 * every field value of every object it encodes (to turn an X-address into a classic address and
 * tag); each call decodes base58, hashes twice and, for every ordinary value, throws and catches
 * an Error. That was a quarter of a payload's lifecycle and of a create request (issue 4). The
 * codec looks the function up on ripple-address-codec's exports at each call, so wrapping that
 * export with {@link withShapePrecheck} speeds it up without changing any answer. Idempotent;
 * called by `createLedger`, so every platform has it.
 *
 * @example
 * ```ts
 * installXAddressPrecheck()
 * encode(tx) // the same bytes as before, faster
 * ```
 */
export function installXAddressPrecheck(): void {
  // The copy of ripple-address-codec that ripple-binary-codec itself loads.
  const require = createRequire(import.meta.url)
  const fromCodec = createRequire(require.resolve('ripple-binary-codec'))
  const exports = fromCodec('ripple-address-codec') as {
    isValidXAddress: IsValidXAddress & { [INSTALLED]?: true }
  }
  if (exports.isValidXAddress[INSTALLED]) return
  // A future codec whose exports are getters keeps its own (slower, equally correct) check.
  if (!Object.getOwnPropertyDescriptor(exports, 'isValidXAddress')?.writable) return
  const wrapped = Object.assign(withShapePrecheck(exports.isValidXAddress), {
    [INSTALLED]: true as const,
  })
  exports.isValidXAddress = wrapped
}
