import type { AffectedNode, LedgerHeader, TransactionLookup } from '../ledger'
import type { TransactionEncoder } from '../ledger/codec/transaction-encode'
import { mptSyntheticFields } from '../ledger/mpt-synthetic-fields'
import { nftokenSyntheticFields } from '../ledger/nft-synthetic-fields'
import type { ApiVersion } from './node-request'

// Fields of a lookup that are about where the transaction sits, not in its signed body.
const PLACEMENT = new Set(['hash', 'meta', 'validated', 'ledger_index', 'ctid', 'date'])

/** The signed fields of a looked-up transaction (what its blob encodes). */
export function signedFields(lookup: TransactionLookup): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(lookup.transaction).filter(([field]) => !PLACEMENT.has(field)),
  )
}

/** The metadata as stored in binary: without `delivered_amount`, a JSON-only field. */
export const binaryMeta = (lookup: TransactionLookup) => {
  const { delivered_amount: _delivered, ...meta } = lookup.transaction.meta
  return meta
}

// The JSON metadata: rippled adds `nftoken_id`, `nftoken_ids`, `offer_id` to NFT transactions',
// `mpt_issuance_id` to an MPT issuance's creation.
const jsonMeta = ({ transaction }: TransactionLookup) => {
  const stored = {
    TransactionResult: transaction.meta.TransactionResult,
    AffectedNodes: (transaction.meta.AffectedNodes ?? []) as readonly AffectedNode[],
  }
  return {
    ...transaction.meta,
    ...nftokenSyntheticFields(transaction, stored),
    ...mptSyntheticFields(transaction, stored),
  }
}

// xrpl.org "API-CHANGELOG" v2: a Payment's `Amount` shows as `DeliverMax` (v1 shows both).
const withDeliverMax = (fields: Record<string, unknown>, apiVersion: ApiVersion) => {
  if (fields.TransactionType !== 'Payment' || fields.Amount === undefined) return fields
  if (apiVersion === 1) return { ...fields, DeliverMax: fields.Amount }
  const { Amount, ...rest } = fields
  return { ...rest, DeliverMax: Amount }
}

/**
 * A transaction as `tx`, `account_tx`, `ledger` (expanded) and the transaction stream show it,
 * per API version (xrpl.org `tx`): v1 puts the fields at the top with `meta`; v2 nests them in
 * `tx_json` with `hash`, `ledger_hash` and `close_time_iso` beside; `binary` gives the blobs
 * (`tx`/`meta` in v1, `tx_blob`/`meta_blob` in v2), encoded with the network's codec
 * (ledger/codec/network-codec.ts), null for JSON. `header` is the ledger that validated it.
 *
 * @example
 * ```ts
 * transactionJson(lookup, 2, header, null).tx_json.DeliverMax // '1000000'
 * ```
 */
export function transactionJson(
  lookup: TransactionLookup,
  apiVersion: ApiVersion,
  header: LedgerHeader | null,
  binary: Pick<TransactionEncoder, 'encode'> | null,
): Record<string, unknown> {
  const { transaction } = lookup
  const validated = transaction.validated
  const placement = {
    ...(transaction.ctid === undefined ? {} : { ctid: transaction.ctid }),
    ledger_index: transaction.ledger_index,
    validated,
  }
  if (binary) {
    const blob = binary.encode(signedFields(lookup))
    const meta = binary.encode(binaryMeta(lookup))
    return apiVersion === 1
      ? { tx: blob, meta, hash: transaction.hash, date: transaction.date, ...placement }
      : {
          tx_blob: blob,
          meta_blob: meta,
          hash: transaction.hash,
          ...(header
            ? { ledger_hash: header.ledger_hash, close_time_iso: header.close_time_iso }
            : {}),
          ...placement,
        }
  }
  const fields = withDeliverMax(signedFields(lookup), apiVersion)
  if (apiVersion === 1) {
    return {
      ...fields,
      hash: transaction.hash,
      ...(transaction.date === undefined ? {} : { date: transaction.date }),
      inLedger: transaction.ledger_index,
      meta: jsonMeta(lookup),
      ...placement,
    }
  }
  return {
    tx_json: fields,
    hash: transaction.hash,
    meta: jsonMeta(lookup),
    ...(header ? { ledger_hash: header.ledger_hash, close_time_iso: header.close_time_iso } : {}),
    ...placement,
  }
}
