import BigNumber from 'bignumber.js'
import {
  coreTypes,
  DEFAULT_DEFINITIONS,
  decode,
  type XrplDefinitionsBase,
} from 'ripple-binary-codec'
import type { JsonObject } from '../codec/json-object'
import { addressOfAccountId } from './account-ids'
import { Currency } from './core-types'
import { type TransactionEncoder, XRPL_ENCODER } from './transaction-encode'

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

type FieldInstance = ReturnType<XrplDefinitionsBase['field']['fromString']>
const OBJECT_END_MARKER = 0xe1
// The width of each fixed-size type the codec reads without a length prefix.
const WIDTHS: Record<string, number> = {
  UInt8: 1,
  UInt16: 2,
  UInt32: 4,
  Int32: 4,
  UInt64: 8,
  Hash128: 16,
  Hash160: 20,
  Hash192: 24,
  Hash256: 32,
}
// bignumber.js as the codec configures it (types/amount.js): plain notation over every exponent
// an issued value can have (-96 to 80, 16 digits).
const CodecNumber = BigNumber.clone({ EXPONENTIAL_AT: [-112, 96] })
const IOU = 0x80
const MPT = 0x20
const POSITIVE = 0x40

// The issued branch of the codec's Amount.toJSON, with the issuer's address remembered: the base58
// encode of the issuer was half of that function. The same reads of the same 48 bytes (8 of
// mantissa and exponent, 20 of currency, 20 of issuer), the codec's own Currency, the same key
// order; a property test compares it with the codec on any 48 bytes. The codec's check of the
// value's precision and exponent is private (`Amount.assertIouIsValid`); it runs on the way back,
// where the canonical round trip hands the value to `Amount.from`, so an invalid amount still
// makes the blob refused.
function issuedAmountJson(bytes: Uint8Array) {
  const mantissa = bytes.slice(0, 8)
  const [b1 = 0, b2 = 0] = mantissa
  const sign = b1 & POSITIVE ? '' : '-'
  const exponent = ((b1 & 0x3f) << 2) + (b2 >> 6) - 97
  mantissa[0] = 0
  mantissa[1] = b2 & 0x3f
  const hex = Buffer.from(mantissa).toString('hex').toUpperCase()
  return {
    value: new CodecNumber(`${sign}0x${hex}`).times(`1e${exponent}`).toString(),
    currency: new Currency(bytes.slice(8, 28)).toJSON(),
    issuer: addressOfAccountId(bytes.subarray(28, 48)),
  }
}

/** One top-level field as the blob holds it: the field, its value's bytes, where it ends. */
interface FieldRead {
  field: FieldInstance
  value: Uint8Array
  end: number
}

// The codec's BinaryParser.readField and readFieldValue for the value types a transaction's top
// level holds most (fixed-width numbers and hashes, amounts, blobs, accounts, the transaction
// type), read with the XRPL binary format's own rules. Null where this reading stops short of the
// codec's: a nested object or array, a path set, a field the codec reads with
// another type than its core type (its other enums, signed amounts), an account that is not 20
// bytes, bytes that do not parse. The caller then asks the codec's `decode`. The codec does not
// export its BinaryParser (the request to file upstream is in transaction-encode.ts).
function readField(
  fields: XrplDefinitionsBase['field'],
  bytes: Uint8Array,
  at: number,
): FieldRead | null {
  let offset = at
  const byte = () => (offset < bytes.length ? (bytes[offset++] as number) : -1)
  const first = byte()
  let type = first >> 4
  let nth = first & 15
  if (type === 0) type = byte()
  if (nth === 0) nth = byte()
  if (type < 1 || nth < 1 || (first >> 4 === 0 && type < 16) || ((first & 15) === 0 && nth < 16)) {
    return null
  }
  const ordinal = (type << 16) | nth
  // The codec's own lookup of a field by its ordinal (what its BinaryParser.readField does).
  const field: FieldInstance | undefined = fields.fromString(String(ordinal))
  if (field?.ordinal !== ordinal) return null
  if (field.associatedType !== coreTypes[field.type.name] && field.name !== 'TransactionType') {
    return null
  }
  let length: number
  if (field.isVariableLengthEncoded) {
    const b1 = byte()
    if (b1 < 0 || b1 > 240) return null
    length = b1 <= 192 ? b1 : 193 + (b1 - 193) * 256 + byte()
    if (field.type.name === 'AccountID' ? length !== 20 : field.type.name !== 'Blob') return null
  } else if (field.type.name === 'Amount') {
    const head = bytes[offset] ?? 0
    if (head & IOU) length = 48
    // An MPT amount: its lead byte, a UInt64 and the 24-byte issuance id; its JSON is the
    // codec's Amount's own.
    else if (head & MPT) length = 33
    else length = 8
  } else {
    const width = WIDTHS[field.type.name]
    if (width === undefined) return null
    length = width
  }
  const end = offset + length
  if (length < 0 || end > bytes.length) return null
  return { field, value: bytes.subarray(offset, end), end }
}

