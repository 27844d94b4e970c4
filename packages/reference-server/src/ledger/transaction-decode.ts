import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec'
import type { FieldInstance } from 'ripple-binary-codec/dist/enums/index.js'
import { BinaryParser } from 'ripple-binary-codec/dist/serdes/binary-parser.js'
import type { SerializedType } from 'ripple-binary-codec/dist/types/serialized-type.js'
import { addressOfAccountId } from './account-ids'
import type { JsonObject } from './apply-context'
import { encodeTransaction } from './transaction-encode'

/**
 * A blob proven canonical, decoded, with the bytes its signatures cover (docs/protocol.md §8.2).
 *
 * @example
 * ```ts
 * const { tx, signingFields } = decodeCanonical(blob) ?? refuse('temMALFORMED')
 * verify(`53545800${signingFields}`, String(tx.TxnSignature), String(tx.SigningPubKey))
 * ```
 */
export interface CanonicalTransaction {
  /** The transaction as ripple-binary-codec's `decode` gives it. */
  tx: JsonObject
  /**
   * Its signing fields as they stand in the blob, upper-case hex without a prefix: what
   * `encodeForSigning` writes after `53545800`, and `encodeForMultisigning` between `534D5400`
   * and the signer's AccountID.
   */
  signingFields: string
}

const END_OF_OBJECT = 'ObjectEndMarker'

// The codec's decode (STObject.fromParser, then toJSON) reads the top level twice; read once
// here, with each field's JSON made by the codec's own type, and each account's address
// remembered instead of a base58 encode and two SHA-256 per address.
function jsonOf(field: FieldInstance, value: SerializedType): unknown {
  if (field.type.name === 'AccountID') return addressOfAccountId(value.toBytes())
  return value.toJSON(DEFAULT_DEFINITIONS, field.name)
}

/**
 * Decodes a blob of upper-case hex as ripple-binary-codec's `decode` does (the same JSON; a throw
 * where it throws) and proves it canonical: it must be exactly the bytes `encode` makes of that
 * JSON, else its transaction id would be ambiguous (docs/protocol.md §8.2). For a canonical blob
 * the signing data is its own bytes minus the fields that are not signed (`TxnSignature`,
 * `Signers`), in the order `encodeForSigning` writes them, so it is taken from the blob instead
 * of encoding the transaction again. Null when the blob does not decode or is not canonical.
 *
 * @example
 * ```ts
 * decodeCanonical(blob)?.tx.TransactionType // 'Payment'
 * ```
 */
export function decodeCanonical(blob: string): CanonicalTransaction | null {
  const tx: JsonObject = {}
  let signingFields = ''
  try {
    const parser = new BinaryParser(blob)
    const length = parser.size()
    let start = 0
    while (!parser.end()) {
      const field = parser.readField()
      if (field.name === END_OF_OBJECT) break
      tx[field.name] = jsonOf(field, parser.readFieldValue(field)) as JsonObject[string]
      const end = length - parser.size()
      if (field.isSigningField) signingFields += blob.slice(start * 2, end * 2)
      start = end
    }
    // Canonical: the JSON encodes back to these very bytes (field order, no duplicate, no
    // trailing bytes, every value in its one encoding).
    if (encodeTransaction(tx).toUpperCase() !== blob) return null
  } catch {
    return null
  }
  return { tx, signingFields }
}
