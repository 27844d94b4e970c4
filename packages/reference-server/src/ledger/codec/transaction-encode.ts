import { isValidXAddress } from 'ripple-address-codec'
import {
  encode as codecEncode,
  encodeForMultisigning as codecEncodeForMultisigning,
  encodeForSigning as codecEncodeForSigning,
  type coreTypes,
  DEFAULT_DEFINITIONS,
  type XrplDefinitionsBase,
} from 'ripple-binary-codec'
import { createSharedCache } from '../../bounded-cache'
import { accountIdOf } from './account-ids'
import { AccountID, Amount, hashWidth, UInt64 } from './core-types'

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

type FieldInstance = ReturnType<XrplDefinitionsBase['field']['fromString']>
type Typed = ReturnType<(typeof coreTypes)[string]['from']>
// Any JSON value, as the codec's public `from` takes it (it throws what it cannot read).
type CodecJson = Parameters<(typeof coreTypes)[string]['from']>[0]
// AccountID.from takes 40 hex digits as the account's bytes.
const HEX = /^[A-F0-9]{40}$/
const OBJECT_END_MARKER = Uint8Array.from([0xe1])
const ARRAY_END_MARKER = Uint8Array.from([0xf1])
// HashPrefix.transactionSig, `STX\0`: what encodeForSigning writes first.
const TRANSACTION_SIGNING_PREFIX = Uint8Array.from([0x53, 0x54, 0x58, 0x00])

type Json = object
type FieldFilter = (field: FieldInstance) => boolean

// The codec asks ripple-address-codec's `isValidXAddress` of every value it meets at each level of
// an object (base58 decode, two SHA-256 and a thrown Error for each ordinary value: most of an
// encode). A value that cannot have the shape of an X-address cannot be one; the few that have it
// (a hex key or hash without a 0 digit) are asked the codec's own question. A level with none
// needs no conversion and takes the path below; an object with one at any level goes to the codec
// untouched, and so does a UNLModify (the codec's Account workaround keys on the name of its enum
// value).
function codecOnly(object: Json): boolean {
  const { TransactionType } = object as Record<string, unknown>
  if (TransactionType !== undefined && TransactionType !== null) {
    if (typeof TransactionType !== 'string' || TransactionType === 'UNLModify') return true
  }
  for (const value of Object.values(object)) {
    if (!value || !textCouldBeShaped(value)) continue
    // As the codec asks it (`val.toString()`); a value it cannot ask so gets the codec's own error.
    const { toString: textOf } = value as { toString?: unknown }
    if (typeof textOf !== 'function') return true
    const text = String(textOf.call(value))
    if (X_ADDRESS_SHAPE.test(text) && isValidXAddress(text)) return true
  }
  return false
}

