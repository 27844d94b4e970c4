import { createHash } from 'node:crypto'
import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec'

type Named = { name: string; ordinal: number }

// A BytesLookup holds each entry under its name and its ordinal: the names are the entries.
const byName = (lookup: object): Record<string, number> =>
  Object.fromEntries(
    Object.entries(lookup as Record<string, Named>)
      .filter(([key, value]) => value?.name === key)
      .map(([name, value]) => [name, value.ordinal]),
  )

let built: Record<string, unknown> | undefined

/**
 * `server_definitions` (xrpl.org): ripple-binary-codec's definitions, the ones the node encodes
 * with, in rippled's shape (`TYPES`, `LEDGER_ENTRY_TYPES`, `FIELDS`, `TRANSACTION_RESULTS`,
 * `TRANSACTION_TYPES`, `hash`); built once, on first ask.
 *
 * @example
 * ```ts
 * serverDefinitions().TRANSACTION_TYPES // { Payment: 0, … }
 * ```
 */
export function serverDefinitions(): Record<string, unknown> {
  if (built) return built
  const definitions = DEFAULT_DEFINITIONS as unknown as {
    type: object
    ledgerEntryType: object
    transactionType: object
    transactionResult: object
    field: Record<string, unknown>
  }
  const fields = Object.entries(definitions.field as Record<string, Record<string, unknown>>)
    .filter(([name, field]) => field?.name === name && 'nth' in field)
    .map(([, field]) => [
      field.name,
      {
        isSerialized: field.isSerialized,
        isSigningField: field.isSigningField,
        isVLEncoded: field.isVariableLengthEncoded,
        nth: field.nth,
        type: (field.type as Named).name,
      },
    ])
  const body = {
    FIELDS: fields,
    LEDGER_ENTRY_TYPES: byName(definitions.ledgerEntryType),
    TRANSACTION_RESULTS: byName(definitions.transactionResult),
    TRANSACTION_TYPES: byName(definitions.transactionType),
    TYPES: byName(definitions.type),
  }
  const hash = createHash('sha512').update(JSON.stringify(body)).digest('hex').slice(0, 64)
  built = { ...body, hash: hash.toUpperCase() }
  return built
}
