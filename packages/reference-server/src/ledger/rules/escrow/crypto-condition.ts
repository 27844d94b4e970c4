import { createHash } from 'node:crypto'

/**
 * Why a condition or fulfillment did not parse: the names of rippled's `cryptoconditions::error`
 * (src/xrpld/conditions/detail/error.cpp), so a test failure reads like rippled's log.
 */
export type CryptoConditionError =
  | 'buffer_empty'
  | 'buffer_underfull'
  | 'buffer_overfull'
  | 'short_preamble'
  | 'long_tag'
  | 'large_size'
  | 'malformed_encoding'
  | 'incorrect_encoding'
  | 'unexpected_tag'
  | 'fingerprint_size'
  | 'trailing_garbage'
  | 'preimage_too_long'
  | 'unsupported_type'
  | 'unknown_type'

/** A parsed crypto-condition: its type tag, SHA-256 fingerprint and cost. */
export interface CryptoCondition {
  /** 0 = PREIMAGE-SHA-256, the only type the ledger accepts. */
  type: number
  fingerprint: Uint8Array
  cost: number
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: CryptoConditionError }

const fail = (error: CryptoConditionError): { ok: false; error: CryptoConditionError } => ({
  ok: false,
  error,
})

// Limits of rippled's Condition.h, Fulfillment.h and PreimageSha256.h: they may grow, never shrink.
const MAX_SERIALIZED_CONDITION = 128
const MAX_SERIALIZED_FULFILLMENT = 256
const MAX_PREIMAGE_LENGTH = 128
const FINGERPRINT_SIZE = 32
const PREIMAGE_SHA256 = 0

const CONSTRUCTED = 0x20
const CLASS_MASK = 0xc0
const CONTEXT_SPECIFIC = 0x80

/** A DER identifier and length, and where the content starts (X.690 §8.1). */
interface Preamble {
  constructed: boolean
  contextSpecific: boolean
  tag: number
  length: number
  start: number
}

// The subset of DER rippled's decoder reads (conditions/detail/utils.h): one-byte tags, short or
// long lengths, a long length never zero.
function preamble(bytes: Uint8Array, at: number): Parsed<Preamble> {
  if (bytes.length - at < 2) return fail('short_preamble')
  const identifier = bytes[at] as number
  const tag = identifier & 0x1f
  if (tag === 0x1f) return fail('long_tag')
  let length = bytes[at + 1] as number
  let start = at + 2
  if (length & 0x80) {
    const count = length & 0x7f
    if (count === 0) return fail('malformed_encoding')
    if (count > 8) return fail('large_size')
    if (count > bytes.length - start) return fail('short_preamble')
    length = 0
    for (let i = 0; i < count; i += 1) length = length * 256 + (bytes[start + i] as number)
    start += count
    if (length === 0) return fail('malformed_encoding')
  }
  return {
    ok: true,
    value: {
      constructed: (identifier & CONSTRUCTED) !== 0,
      contextSpecific: (identifier & CLASS_MASK) === CONTEXT_SPECIFIC,
      tag,
      length,
      start,
    },
  }
}

// A DER INTEGER read as an unsigned 32-bit value: at most 5 bytes, a leading zero only before a
// high bit, never negative (utils.h `parseInteger<std::uint32_t>`).
function unsignedInteger(bytes: Uint8Array, at: number, count: number): Parsed<number> {
  const rest = bytes.length - at
  if (rest === 0) return fail('malformed_encoding')
  if (count > rest) return fail('buffer_underfull')
  if (count > 5) return fail('large_size')
  const first = bytes[at] as number
  if (first & 0x80) return fail('malformed_encoding')
  if (count === 5 && first !== 0) return fail('malformed_encoding')
  let value = 0
  for (let i = 0; i < count; i += 1) value = value * 256 + (bytes[at + i] as number)
  return { ok: true, value }
}