// Whether a value's text (what the codec tests) could have an X-address's shape, without making
// it: a plain object's is `[object Object]`, and an array of two or more elements has a comma
// (not base58), so only strings, one-element arrays and objects with their own `toString` are
// read.
function textCouldBeShaped(value: unknown): boolean {
  if (typeof value === 'string') return value.length >= MIN_X_ADDRESS_LENGTH
  if (typeof value !== 'object' || value === null) return true
  if (Array.isArray(value)) return value.length === 1
  return value.toString !== Object.prototype.toString
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

// The bytes of any other value, through the codec's types (an account and an issued amount by the
// shortcuts below).
function typedBytes(field: FieldInstance, value: unknown): Uint8Array {
  const type = field.type.name
  if (type === 'AccountID') return accountIdBytes(value)
  const typed: Typed | undefined =
    type === 'Amount'
      ? amount(value)
      : type === 'UInt64'
        ? UInt64.from(value, field.name)
        : field.associatedType.from(value as CodecJson)
  if (typed == null) throw new TypeError(`Unable to interpret "${field.name}: ${value}".`)
  return typed.toBytes()
}

// The codec's hex test (@xrplf/isomorphic HEX_REGEX), the widths of its hashes (their public
// `width`) and of its UInts (their names say it).
const CODEC_HEX = /^[A-F0-9]*$/i
const HASH_WIDTHS: Record<string, number> = Object.fromEntries(
  ['Hash128', 'Hash160', 'Hash192', 'Hash256'].map((name) => [name, hashWidth(name)]),
)
const UINT_WIDTHS: Record<string, number> = { UInt8: 1, UInt16: 2, UInt32: 4 }

// The bytes of the commonest values, as the codec makes them, without its objects: a hash or blob
// given as hex (the codec's own conversion is Buffer.from on Node, checked by the same pattern and,
// for a hash, the same width) and a whole number in a UInt's range. Undefined for anything else,
// which goes to the codec (its bytes, its error: a hash of the wrong width, a UInt32 as a string).
function plainBytes(
  field: FieldInstance,
  value: unknown,
  hexUint64: ReadonlySet<string>,
): Uint8Array | undefined {
  const type = field.type.name
  if (typeof value === 'string') {
    if (type === 'Amount') return nativeAmountBytes(value)
    if (type === 'UInt64') return hexUint64.has(field.name) ? uint64HexBytes(value) : undefined
    if (type !== 'Blob' && !(type in HASH_WIDTHS)) return undefined
    if (!CODEC_HEX.test(value)) return undefined
    const bytes = Buffer.from(value, 'hex')
    return type === 'Blob' || bytes.length === HASH_WIDTHS[type] ? bytes : undefined
  }
  const width = UINT_WIDTHS[type]
  if (width === undefined || !Number.isInteger(value)) return undefined
  const number = value as number
  if (number < 0 || number >= 2 ** (8 * width)) return undefined
  const bytes = Buffer.alloc(width)
  bytes.writeUIntBE(number, 0, width)
  return bytes
}

const UINT64_HEX = /^[0-9A-Fa-f]{1,16}$/

// A hex UInt64 as the codec writes it (padded to 16 digits, Buffer.from on Node); the rest of what
// the codec takes (a number, a bigint) goes to it.
const uint64HexBytes = (value: string): Uint8Array | undefined =>
  UINT64_HEX.test(value) ? Buffer.from(value.padStart(16, '0'), 'hex') : undefined

// Drops below 10^17 (at most 17 digits, so within the codec's range and never its 1e17 bound): the
// 64-bit value with the "positive" bit set and the "issued" bit clear (xrpl.org binary format,
// Amount fields). Anything else (decimals, signs, exponents, 1e17 itself) is the codec's to read.
const NATIVE_DROPS = /^[0-9]{1,17}$/
const POSITIVE_NATIVE = 0x4000000000000000n
function nativeAmountBytes(value: string): Uint8Array | undefined {
  if (!NATIVE_DROPS.test(value)) return undefined
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(value) | POSITIVE_NATIVE)
  return bytes
}

// The codec's order (ascending ordinal), kept while the fields are gathered: an object has a few,
// and a sort's comparator calls cost more than these steps.
function insertByOrdinal(fields: FieldInstance[], field: FieldInstance) {
  let at = fields.length
  while (at > 0 && (fields[at - 1] as FieldInstance).ordinal > field.ordinal) {
    fields[at] = fields[at - 1] as FieldInstance
    at--
  }
  fields[at] = field
}

// What the codec's STObject.from reads as fields: a plain object (it would read a string's
// characters or an array's indices as field names, and fail its own way).
const isFieldsObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// The codec's STArray.from takes only objects of one field whose value is an object
// (`[{ Memo: { … } }]`).
const isWrappedObjects = (value: unknown): value is Json[] =>
  Array.isArray(value) &&
  value.every(
    (element) =>
      typeof element === 'object' &&
      element !== null &&
      Object.keys(element).length === 1 &&
      typeof Object.values(element)[0] === 'object',
  )

