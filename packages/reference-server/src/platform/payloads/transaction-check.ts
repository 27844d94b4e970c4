import type { NetworkKey, TransactionJson } from 'pullsign/wire'
import { createSharedCache } from '../../bounded-cache'
import { type NetworkCodec, networkCodec, XRPL_CODEC } from '../../ledger/codec/network-codec'
import { NETWORKS, networkDefinition } from '../../ledger/networks'
import { isClassicAddress } from '../classic-address'
import { deepFreeze } from '../deep-freeze'
import { forbiddenType, invalidRequest } from '../errors'

/** Pseudo transaction types the wallet signs but never submits (docs/protocol.md §3.1, §8.2). */
export const PSEUDO_TYPES = ['SignIn', 'PaymentChannelAuthorize'] as const

// The codecs a payload that is not forced to a network is checked against, rippled's first:
// the wallet may sign it on any network (docs/protocol.md §3.1, §8.10). A Xahau codec is built
// only when a transaction needs it.
const anyNetworkCodecs = function* (): Generator<NetworkCodec> {
  yield XRPL_CODEC
  for (const network of NETWORKS) {
    const codec = networkCodec(network)
    if (codec !== XRPL_CODEC) {
      yield codec
      return
    }
  }
}

/**
 * Whether `type` is a transaction type a payload may carry: one a network's definitions know
 * (rippled's or xahaud's), or a pseudo type.
 *
 * @example
 * ```ts
 * isKnownTransactionType('SignIn') // true
 * isKnownTransactionType('URITokenMint') // true (Xahau)
 * isKnownTransactionType('Signin') // false
 * ```
 */
export const isKnownTransactionType = (type: string): boolean =>
  (PSEUDO_TYPES as readonly string[]).includes(type) ||
  [...anyNetworkCodecs()].some((codec) => codec.knowsTransactionType(type))

/**
 * A create request's `txblob` read with the definitions of the network it is forced to, else
 * rippled's, then xahaud's (a code both servers have reads as rippled's type). Throws 602 naming
 * `txblob` when none reads it.
 *
 * @example
 * ```ts
 * decodeBlob('12002D…', 'XAHAU').TransactionType // 'URITokenMint'
 * ```
 */
export function decodeBlob(
  txblob: string,
  forcedNetwork: NetworkKey | null,
): Record<string, unknown> {
  const codecs = forcedNetwork
    ? [networkCodec(networkDefinition(forcedNetwork))]
    : anyNetworkCodecs()
  for (const codec of codecs) {
    try {
      return codec.decode(txblob) as Record<string, unknown>
    } catch {
      // The next network's definitions may read it.
    }
  }
  throw invalidRequest('txblob', 'is not a binary-encoded transaction')
}

/** Types that need the application permission `restricted_types` (docs/protocol.md §3.1 → 603). */
export const RESTRICTED_TYPES = ['SetRegularKey', 'SignerListSet'] as const

// Fields a request may leave out because the wallet fills them (docs/protocol.md §3.1); the encode check
// fills them with neutral values so the transaction is encoded as the wallet will. `Account` is
// not filled: the codec encodes partial objects, and decoding a placeholder address costs two
// SHA-256 rounds per request for nothing (the wallet's own encode covers the real account).
const ENCODE_FILL = { Sequence: 0, Fee: '12', SigningPubKey: '' } as const

// The fields without which the wallet cannot build a meaningful transaction of the type.
const REQUIRED_FIELDS: Record<string, readonly string[]> = {
  Payment: ['Destination', 'Amount'],
  TrustSet: ['LimitAmount'],
  OfferCreate: ['TakerGets', 'TakerPays'],
  OfferCancel: ['OfferSequence'],
  EscrowCreate: ['Destination', 'Amount'],
  CheckCreate: ['Destination', 'SendMax'],
  AccountDelete: ['Destination'],
  SignerListSet: ['SignerQuorum'],
  PaymentChannelCreate: ['Destination', 'Amount', 'SettleDelay', 'PublicKey'],
  PaymentChannelAuthorize: ['Channel', 'Amount'],
  Batch: ['RawTransactions'],
  // xahaud's own (TxFormats.cpp soeREQUIRED).
  URITokenMint: ['URI'],
  URITokenBurn: ['URITokenID'],
  URITokenBuy: ['URITokenID', 'Amount'],
  URITokenCreateSellOffer: ['URITokenID', 'Amount'],
  URITokenCancelSellOffer: ['URITokenID'],
  Remit: ['Destination'],
  SetRemarks: ['ObjectID', 'Remarks'],
}

