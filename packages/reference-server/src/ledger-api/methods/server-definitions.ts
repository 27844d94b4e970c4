import { createHash } from 'node:crypto'
import { type NetworkCodec, networkCodec } from '../../ledger/codec/network-codec'
import type { NetworkDefinition } from '../../ledger/networks'

type Named = { name: string; ordinal: number }

// A BytesLookup holds each entry under its name and its ordinal: the names are the entries.
const byName = (lookup: object): Record<string, number> =>
  Object.fromEntries(
    Object.entries(lookup as Record<string, Named>)
      .filter(([key, value]) => value?.name === key)
      .map(([name, value]) => [name, value.ordinal]),
  )

// Built once per codec, on first ask.
const built = new Map<NetworkCodec, Record<string, unknown>>()

/**
 * `server_definitions` (xrpl.org) of a network: the definitions its node encodes with, in
 * rippled's shape (`TYPES`, `LEDGER_ENTRY_TYPES`, `FIELDS`, `TRANSACTION_RESULTS`,
 * `TRANSACTION_TYPES`, `hash`): ripple-binary-codec's on the XRP Ledger's networks, xahaud's on
 * the Xahau ones, with the `native_currency_code` xahaud adds (docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * serverDefinitions(networkDefinition('XAHAU')).TRANSACTION_TYPES // { URITokenMint: 45, … }
 * ```
 */
export function serverDefinitions(network: NetworkDefinition): Record<string, unknown> {
  const codec = networkCodec(network)
  const known = built.get(codec)
  if (known) return known
  const definitions = codec.definitions as unknown as {
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
  const answer = {
    ...body,
    hash: hash.toUpperCase(),
    ...(codec.server === 'xahaud' ? { native_currency_code: network.native_asset } : {}),
  }
  built.set(codec, answer)
  return answer
}