// A primitive, context-specific element `[tag]` at `at`; a wrong class or form is `wrongClass`
// (rippled's decoder names it differently for the cost than for the other elements).
function contextPrimitive(
  bytes: Uint8Array,
  at: number,
  tag: number,
  wrongClass: CryptoConditionError = 'incorrect_encoding',
): Parsed<Preamble> {
  const head = preamble(bytes, at)
  if (!head.ok) return head
  if (head.value.constructed || !head.value.contextSpecific) return fail(wrongClass)
  if (head.value.tag !== tag) return fail('unexpected_tag')
  return head
}

// SimpleSha256Condition ::= SEQUENCE { fingerprint [0] OCTET STRING (SIZE(32)), cost [1] INTEGER }
function simpleSha256(body: Uint8Array): Parsed<CryptoCondition> {
  const head = contextPrimitive(body, 0, 0)
  if (!head.ok) return head
  if (head.value.length !== FINGERPRINT_SIZE) return fail('fingerprint_size')
  const fingerprintEnd = head.value.start + FINGERPRINT_SIZE
  if (fingerprintEnd > body.length) return fail('buffer_underfull')
  const fingerprint = Uint8Array.from(body.subarray(head.value.start, fingerprintEnd))
  const costHead = contextPrimitive(body, fingerprintEnd, 1, 'malformed_encoding')
  if (!costHead.ok) return costHead
  const cost = unsignedInteger(body, costHead.value.start, costHead.value.length)
  if (!cost.ok) return cost
  if (costHead.value.start + costHead.value.length !== body.length) {
    return fail('trailing_garbage')
  }
  if (cost.value > MAX_PREIMAGE_LENGTH) return fail('preimage_too_long')
  return { ok: true, value: { type: PREIMAGE_SHA256, fingerprint, cost: cost.value } }
}

// The CHOICE tag of a condition or fulfillment: 0 is PREIMAGE-SHA-256; 1 to 4 are the draft's
// other types, which rippled does not support; anything else is unknown.
const otherType = (tag: number): CryptoConditionError =>
  tag <= 4 ? 'unsupported_type' : 'unknown_type'

// The outer CHOICE element of a condition or fulfillment (constructed, context-specific `[type]`)
// with the bytes after its preamble (`rest`), which must hold its content.
function choice(bytes: Uint8Array): Parsed<Preamble & { rest: number }> {
  if (bytes.length === 0) return fail('buffer_empty')
  const head = preamble(bytes, 0)
  if (!head.ok) return head
  const { constructed, contextSpecific, length, start } = head.value
  if (!constructed || !contextSpecific) return fail('malformed_encoding')
  const rest = bytes.length - start
  if (length > rest) return fail('buffer_underfull')
  return { ok: true, value: { ...head.value, rest } }
}

/**
 * Parses a crypto-condition's binary (DER) form as rippled does (`Condition::deserialize`):
 * only PREIMAGE-SHA-256, a 32-byte fingerprint, a cost of at most 128, at most 128 bytes.
 *
 * @example
 * ```ts
 * parseCondition(Buffer.from('A0258020E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855810100', 'hex'))
 * // { ok: true, value: { type: 0, fingerprint: <32 bytes>, cost: 0 } }
 * ```
 */
export function parseCondition(bytes: Uint8Array): Parsed<CryptoCondition> {
  const head = choice(bytes)
  if (!head.ok) return head
  const { tag, length, start, rest } = head.value
  if (rest > MAX_SERIALIZED_CONDITION) return fail('large_size')
  if (tag !== PREIMAGE_SHA256) return fail(otherType(tag))
  const condition = simpleSha256(bytes.subarray(start, start + length))
  if (!condition.ok) return condition
  if (length !== rest) return fail('trailing_garbage')
  return condition
}

/**
 * Parses a fulfillment's binary (DER) form as rippled does (`Fulfillment::deserialize`): only
 * PREIMAGE-SHA-256 (`[0] { preimage [0] OCTET STRING }`), a preimage of at most 128 bytes.
 *
 * @example
 * ```ts
 * parseFulfillment(Buffer.from('A0028000', 'hex')) // { ok: true, value: <the empty preimage> }
 * ```
 */
