import {
  encode as codecEncode,
  encodeForSigning as codecEncodeForSigning,
  DEFAULT_DEFINITIONS,
} from 'ripple-binary-codec'
import { BinarySerializer, BytesList } from 'ripple-binary-codec/dist/binary.js'
import type { FieldInstance } from 'ripple-binary-codec/dist/enums/index.js'
import { HashPrefix } from 'ripple-binary-codec/dist/hash-prefixes.js'
import { AccountID } from 'ripple-binary-codec/dist/types/account-id.js'
import { Amount } from 'ripple-binary-codec/dist/types/amount.js'
import type { JsonObject } from 'ripple-binary-codec/dist/types/serialized-type.js'
import { STArray } from 'ripple-binary-codec/dist/types/st-array.js'
import { STObject } from 'ripple-binary-codec/dist/types/st-object.js'
import { UInt64 } from 'ripple-binary-codec/dist/types/uint-64.js'
import { accountIdOf } from './account-ids'

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

const FIELDS = DEFAULT_DEFINITIONS.field as unknown as Record<string, FieldInstance | undefined>
// AccountID.from takes 40 hex digits as the account's bytes.
const HEX = /^[A-F0-9]{40}$/
const OBJECT_END_MARKER = Uint8Array.from([0xe1])

type Json = object
type FieldFilter = (field: FieldInstance) => boolean

// The codec asks ripple-address-codec's `isValidXAddress` of every top-level value it encodes
// (base58 decode, two SHA-256 and a thrown Error for each ordinary value: most of an encode). A
// value that cannot have the shape of an X-address cannot be one, so a transaction with none
// needs no conversion and takes the path below; any other goes to the codec untouched.
function mayHoldXAddress(tx: Json): boolean {
  for (const value of Object.values(tx)) {
    if (value && X_ADDRESS_SHAPE.test(String(value))) return true
  }
  return false
}

// The codec's STObject.from for a top level without X-addresses, in the same order and with the
// same errors; nested objects and arrays are the codec's own (rare in a transaction).
function serialize(tx: Json, filter: FieldFilter | undefined, sink: BytesList): void {
  const fields: FieldInstance[] = []
  for (const name of Object.keys(tx)) {
    const field = FIELDS[name]
    if (field === undefined) {
      if (name[0] === name[0]?.toLowerCase()) continue
      throw new Error(`Field ${name} is not defined in the definitions`)
    }
    if (
      (tx as Record<string, unknown>)[name] !== undefined &&
      field.isSerialized &&
      (!filter || filter(field))
    ) {
      fields.push(field)
    }
  }
  fields.sort((a, b) => a.ordinal - b.ordinal)
  const bytes = new BinarySerializer(sink)
  let isUnlModify = false
  for (const field of fields) {
    const value = (tx as Record<string, unknown>)[field.name] as never
    const typed =
      field.type.name === 'STObject'
        ? STObject.from(value)
        : field.type.name === 'STArray'
          ? STArray.from(value)
          : field.type.name === 'UInt64'
            ? UInt64.from(value, field.name)
            : field.type.name === 'AccountID'
              ? accountId(value)
              : field.type.name === 'Amount'
                ? amount(value)
                : field.associatedType.from(value)
    if (typed == null) throw new TypeError(`Unable to interpret "${field.name}: ${value}".`)
    if ((typed as { name?: string }).name === 'UNLModify') isUnlModify = true
    bytes.writeFieldAndValue(field, typed, field.name === 'Account' && isUnlModify)
    if (field.type.name === 'STObject') sink.put(OBJECT_END_MARKER)
  }
}

// AccountID.from asks isValidXAddress again before decoding a classic address; the value has
// already been found not to be shaped like an X-address, so only the classic decode remains
// (remembered; the same bytes and the same error for anything else).
function accountId(value: unknown): AccountID {
  if (typeof value === 'string' && value !== '' && !HEX.test(value)) {
    return AccountID.from(accountIdOf(value))
  }
  return AccountID.from(value as string)
}

// Amount.from of an issued amount reads its issuer with AccountID.from, whose isValidXAddress
// costs as much as the rest of the amount; given as its 40 hex digits, the issuer is taken as
// bytes. Only a classic issuer is handed over so: an X-address or any other value, and every
// issuer that fails to decode, go to Amount.from as they are (its bytes, its error).
function amount(value: unknown): Amount {
  if (typeof value !== 'object' || value === null) return Amount.from(value as string)
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
    return Amount.from(value as never)
  }
  let id: string
  try {
    id = accountIdOf(issuer)
  } catch {
    return Amount.from(value as never)
  }
  return Amount.from({ currency, issuer: id, value: units } as never)
}

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
  if (mayHoldXAddress(tx)) return codecEncode(tx as JsonObject)
  const sink = new BytesList()
  serialize(tx, undefined, sink)
  return new STObject(sink.toBytes()).toHex()
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
  if (mayHoldXAddress(tx)) return codecEncodeForSigning(tx as JsonObject)
  const sink = new BytesList()
  sink.put(HashPrefix.transactionSig as Uint8Array)
  serialize(tx, (field) => field.isSigningField, sink)
  return new STObject(sink.toBytes()).toHex()
}
