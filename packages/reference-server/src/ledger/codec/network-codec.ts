import {
  DEFAULT_DEFINITIONS,
  decode,
  XrplDefinitions,
  type XrplDefinitionsBase,
} from 'ripple-binary-codec'
import { isXahau, type NetworkDefinition } from '../networks'
import type { JsonObject } from './json-object'
import { type CanonicalTransaction, createCanonicalDecoder } from './transaction-decode'
import {
  createTransactionEncoder,
  type TransactionEncoder,
  XRPL_ENCODER,
} from './transaction-encode'
import xahauServerDefinitions from './xahau-definitions.json'

/**
 * The binary codec of one network (docs/protocol.md §8.10): the definitions its server encodes,
 * decodes, hashes and signs with, and the ledger's fast encoder and canonical decoder over them.
 * The XRP Ledger's networks share rippled's (ripple-binary-codec's own); the Xahau networks have
 * xahaud's, so a URITokenMint decodes on XAHAU and is no transaction on MAINNET.
 *
 * @example
 * ```ts
 * const codec = networkCodec(networkDefinition('XAHAU'))
 * codec.decodeCanonical(blob)?.tx.TransactionType // 'URITokenMint'
 * ```
 */
export interface NetworkCodec extends TransactionEncoder {
  /** Whose definitions: rippled's or xahaud's. */
  readonly server: 'rippled' | 'xahaud'
  /** ripple-binary-codec's definitions object, for its public functions' `definitions` argument. */
  readonly definitions: XrplDefinitionsBase
  /** The codec's `decode` with these definitions (throws what it cannot read). */
  decode(blob: string): JsonObject
  /** A canonical blob decoded, with its signing fields; null otherwise (transaction-decode.ts). */
  decodeCanonical(blob: string): CanonicalTransaction | null
  /** Whether the definitions know a transaction type by name. */
  knowsTransactionType(name: string): boolean
  /** The name of a transaction type by its code, or undefined when the definitions have none. */
  transactionTypeName(code: number): string | undefined
  /** The numeric code of an engine result (`engine_result_code`), or undefined when unknown. */
  resultCode(name: string): number | undefined
}

type DefinitionsJson = ConstructorParameters<typeof XrplDefinitions>[0]

/**
 * xahaud's `server_definitions` as it prints them, made into the form ripple-binary-codec's own
 * definitions.json has: xahaud lists `hash` and `index` twice, the second time with their field
 * code cut to its low byte (`code & 0xFF` in ServerDefinitions.cpp), as serialized Hash256 fields
 * 1 and 2 (the codes of LedgerHash and ParentHash); the first entry of each name is kept.
 *
 * @example
 * ```ts
 * codecForm(xahauServerDefinitions).FIELDS.filter(([name]) => name === 'hash').length // 1
 * ```
 */
export function codecForm(served: DefinitionsJson): DefinitionsJson {
  const seen = new Set<string>()
  const FIELDS = served.FIELDS.filter((entry) => {
    const name = String(entry[0])
    if (seen.has(name)) return false
    seen.add(name)
    return true
  })
  return { ...served, FIELDS }
}

function createNetworkCodec(
  server: NetworkCodec['server'],
  definitions: XrplDefinitionsBase,
  encoder: TransactionEncoder,
): NetworkCodec {
  const types = new Set(definitions.transactionNames)
  return Object.freeze({
    server,
    definitions,
    ...encoder,
    decode: (blob: string) => decode(blob, definitions) as JsonObject,
    decodeCanonical: createCanonicalDecoder(definitions, encoder),
    knowsTransactionType: (name: string) => types.has(name),
    transactionTypeName(code: number) {
      const type = definitions.transactionType.from(String(code)) as { name?: string } | undefined
      return type?.name !== undefined && types.has(type.name) ? type.name : undefined
    },
    resultCode(name: string) {
      const result = definitions.transactionResult.from(name) as
        | { name?: string; ordinal?: number }
        | undefined
      return result?.name === name ? result.ordinal : undefined
    },
  })
}

/** rippled's networks: ripple-binary-codec's own definitions. */
export const XRPL_CODEC: NetworkCodec = createNetworkCodec(
  'rippled',
  DEFAULT_DEFINITIONS,
  XRPL_ENCODER,
)

// Whether a decoded value holds an MPT amount anywhere (an object with `mpt_issuance_id`: the
// codec's Amount JSON of an MPT; xahaud's definitions have no field of that name).
const holdsMptAmount = (value: unknown): boolean => {
  if (typeof value !== 'object' || value === null) return false
  if (Array.isArray(value)) return value.some(holdsMptAmount)
  return 'mpt_issuance_id' in value || Object.values(value).some(holdsMptAmount)
}

// xahaud's STAmount is XAH or an issued amount, never an MPT's (xahaud STAmount.cpp: its
// `STAmount(SerialIter&)` has no MPT form, and `amountFromJson` refuses an amount object without
// a currency), so a blob that holds one is no transaction there: the codec's decode throws and the
// canonical decoder answers null, as for any blob the server cannot deserialize.
function withoutMptAmounts(codec: NetworkCodec): NetworkCodec {
  return Object.freeze({
    ...codec,
    decode(blob: string) {
      const json = codec.decode(blob)
      if (holdsMptAmount(json)) throw new Error('xahaud has no MPT amount (STAmount.cpp)')
      return json
    },
    decodeCanonical(blob: string) {
      const read = codec.decodeCanonical(blob)
      return read && holdsMptAmount(read.tx) ? null : read
    },
  })
}

// Built on the first Xahau transaction, encode or read: a server that never touches Xahau never
// builds it.
let xahauCodec: NetworkCodec | undefined
function xahau(): NetworkCodec {
  if (xahauCodec) return xahauCodec
  // xahaud's own definitions as xahau.network served them (`server_definitions`, 2026-06-09, hash
  // BA45AB08…; a capture kept in Hugegreencandle/xahau-mcp data/definitions.json), checked
  // against xahaud's SField.cpp and TxFormats.cpp in the tests.
  const definitions = new XrplDefinitions(codecForm(xahauServerDefinitions as DefinitionsJson))
  xahauCodec = withoutMptAmounts(
    createNetworkCodec('xahaud', definitions, createTransactionEncoder(definitions)),
  )
  return xahauCodec
}

/**
 * The codec of a network: xahaud's definitions on the Xahau networks (native XAH), rippled's on
 * the others. Resolved once per network by its callers (the network ledger, the node, the
 * wallet), never per value.
 *
 * @example
 * ```ts
 * networkCodec(networkDefinition('MAINNET')).knowsTransactionType('URITokenMint') // false
 * networkCodec(networkDefinition('XAHAU')).knowsTransactionType('URITokenMint') // true
 * ```
 */
export function networkCodec(network: NetworkDefinition): NetworkCodec {
  return isXahau(network) ? xahau() : XRPL_CODEC
}
