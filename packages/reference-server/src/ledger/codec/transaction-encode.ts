import {
  encode as codecEncode,
  encodeForSigning as codecEncodeForSigning,
  type coreTypes,
  DEFAULT_DEFINITIONS,
} from 'ripple-binary-codec'
import { accountIdOf } from './account-ids'
import { AccountID, Amount } from './core-types'

/**
 * The shortest string that can be a valid X-address: it must decode to at least 27 bytes (2 prefix
 * bytes `05 44` or `04 93`, 20 account bytes, the tag flag, 4 checksum bytes) whose first byte is
 * 4 or 5, so as a number it is at least 4 × 256^26 = 2^210, while 58^35 < 2^206 and 58^36 > 2^210.
 * No base58 string shorter than 36 characters decodes to that (a leading zero digit adds a zero
 * byte, which the prefix forbids).
 */
const MIN_X_ADDRESS_LENGTH = 36

// The XRPL base58 alphabet: ripple-address-codec decodes with @scure/base's base58xrp, which throws
// on any other character, so a valid X-address holds only these.
const X_ADDRESS_SHAPE = new RegExp(
  `^[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]{${MIN_X_ADDRESS_LENGTH},}$`,
)

const FIELDS = DEFAULT_DEFINITIONS.field
type FieldInstance = ReturnType<typeof FIELDS.fromString>
type Typed = ReturnType<(typeof coreTypes)[string]['from']>
// Any JSON value, as the codec's public `from` takes it (it throws what it cannot read).
type CodecJson = Parameters<(typeof coreTypes)[string]['from']>[0]
// AccountID.from takes 40 hex digits as the account's bytes.
const HEX = /^[A-F0-9]{40}$/
const OBJECT_END_MARKER = Uint8Array.from([0xe1])
// HashPrefix.transactionSig, `STX\0`: what encodeForSigning writes first.
const TRANSACTION_SIGNING_PREFIX = Uint8Array.from([0x53, 0x54, 0x58, 0x00])

type Json = object
type FieldFilter = (field: FieldInstance) => boolean

// The codec asks ripple-address-codec's `isValidXAddress` of every top-level value it encodes
// (base58 decode, two SHA-256 and a thrown Error for each ordinary value: most of an encode). A
// value that cannot have the shape of an X-address cannot be one, so a transaction with none
// needs no conversion and takes the path below; any other goes to the codec untouched, and so does
// a UNLModify (the codec's Account workaround keys on the name of its enum value).
function codecOnly(tx: Json): boolean {
  const { TransactionType } = tx as Record<string, unknown>
  if (TransactionType !== undefined && TransactionType !== null) {
    if (typeof TransactionType !== 'string' || TransactionType === 'UNLModify') return true
  }
  for (const value of Object.values(tx)) {
    if (value && X_ADDRESS_SHAPE.test(String(value))) return true
  }
  return false
}

// The codec's length prefix of a variable-length field (XRPL binary format: 1 to 3 bytes).
function lengthPrefix(length: number): Uint8Array {
  if (length <= 192) return Uint8Array.of(length)
  if (length <= 12480) {
    const rest = length - 193
    return Uint8Array.of(193 + (rest >>> 8), rest & 0xff)
  }
  if (length <= 918744) {
    const rest = length - 12481
    return Uint8Array.of(241 + (rest >>> 16), (rest >> 8) & 0xff, rest & 0xff)
  }
  throw new Error('Overflow error')
}

