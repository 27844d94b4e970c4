import { type CtidParts, decodeCtid, isCtid } from 'pullsign/links'

/**
 * Reads a CTID as the server takes it in a path (docs/protocol.md §9.2): `C` + 15 hex characters
 * in either case (a URL typed by hand may be lower case), null when it is not one. The reading is
 * the SDK's (`pullsign/links`), which takes upper case only and throws: the server answers a bad
 * CTID with null, never an exception.
 *
 * @example
 * ```ts
 * parseCtid('c000000100020003') // { ledgerIndex: 1, transactionIndex: 2, networkId: 3 }
 * parseCtid('C0001') // null
 * ```
 */
export function parseCtid(value: string): CtidParts | null {
  // Checked before upper-casing: a few characters upper-case to two (ligatures such as 'ﬀ').
  if (value.length !== 16) return null
  const upper = value.toUpperCase()
  return isCtid(upper) ? decodeCtid(upper) : null
}
