import { isValidClassicAddress } from 'ripple-address-codec'
import { decode } from 'ripple-binary-codec'
import { batchSigningData } from '../../ledger/codec/batch-signing-data'
import {
  accountIdHex,
  addressOf,
  type SignerEntry,
  signatureEntries,
  verifies,
} from '../../ledger/signatures/signature-check'
import { invalidRequest } from '../errors'
import { UUID } from '../ids'

/** One native BatchSigners entry (docs/protocol.md §8.4). */
type BatchSignerEntry = SignerEntry

/**
 * What a payload UUID named in `BatchSigners` is: the signed blob of a payload of the same
 * application, `null` when that payload is not signed, `undefined` when unknown or foreign.
 *
 * @example
 * ```ts
 * const signed: SignedPayloadHex = (uuid) => store.get(uuid)?.outcome?.hex
 * ```
 */
export type SignedPayloadHex = (uuid: string) => string | null | undefined

const HEX = /^(?:[0-9A-Fa-f]{2})+$/

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const nativeEntry = (value: unknown): BatchSignerEntry | null =>
  signatureEntries([value], 'BatchSigner')?.[0] ?? null

// A signed Batch blob (an inner signer's `response.hex`) carries that signer's entries.
function entriesOfBlob(hex: string, field: string): BatchSignerEntry[] {
  let decoded: Record<string, unknown>
  try {
    decoded = decode(hex) as Record<string, unknown>
  } catch {
    throw invalidRequest(field, 'is not a binary-encoded Batch')
  }
  const list = Array.isArray(decoded.BatchSigners) ? decoded.BatchSigners : []
  const entries = list.map(nativeEntry)
  if (decoded.TransactionType !== 'Batch' || entries.length === 0 || entries.includes(null)) {
    throw invalidRequest(field, 'is not a Batch signed by an inner signer')
  }
  return entries as BatchSignerEntry[]
}

function entriesOf(item: unknown, field: string, signed: SignedPayloadHex): BatchSignerEntry[] {
  if (typeof item === 'string' && UUID.test(item)) {
    const hex = signed(item.toLowerCase())
    if (hex === undefined) throw invalidRequest(field, 'names no payload of this application')
    if (hex === null) throw invalidRequest(field, 'names a payload that is not signed')
    return entriesOfBlob(hex, field)
  }
  if (typeof item === 'string' && HEX.test(item)) return entriesOfBlob(item, field)
  const entry = nativeEntry(item)
  if (!entry) {
    throw invalidRequest(
      field,
      'must be {BatchSigner: {Account, SigningPubKey, TxnSignature}}, a signed blob or a payload UUID',
    )
  }
  return [entry]
}

/**
 * Resolves the `BatchSigners` of a final Batch payload (docs/protocol.md §8.4): each item may be a
 * native entry, the signed blob of an inner signer, or the UUID of that signer's signed payload
 * (same application), mixed freely. Every entry's key must derive to its account and its BatchV1_1
 * signature must verify over this Batch; the entries are merged (one per account) and sorted by
 * AccountID. Returns the transaction with native `BatchSigners`; 602 naming the entry otherwise.
 *
 * @example
 * ```ts
 * resolveBatchSigners({ ...batch, BatchSigners: [signerPayloadUuid, signedBlob] }, signedHex)
 * // { ...batch, BatchSigners: [{ BatchSigner: {...} }, { BatchSigner: {...} }] }
 * ```
 */
export function resolveBatchSigners(
  txjson: Record<string, unknown>,
  signed: SignedPayloadHex,
): Record<string, unknown> {
  const items = txjson.BatchSigners
  if (items === undefined) return txjson
  if (!Array.isArray(items) || items.length === 0 || items.length > 8) {
    throw invalidRequest('txjson.BatchSigners', 'must be an array of 1 to 8 signers')
  }
  if (typeof txjson.Account !== 'string' || !isValidClassicAddress(txjson.Account)) {
    throw invalidRequest('txjson.Account', 'must be fixed before inner signers sign a Batch')
  }
  const merged = new Map<string, BatchSignerEntry>()
  items.forEach((item, index) => {
    const field = `txjson.BatchSigners.${index}`
    for (const entry of entriesOf(item, field, signed)) {
      if (!isValidClassicAddress(entry.Account)) {
        throw invalidRequest(field, 'has an Account that is not a valid classic address')
      }
      if (addressOf(entry.SigningPubKey) !== entry.Account) {
        throw invalidRequest(field, `has a SigningPubKey that does not derive to ${entry.Account}`)
      }
      let data: string
      try {
        data = batchSigningData(txjson, entry.Account)
      } catch {
        throw invalidRequest('txjson', 'cannot be encoded as a Batch to check its signers')
      }
      if (!verifies(data, entry.TxnSignature, entry.SigningPubKey)) {
        throw invalidRequest(
          field,
          `has a signature of ${entry.Account} that is not for this Batch`,
        )
      }
      merged.set(entry.Account, entry)
    }
  })
  const BatchSigners = [...merged.values()]
    .sort((a, b) => (accountIdHex(a.Account) < accountIdHex(b.Account) ? -1 : 1))
    .map((BatchSigner) => ({ BatchSigner }))
  return { ...txjson, BatchSigners }
}

/**
 * Takes `BatchSigners` out of a create body whose `txjson` is a Batch, so the rest is checked as
 * any transaction (docs/protocol.md §3.1) before {@link resolveBatchSigners} reads the signers.
 * Any other body comes back as it is, with `batchSigners` undefined.
 *
 * @example
 * ```ts
 * const { body: rest, batchSigners } = splitBatchSigners(body)
 * ```
 */
export function splitBatchSigners(body: unknown): { body: unknown; batchSigners: unknown } {
  const txjson = isObject(body) ? body.txjson : undefined
  if (!isObject(txjson) || txjson.TransactionType !== 'Batch' || !('BatchSigners' in txjson)) {
    return { body, batchSigners: undefined }
  }
  const { BatchSigners, ...rest } = txjson
  return { body: { ...(body as object), txjson: rest }, batchSigners: BatchSigners }
}
