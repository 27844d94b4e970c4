import BigNumber from 'bignumber.js'
import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec'
import type { FieldInstance } from 'ripple-binary-codec/dist/enums/index.js'
import { BinaryParser } from 'ripple-binary-codec/dist/serdes/binary-parser.js'
import { Amount } from 'ripple-binary-codec/dist/types/amount.js'
import { Currency } from 'ripple-binary-codec/dist/types/currency.js'
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

// bignumber.js as the codec configures it (types/amount.js): plain notation over every exponent
// an issued value can have (-96 to 80, 16 digits).
const CodecNumber = BigNumber.clone({ EXPONENTIAL_AT: [-112, 96] })
const IOU = 0x80
const POSITIVE = 0x40
// The codec's own check of an issued value (precision and exponent in range), private in its
// types but a plain static method of the class.
const assertIouIsValid = (
  Amount as unknown as { assertIouIsValid(value: BigNumber): void }
).assertIouIsValid.bind(Amount)

// The issued branch of the codec's Amount.toJSON, with the issuer's address remembered: the base58
// encode of the issuer was half of that function. The same reads of the same 48 bytes (8 of
// mantissa and exponent, 20 of currency, 20 of issuer), the codec's own Currency and validity
// check, the same key order; a property test compares it with the codec on any 48 bytes.
function issuedAmountJson(bytes: Uint8Array) {
  const mantissa = bytes.slice(0, 8)
  const [b1 = 0, b2 = 0] = mantissa
  const sign = b1 & POSITIVE ? '' : '-'
  const exponent = ((b1 & 0x3f) << 2) + (b2 >> 6) - 97
  mantissa[0] = 0
  mantissa[1] = b2 & 0x3f
  const hex = Buffer.from(mantissa).toString('hex').toUpperCase()
  const value = new CodecNumber(`${sign}0x${hex}`).times(`1e${exponent}`)
  assertIouIsValid(value)
  return {
    value: value.toString(),
    currency: new Currency(bytes.slice(8, 28)).toJSON(),
    issuer: addressOfAccountId(bytes.subarray(28, 48)),
  }
}

// The codec's decode (STObject.fromParser, then toJSON) reads the top level twice; read once
// here, with each field's JSON made by the codec's own type, except that each account's address
// is remembered instead of a base58 encode and two SHA-256 per address.
function jsonOf(field: FieldInstance, value: SerializedType): unknown {
  if (field.type.name === 'AccountID') return addressOfAccountId(value.toBytes())
  if (field.type.name === 'Amount') {
    const bytes = value.toBytes()
    if ((bytes[0] ?? 0) & IOU) return issuedAmountJson(bytes)
  }
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