// AccountID.from asks isValidXAddress again before decoding a classic address; the value is known
// not to be an X-address, so only the classic decode remains (remembered: the account's 20 bytes,
// and the same error for anything that is not a classic address).
function accountIdBytes(value: unknown): Uint8Array {
  if (typeof value === 'string' && value !== '' && !HEX.test(value)) {
    return Buffer.from(accountIdOf(value), 'hex')
  }
  return AccountID.from(value as CodecJson).toBytes()
}

// The encoded issued amounts met lately: a ledger writes the same limits, and each balance as a
// final field and again as the next transaction's previous one (the codec parses the value with
// BigNumber and the currency code on every call). Only amounts of string parts are kept, and only
// once encoded (an error is thrown again each time); a key over the length bound is not kept.
const issuedAmounts = createSharedCache<Typed>({ maxKeyLength: 120, maxEntries: 4096 })

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
  // The lengths first make the key unambiguous whatever characters the parts hold.
  const key =
    typeof units === 'string' &&
    typeof currency === 'string' &&
    `${units.length}.${currency.length}.${units}${currency}${issuer}`
  const known = key ? issuedAmounts.get(key) : undefined
  if (known !== undefined) return known
  let id: string
  try {
    id = accountIdOf(issuer)
  } catch {
    return Amount.from(value as CodecJson)
  }
  const typed = Amount.from({ currency, issuer: id, value: units } as CodecJson)
  if (key) issuedAmounts.set(key, typed)
  return typed
}

const hexOf = (parts: Uint8Array[]) => Buffer.concat(parts).toString('hex').toUpperCase()

/**
 * ripple-binary-codec's encoders over one set of definitions (a network's, codec/network-codec.ts):
 * the same hex and the same errors as the codec's `encode`, `encodeForSigning` and
 * `encodeForMultisigning` given those definitions, without the codec's per-value X-address decode
 * when no value at any level can be an X-address (about half the cost of a transaction's encode,
 * most of a metadata's).
 *
 * @example
 * ```ts
 * const encoder = createTransactionEncoder(DEFAULT_DEFINITIONS)
 * encoder.encode({ TransactionType: 'Payment', Account, Destination, Amount: '1' }) // '1200…'
 * ```
 */
export interface TransactionEncoder {
  /** The codec's `encode`: a transaction, its metadata or a ledger object. */
  encode(json: Json): string
  /** The codec's `encodeForSigning`: the `STX\0` prefix and the signing fields. */
  encodeForSigning(json: Json): string
  /** The codec's `encodeForMultisigning` (`SMT\0`, the signing fields, the signer's AccountID). */
  encodeForMultisigning(json: Json, signer: string): string
}

/**
 * The encoders of {@link TransactionEncoder} over `definitions`, resolved once: the field table
 * and the hex UInt64 fields are read here, not per call.
 *
 * @example
 * ```ts
 * const xahau = createTransactionEncoder(new XrplDefinitions(xahauDefinitionsJson))
 * xahau.encode({ TransactionType: 'URITokenMint', URI: '697066733A2F2F' }) // '12002D…'
 * ```
 */