// Each field's JSON made by the codec's own type from its bytes (the transaction type by the
// codec's lookup of its number, as `encode` takes it), except that each account's address is
// remembered instead of a base58 encode and two SHA-256 per address.
// A transaction type the definitions do not know has no name: null, and the caller asks the
// codec, which refuses it.
function jsonOf({ field, value }: FieldRead, definitions: XrplDefinitionsBase): unknown {
  if (field.type.name === 'AccountID') return addressOfAccountId(value)
  if (field.type.name === 'Amount' && (value[0] ?? 0) & IOU) return issuedAmountJson(value)
  if (field.name === 'TransactionType') {
    const type = definitions.transactionType.from(
      String(((value[0] ?? 0) << 8) | (value[1] ?? 0)),
    ) as { name?: string } | undefined
    return type?.name ?? null
  }
  return new field.associatedType(value.slice()).toJSON(definitions, field.name)
}

// The top level read once, in the blob's order, with the signing fields' bytes as they stand;
// null where readField stops short.
function readTopLevel(blob: string, definitions: XrplDefinitionsBase): CanonicalTransaction | null {
  // A copy at offset 0 of a buffer of its own (Buffer.from may share a pool): the codec's readers
  // read a value's buffer from its start, and `slice` below copies.
  const bytes = new Uint8Array(Buffer.from(blob, 'hex'))
  if (bytes.length * 2 !== blob.length) return null
  const tx: JsonObject = {}
  let signingFields = ''
  let at = 0
  while (at < bytes.length) {
    if (bytes[at] === OBJECT_END_MARKER) return null
    const read = readField(definitions.field, bytes, at)
    if (read === null) return null
    const json = jsonOf(read, definitions)
    if (json === null) return null
    tx[read.field.name] = json as JsonObject[string]
    if (read.field.isSigningField) signingFields += blob.slice(at * 2, read.end * 2)
    at = read.end
  }
  return { tx, signingFields }
}

/**
 * Decodes a blob of upper-case hex as ripple-binary-codec's `decode` does with `definitions` (the
 * same JSON; a throw where it throws) and proves it canonical: it must be exactly the bytes
 * `encode` makes of that JSON, else its transaction id would be ambiguous (docs/protocol.md
 * §8.2). For a canonical blob the signing data is its own bytes minus the fields that are not
 * signed (`TxnSignature`, `Signers`), in the order `encodeForSigning` writes them, so it is taken
 * from the blob instead of encoding the transaction again. Null when the blob does not decode
 * (a transaction type the definitions do not know among the reasons) or is not canonical.
 *
 * @example
 * ```ts
 * const decodeXrpl = createCanonicalDecoder(DEFAULT_DEFINITIONS, XRPL_ENCODER)
 * decodeXrpl(blob)?.tx.TransactionType // 'Payment'
 * ```
 */
export function createCanonicalDecoder(
  definitions: XrplDefinitionsBase,
  encoder: TransactionEncoder,
): (blob: string) => CanonicalTransaction | null {
  return (blob) => {
    try {
      const read = readTopLevel(blob, definitions)
      if (read !== null) {
        // Canonical: the JSON encodes back to these very bytes (field order, no duplicate, no
        // trailing bytes, every value in its one encoding).
        return encoder.encode(read.tx).toUpperCase() === blob ? read : null
      }
      const tx = decode(blob, definitions)
      if (encoder.encode(tx).toUpperCase() !== blob) return null
      // Canonical, so its signing fields stand in the blob in the order encodeForSigning writes
      // them.
      return { tx, signingFields: encoder.encodeForSigning(tx).slice(8) }
    } catch {
      return null
    }
  }
}

/**
 * {@link createCanonicalDecoder} with the XRP Ledger's definitions; a network's blobs go through
 * its own codec (codec/network-codec.ts).
 *
 * @example
 * ```ts
 * decodeCanonical(blob)?.tx.TransactionType // 'Payment'
 * ```
 */
export const decodeCanonical = createCanonicalDecoder(DEFAULT_DEFINITIONS, XRPL_ENCODER)