// The codec's STObject.from for a top level without X-addresses, in the same order and with the
// same errors, written with its public types (`coreTypes`, the fields of DEFAULT_DEFINITIONS);
// nested objects and arrays are the codec's own (rare in a transaction). False, with nothing
// written, for a UInt64 field: the codec's `UInt64.from` reads the field's name, which the public
// `from` does not take, so that transaction goes to the codec. The codec does not export
// its BinarySerializer; the request to file upstream: https://github.com/XRPLF/xrpl.js/issues/new?title=ripple-binary-codec%3A+export+BinarySerializer%2C+BinaryParser+and+an+encode+without+X-address+detection
function serialize(tx: Json, filter: FieldFilter | undefined, parts: Uint8Array[]): boolean {
  const fields: FieldInstance[] = []
  for (const name of Object.keys(tx)) {
    if (!(name in FIELDS)) {
      if (name[0] === name[0]?.toLowerCase()) continue
      throw new Error(`Field ${name} is not defined in the definitions`)
    }
    const field: FieldInstance | undefined = FIELDS.fromString(name)
    if (
      field !== undefined &&
      (tx as Record<string, unknown>)[field.name] !== undefined &&
      field.isSerialized &&
      (!filter || filter(field))
    ) {
      fields.push(field)
    }
  }
  if (fields.some((field) => field.type.name === 'UInt64')) return false
  fields.sort((a, b) => a.ordinal - b.ordinal)
  for (const field of fields) {
    const value = (tx as Record<string, unknown>)[field.name] as CodecJson
    const typed: Typed | undefined =
      field.type.name === 'AccountID'
        ? accountId(value)
        : field.type.name === 'Amount'
          ? amount(value)
          : field.associatedType.from(value)
    if (typed == null) throw new TypeError(`Unable to interpret "${field.name}: ${value}".`)
    const bytes = typed.toBytes()
    parts.push(field.header)
    if (field.isVariableLengthEncoded) parts.push(lengthPrefix(bytes.length))
    parts.push(bytes)
    if (field.type.name === 'STObject') parts.push(OBJECT_END_MARKER)
  }
  return true
}

// AccountID.from asks isValidXAddress again before decoding a classic address; the value has
// already been found not to be shaped like an X-address, so only the classic decode remains
// (remembered; the same bytes and the same error for anything else).
function accountId(value: unknown): Typed {
  if (typeof value === 'string' && value !== '' && !HEX.test(value)) {
    return AccountID.from(accountIdOf(value))
  }
  return AccountID.from(value as CodecJson)
}

// Amount.from of an issued amount reads its issuer with AccountID.from, whose isValidXAddress
// costs as much as the rest of the amount; given as its 40 hex digits, the issuer is taken as
// bytes. Only a classic issuer is handed over so: an X-address or any other value, and every
// issuer that fails to decode, go to Amount.from as they are (its bytes, its error).
function amount(value: unknown): Typed {
  if (typeof value !== 'object' || value === null) return Amount.from(value as CodecJson)
  const { currency, issuer, value: units } = value as Record<string, unknown>
  if (
    Object.keys(value).length !== 3 ||
    !Object.hasOwn(value, 'currency') ||
    !Object.hasOwn(value, 'value') ||
    !Object.hasOwn(value, 'issuer') ||
    typeof issuer !== 'string' ||
    issuer === '' ||
    HEX.test(issuer) ||
    X_ADDRESS_SHAPE.test(issuer)
  ) {
    return Amount.from(value as CodecJson)
  }
  let id: string
  try {
    id = accountIdOf(issuer)
  } catch {
    return Amount.from(value as CodecJson)
  }
  return Amount.from({ currency, issuer: id, value: units } as CodecJson)
}

const hexOf = (parts: Uint8Array[]) => Buffer.concat(parts).toString('hex').toUpperCase()

/**
 * ripple-binary-codec's `encode` (the same hex, the same errors) without its per-value X-address
 * decode when no top-level value can be an X-address: about half the cost of an encode.
 *
 * @example
 * ```ts
 * encodeTransaction({ TransactionType: 'Payment', Account, Destination, Amount: '1' }) // '1200…'
 * ```
 */
export function encodeTransaction(tx: Json): string {
  const parts: Uint8Array[] = []
  if (codecOnly(tx) || !serialize(tx, undefined, parts)) return codecEncode(tx)
  return hexOf(parts)
}

/**
 * ripple-binary-codec's `encodeForSigning` (the `STX\0` prefix and the signing fields) without its
 * per-value X-address decode when no top-level value can be an X-address.
 *
 * @example
 * ```ts
 * sign(encodeTransactionForSigning(prepared), privateKey)
 * ```
 */
export function encodeTransactionForSigning(tx: Json): string {
  const parts: Uint8Array[] = [TRANSACTION_SIGNING_PREFIX]
  const signing = (field: FieldInstance) => field.isSigningField
  if (codecOnly(tx) || !serialize(tx, signing, parts)) return codecEncodeForSigning(tx)
  return hexOf(parts)
}