// Batch (docs/protocol.md §8.4): 1..8 inner transactions, each flagged as inner with no fee and no key.
const INNER_BATCH_FLAG = 0x40000000
const MAX_INNER = 8

const MAX_DROPS = 10n ** 17n
const ISSUED_VALUE = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/
const CURRENCY_CODE = /^([A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}|[0-9A-F]{40})$/

// Own properties only: a field named `constructor` or `toString` must not find Object.prototype.
const fieldType = (codec: NetworkCodec, name: string): string | undefined => {
  const fields = codec.definitions.field as unknown as Record<string, unknown>
  if (!Object.hasOwn(fields, name)) return undefined
  const field = fields[name] as { isSerialized?: unknown; type?: { name?: unknown } } | undefined
  const type = field?.type?.name
  return field?.isSerialized === true && typeof type === 'string' ? type : undefined
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function isValidAmount(value: unknown): boolean {
  if (typeof value === 'string') return /^\d{1,18}$/.test(value) && BigInt(value) <= MAX_DROPS
  if (!isPlainObject(value)) return false
  if ('mpt_issuance_id' in value) return true // left to the codec: it knows MPT amounts
  const { currency, issuer, value: amount } = value
  return (
    typeof currency === 'string' &&
    CURRENCY_CODE.test(currency) &&
    currency.toUpperCase() !== 'XRP' &&
    typeof issuer === 'string' &&
    isClassicAddress(issuer) &&
    typeof amount === 'string' &&
    ISSUED_VALUE.test(amount)
  )
}

type Encoded = { hex: string; error: null } | { hex: null; error: string }

const tryEncode = (codec: NetworkCodec, json: object): Encoded => {
  try {
    return { hex: codec.encode(json), error: null }
  } catch (error) {
    return { hex: null, error: error instanceof Error ? error.message : String(error) }
  }
}

/** Checks the typed fields with messages a developer understands, before the codec speaks. */
function checkFields(codec: NetworkCodec, tx: Record<string, unknown>, prefix: string): void {
  for (const [name, value] of Object.entries(tx)) {
    const type = fieldType(codec, name)
    if (type === 'Amount' && !isValidAmount(value)) {
      throw invalidRequest(`${prefix}.${name}`, 'is not a valid amount')
    }
    if (type === 'AccountID' && !isClassicAddress(value)) {
      throw invalidRequest(`${prefix}.${name}`, 'is not a valid classic address')
    }
  }
}

// The codec encodes an array given where it expects an object as an object without fields, so
// `Memos: [[[1]]]` would be signed as `Memos: []`. Object and array fields are checked for their
// shape, at every depth, so a transaction is signed only as requested (docs/protocol.md §3.1).
function checkShapes(codec: NetworkCodec, fields: Record<string, unknown>, prefix: string): void {
  for (const [name, value] of Object.entries(fields)) {
    const type = fieldType(codec, name)
    const field = `${prefix}.${name}`
    if (type === 'STArray') {
      if (!Array.isArray(value)) throw invalidRequest(field, 'must be an array')
      value.forEach((entry: unknown, index) => {
        if (!isPlainObject(entry) || Object.keys(entry).length !== 1) {
          throw invalidRequest(
            `${field}.${index}`,
            'must be an object with one inner object field, such as {"Memo": {...}}',
          )
        }
        checkShapes(codec, entry, `${field}.${index}`)
      })
    } else if (type === 'STObject') {
      if (!isPlainObject(value)) throw invalidRequest(field, 'must be an object')
      checkShapes(codec, value, field)
    }
  }
}

// The transactions that recently passed every check of `checkTransaction`, frozen, by their JSON
// text, one cache per value of the restricted-types permission and per network server a payload
// is forced to (or none). The checks are a pure function of
// that text and that permission, and test suites send the same few transactions again and again,
// so a repeated one is neither parsed nor checked again (the codec encode alone is about 20 µs,
// most of a create request), and the payloads that request it share one object instead of a
// copy each. Only successes are kept, least recently used first out, within a character budget
// (the objects take about as much again); a text longer than MAX_KEPT_TEXT (a large Memo, a
// Batch) is checked every time rather than kept.
const MAX_KEPT_TEXT = 4_096
const checkedCache = () =>
  createSharedCache<TransactionJson>({
    maxKeyLength: MAX_KEPT_TEXT,
    maxChars: 250_000,
    sizeOf: () => 1,
  })
const checkedCaches = new Map<string, ReturnType<typeof checkedCache>>()
const checkedFor = (scope: string, restricted: boolean) => {
  const key = `${scope}:${restricted}`
  let cache = checkedCaches.get(key)
  if (!cache) {
    cache = checkedCache()
    checkedCaches.set(key, cache)
  }
  return cache
}

/** Encodes the filled transaction and finds the field the codec refuses, naming it. */
function checkEncodes(codec: NetworkCodec, tx: Record<string, unknown>, prefix: string): void {
  const filled: Record<string, unknown> = { ...ENCODE_FILL, ...tx }
  // Every field must be one the codec serializes, or it would not survive the encode (a decode
  // round trip would tell the same, at the price of a second pass over the blob).
  for (const name of Object.keys(filled)) {
    if (fieldType(codec, name) === undefined) {
      throw invalidRequest(`${prefix}.${name}`, 'is not a field the binary codec knows')
    }
  }
  const encoded = tryEncode(codec, filled)
  if (encoded.hex !== null) return
  for (const [name, value] of Object.entries(filled)) {
    const own = tryEncode(codec, Object.fromEntries([[name, value]])).error
    if (own !== null) throw invalidRequest(`${prefix}.${name}`, `is not valid: ${own}`)
  }
  throw invalidRequest(prefix, `does not encode: ${encoded.error}`)
}

function checkBatch(codec: NetworkCodec, tx: Record<string, unknown>): void {
  const inner = tx.RawTransactions
  if (!Array.isArray(inner) || inner.length < 1 || inner.length > MAX_INNER) {
    throw invalidRequest('txjson.RawTransactions', `must hold 1 to ${MAX_INNER} transactions`)
  }
  inner.forEach((entry, index) => {
    const field = `txjson.RawTransactions.${index}.RawTransaction`
    const raw = isPlainObject(entry) ? entry.RawTransaction : undefined
    if (!isPlainObject(raw) || typeof raw.TransactionType !== 'string') {
      throw invalidRequest(field, 'must be a transaction object')
    }
    if (raw.TransactionType === 'Batch') throw invalidRequest(field, 'cannot be a Batch')
    if (raw.Fee !== '0') throw invalidRequest(`${field}.Fee`, 'must be "0" in an inner transaction')
    if (raw.SigningPubKey !== '') {
      throw invalidRequest(`${field}.SigningPubKey`, 'must be "" in an inner transaction')
    }
    const flags = typeof raw.Flags === 'number' ? raw.Flags : 0
    if ((flags & INNER_BATCH_FLAG) === 0) {
      throw invalidRequest(`${field}.Flags`, 'must include the inner batch flag 1073741824')
    }
    checkFields(codec, raw, field)
  })
}

/**
 * The requested transaction of `text` (its JSON text), checked against docs/protocol.md §3.1: a
 * known type (or a pseudo type), the restricted types permission, the fields each type needs,
 * valid amounts and classic addresses, and a binary-codec encode of the filled transaction; every
 * error names the field. The definitions are those of `forcedNetwork` (a payload's
 * `force_network`: a URITokenMint forced to MAINNET is refused); a payload not forced to a
 * network passes when the definitions of one network's server take it, rippled's first, then
 * xahaud's (the wallet then refuses to sign it on a network that has no such type,
 * docs/protocol.md §8.10). It comes back frozen (a stored request never changes): a text that
 * passed recently with the same permission and network gives the same object, neither parsed
 * nor checked again. `parse` makes the object when the text is not remembered (a txblob's decode, whose JSON
 * text `text` is); by default the text is parsed, which also makes it a copy of what the caller
 * holds.
 *
 * @example
 * ```ts
 * const text = JSON.stringify({ TransactionType: 'Payment', Destination: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', Amount: '1' })
 * checkedTransaction(text, { restrictedTypes: false }) === checkedTransaction(text, { restrictedTypes: false }) // true
 * checkedTransaction('{"TransactionType":"Payment","Amount":"1.5"}', { restrictedTypes: false }) // throws 602 txjson.Destination ...
 * ```
 */
export function checkedTransaction(
  text: string,
  permissions: { restrictedTypes: boolean },
  parse: () => Record<string, unknown> = () => JSON.parse(text) as Record<string, unknown>,
  forcedNetwork: NetworkKey | null = null,
): TransactionJson {
  const codecs = forcedNetwork
    ? [networkCodec(networkDefinition(forcedNetwork))]
    : anyNetworkCodecs()
  const scope = forcedNetwork ? networkCodec(networkDefinition(forcedNetwork)).server : 'any'
  const checked = checkedFor(scope, permissions.restrictedTypes)
  const known = checked.get(text)
  if (known) return known
  const tx = parse()
  const type = tx.TransactionType
  if (typeof type !== 'string') {
    throw invalidRequest('txjson.TransactionType', 'is required and must be a string')
  }
  const pseudo = (PSEUDO_TYPES as readonly string[]).includes(type)
  let refusal: unknown
  let passed = false
  for (const codec of codecs) {
    if (!pseudo && !codec.knowsTransactionType(type)) continue
    try {
      checkTransaction(codec, tx, permissions)
      passed = true
      break
    } catch (error) {
      refusal ??= error
    }
  }
  if (!passed) {
    if (refusal !== undefined) throw refusal
    const where = forcedNetwork
      ? `a transaction type of ${forcedNetwork}`
      : 'a known transaction type'
    throw invalidRequest(
      'txjson.TransactionType',
      `${JSON.stringify(type.slice(0, 64))} is not ${where}`,
    )
  }
  deepFreeze(tx)
  checked.set(text, tx as TransactionJson)
  return tx as TransactionJson
}

function checkTransaction(
  codec: NetworkCodec,
  tx: Record<string, unknown>,
  permissions: { restrictedTypes: boolean },
): asserts tx is TransactionJson {
  const type = String(tx.TransactionType)
  if ((RESTRICTED_TYPES as readonly string[]).includes(type) && !permissions.restrictedTypes) {
    throw forbiddenType(
      `txjson.TransactionType ${type} needs the application permission restricted_types`,
    )
  }
  for (const name of REQUIRED_FIELDS[type] ?? []) {
    if (tx[name] === undefined) throw invalidRequest(`txjson.${name}`, `is required for ${type}`)
  }
  if (type === 'PaymentChannelAuthorize') {
    if (typeof tx.Channel !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(tx.Channel)) {
      throw invalidRequest('txjson.Channel', 'must be 64 hex characters')
    }
    if (typeof tx.Amount !== 'string') {
      throw invalidRequest('txjson.Amount', 'must be drops (an integer string)')
    }
  }
  if (type === 'Batch') checkBatch(codec, tx)
  const pseudo = (PSEUDO_TYPES as readonly string[]).includes(type)
  checkFields(codec, tx, 'txjson')
  checkShapes(codec, tx, 'txjson')
  // Pseudo types have no binary TransactionType: the codec checks the rest of the fields.
  const { TransactionType: _type, ...fields } = tx
  checkEncodes(codec, pseudo ? fields : tx, 'txjson')
}