export function createTransactionEncoder(definitions: XrplDefinitionsBase): TransactionEncoder {
  const FIELDS = definitions.field
  // The UInt64 fields the codec reads as hex (directory page numbers, exchange rates…), found by
  // asking it once: it reads a few amounts of MPTs in base 10 by their field's name.
  const hexUint64: ReadonlySet<string> = new Set(
    Object.keys(FIELDS).filter((name) => {
      const field = FIELDS.fromString(name) as FieldInstance | undefined
      if (field?.name !== name || field.type.name !== 'UInt64') return false
      return UInt64.from('10', name).toBytes()[7] === 0x10
    }),
  )

  // The codec's STObject.from, in the same order and with the same errors, written with its
  // public types (`coreTypes`, the fields of the definitions); nested objects and arrays
  // (metadata's AffectedNodes, Memos, Signers) are serialized the same way, level by level.
  // False, with the parts left unusable, for anything the codec would read differently: a level
  // with a value shaped like an X-address, a UNLModify, a nested value that is not an object of
  // fields, an array that is not one of wrapped objects; the caller then hands the whole object
  // to the codec (its bytes, its error). The codec does not export its BinarySerializer; the
  // request to file upstream: https://github.com/XRPLF/xrpl.js/issues/new?title=ripple-binary-codec%3A+export+BinarySerializer%2C+BinaryParser+and+an+encode+without+X-address+detection
  const serialize = (object: Json, filter: FieldFilter | undefined, parts: Uint8Array[]) => {
    if (codecOnly(object)) return false
    const fields: FieldInstance[] = []
    for (const name of Object.keys(object)) {
      if (!(name in FIELDS)) {
        if (name[0] === name[0]?.toLowerCase()) continue
        throw new Error(`Field ${name} is not defined in the definitions`)
      }
      const field: FieldInstance | undefined = FIELDS.fromString(name)
      if (
        field !== undefined &&
        (object as Record<string, unknown>)[field.name] !== undefined &&
        field.isSerialized &&
        (!filter || filter(field))
      ) {
        insertByOrdinal(fields, field)
      }
    }
    for (const field of fields) {
      const value = (object as Record<string, unknown>)[field.name]
      const type = field.type.name
      if (type === 'STObject') {
        if (!isFieldsObject(value)) return false
        parts.push(field.header)
        if (!serialize(value, undefined, parts)) return false
        parts.push(OBJECT_END_MARKER)
        continue
      }
      if (type === 'STArray') {
        if (!isWrappedObjects(value)) return false
        parts.push(field.header)
        for (const wrapped of value) if (!serialize(wrapped, undefined, parts)) return false
        parts.push(ARRAY_END_MARKER)
        continue
      }
      const bytes = plainBytes(field, value, hexUint64) ?? typedBytes(field, value)
      parts.push(field.header)
      if (field.isVariableLengthEncoded) parts.push(lengthPrefix(bytes.length))
      parts.push(bytes)
    }
    return true
  }
  const signing = (field: FieldInstance) => field.isSigningField

  return {
    encode(json) {
      const parts: Uint8Array[] = []
      if (!serialize(json, undefined, parts)) return codecEncode(json, definitions)
      return hexOf(parts)
    },
    encodeForSigning(json) {
      const parts: Uint8Array[] = [TRANSACTION_SIGNING_PREFIX]
      if (!serialize(json, signing, parts)) return codecEncodeForSigning(json, definitions)
      return hexOf(parts)
    },
    // Rare (one multisigner's signature): the codec's own, with these definitions.
    encodeForMultisigning: (json, signer) => codecEncodeForMultisigning(json, signer, definitions),
  }
}

/** The XRP Ledger's encoders (ripple-binary-codec's own definitions): what rippled networks use. */
export const XRPL_ENCODER: TransactionEncoder = createTransactionEncoder(DEFAULT_DEFINITIONS)

/**
 * {@link TransactionEncoder.encode} with the XRP Ledger's definitions: for what only the XRP
 * Ledger has (a Batch's inner transactions) or holds no network's own field. A network's
 * transactions, metadata and objects use that network's codec (codec/network-codec.ts).
 *
 * @example
 * ```ts
 * encodeTransaction({ TransactionType: 'Payment', Account, Destination, Amount: '1' }) // '1200…'
 * ```
 */
export const encodeTransaction = XRPL_ENCODER.encode

/**
 * {@link TransactionEncoder.encodeForSigning} with the XRP Ledger's definitions (see
 * {@link encodeTransaction}).
 *
 * @example
 * ```ts
 * sign(encodeTransactionForSigning(prepared), privateKey)
 * ```
 */
export const encodeTransactionForSigning = XRPL_ENCODER.encodeForSigning
