import { coreTypes } from 'ripple-binary-codec'

// The codec's value types the ledger's fast paths use, from its public `coreTypes` (its root entry
// exports no class by name); a codec without one fails at import, not on the first transaction.
function coreType(name: string) {
  const type = coreTypes[name]
  if (type === undefined) throw new Error(`ripple-binary-codec exports no core type ${name}`)
  return type
}

export const AccountID = coreType('AccountID')
export const Amount = coreType('Amount')
export const Currency = coreType('Currency')
export const UInt64 = coreType('UInt64')

/** The width in bytes of one of the codec's hash types (its public static `width`). */
export function hashWidth(name: string): number {
  const { width } = coreType(name) as unknown as { width?: unknown }
  if (typeof width !== 'number') throw new Error(`ripple-binary-codec's ${name} has no width`)
  return width
}
