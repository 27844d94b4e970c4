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
// Its declaration (types/uint-64.d.ts) takes the field's name, which `coreTypes`' common type
// leaves out: the codec reads MPT amounts in base 10 by that name.
export const UInt64 = coreType('UInt64') as unknown as {
  from(value: unknown, fieldName: string): ReturnType<(typeof coreTypes)[string]['from']>
}

/** The width in bytes of one of the codec's hash types (its public static `width`). */
export function hashWidth(name: string): number {
  const { width } = coreType(name) as unknown as { width?: unknown }
  if (typeof width !== 'number') throw new Error(`ripple-binary-codec's ${name} has no width`)
  return width
}