export function parseFulfillment(bytes: Uint8Array): Parsed<Uint8Array> {
  const head = choice(bytes)
  if (!head.ok) return head
  const { tag, length, start, rest } = head.value
  if (length < rest) return fail('buffer_overfull')
  if (length > MAX_SERIALIZED_FULFILLMENT) return fail('large_size')
  if (tag !== PREIMAGE_SHA256) return fail(otherType(tag))
  const body = bytes.subarray(start)
  const inner = contextPrimitive(body, 0, 0)
  if (!inner.ok) return inner
  const preimageLength = body.length - inner.value.start
  if (preimageLength !== inner.value.length) return fail('trailing_garbage')
  if (preimageLength > MAX_PREIMAGE_LENGTH) return fail('preimage_too_long')
  return { ok: true, value: Uint8Array.from(body.subarray(inner.value.start)) }
}

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest())

/**
 * The condition a preimage fulfills: PREIMAGE-SHA-256, fingerprint SHA-256(preimage), cost = its
 * length (PreimageSha256.h).
 *
 * @example
 * ```ts
 * preimageCondition(new Uint8Array()).cost // 0
 * ```
 */
export function preimageCondition(preimage: Uint8Array): CryptoCondition {
  return { type: PREIMAGE_SHA256, fingerprint: sha256(preimage), cost: preimage.length }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, i) => byte === b[i])

/**
 * Whether a fulfillment (hex) parses and fulfills a condition (hex) that parses: rippled's
 * `checkCondition` of Escrow.cpp (same type, cost and fingerprint; a preimage needs no message).
 *
 * @example
 * ```ts
 * fulfills('A0028000', 'A0258020E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855810100') // true
 * ```
 */
export function fulfills(fulfillmentHex: string, conditionHex: string): boolean {
  const condition = parseCondition(Buffer.from(conditionHex, 'hex'))
  const fulfillment = parseFulfillment(Buffer.from(fulfillmentHex, 'hex'))
  if (!condition.ok || !fulfillment.ok) return false
  const derived = preimageCondition(fulfillment.value)
  return (
    derived.type === condition.value.type &&
    derived.cost === condition.value.cost &&
    sameBytes(derived.fingerprint, condition.value.fingerprint)
  )
}

// A DER length: short form below 128, else 0x80 + the count of big-endian bytes.
function derLength(length: number): number[] {
  if (length < 0x80) return [length]
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return [0x80 | bytes.length, ...bytes]
}

const element = (identifier: number, content: Uint8Array | number[]) => [
  identifier,
  ...derLength(content.length),
  ...content,
]

const toHex = (bytes: number[]) => Buffer.from(bytes).toString('hex').toUpperCase()

/**
 * The PREIMAGE-SHA-256 condition and fulfillment of a preimage, as upper-case hex for
 * `EscrowCreate.Condition` and `EscrowFinish.Fulfillment` (crypto-conditions draft §8.1); a
 * preimage over 128 bytes, which rippled refuses, throws a RangeError.
 *
 * @example
 * ```ts
 * preimageSha256(new Uint8Array())
 * // { condition: 'A0258020E3B0…B855810100', fulfillment: 'A0028000' }
 * ```
 */
export function preimageSha256(preimage: Uint8Array): { condition: string; fulfillment: string } {
  if (preimage.length > MAX_PREIMAGE_LENGTH) {
    throw new RangeError(`a preimage holds at most ${MAX_PREIMAGE_LENGTH} bytes`)
  }
  const { fingerprint, cost } = preimageCondition(preimage)
  // The cost as a DER INTEGER: minimal big-endian bytes, a leading zero before a high bit.
  const costBytes = cost < 0x80 ? [cost] : [0, cost]
  const condition = element(0xa0, [...element(0x80, fingerprint), ...element(0x81, costBytes)])
  const fulfillment = element(0xa0, element(0x80, preimage))
  return { condition: toHex(condition), fulfillment: toHex(fulfillment) }
}
