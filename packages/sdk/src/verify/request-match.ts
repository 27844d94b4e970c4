import { isObject } from '../core/input'
import { compareDecimals, isIssuedAmount } from './amount-compare'

/** A field the app asked for that the transaction on the ledger does not carry as asked. */
export interface RequestMismatch {
  /** Its path: `Amount`, `Memos[0].Memo.MemoData`. */
  field: string
  asked: unknown
  found: unknown
}

// The wallet fills or replaces these whatever the request says (docs/protocol.md §3.1): `Account`
// is the signer's, and a `txblob`'s signature fields are dropped before it signs afresh.
const FILLED = new Set(['Account', 'SigningPubKey', 'TxnSignature', 'Signers'])
// Below this, `LastLedgerSequence` is an offset the wallet adds to the latest closed ledger (§3.1).
const LAST_LEDGER_OFFSET_LIMIT = 32570
// Blobs and hashes (URI, MemoData, NFTokenID…): rippled writes them in upper case.
const HEX = /^(?:[0-9A-Fa-f]{2})+$/

const isMptAmount = (value: unknown): value is { mpt_issuance_id: string; value: string } =>
  isObject(value) && typeof value.mpt_issuance_id === 'string' && typeof value.value === 'string'

// Where `asked` and `found` first differ, as a path below `at`; null when they agree.
function differs(asked: unknown, found: unknown, at: string): string | null {
  // Amounts as amounts: `5` and `5.0` are one value, as the ledger's `5e0` is (amount-compare).
  if (isIssuedAmount(asked) && isIssuedAmount(found)) {
    const same =
      asked.currency === found.currency &&
      asked.issuer === found.issuer &&
      compareDecimals(asked.value, found.value) === 0
    return same ? null : at
  }
  if (isMptAmount(asked) && isMptAmount(found)) {
    const same =
      asked.mpt_issuance_id.toUpperCase() === found.mpt_issuance_id.toUpperCase() &&
      compareDecimals(asked.value, found.value) === 0
    return same ? null : at
  }
  if (typeof asked === 'string' && typeof found === 'string') {
    const same = asked === found || (HEX.test(asked) && asked.toUpperCase() === found.toUpperCase())
    return same ? null : at
  }
  if (Array.isArray(asked)) {
    if (!Array.isArray(found) || found.length !== asked.length) return at
    for (const [i, item] of asked.entries()) {
      const where = differs(item, found[i], `${at}[${i}]`)
      if (where !== null) return where
    }
    return null
  }
  if (isObject(asked)) {
    if (!isObject(found)) return at
    const extra = Object.keys(found).find((key) => !(key in asked))
    if (extra !== undefined) return `${at}.${extra}`
    for (const [key, value] of Object.entries(asked)) {
      const where = differs(value, found[key], `${at}.${key}`)
      if (where !== null) return where
    }
    return null
  }
  return Object.is(asked, found) ? null : at
}

// The value at a path `A.B[0].C`, for the mismatch's `asked` and `found`.
function valueAt(root: unknown, path: string): unknown {
  let value = root
  for (const part of path.split(/\.|\[(\d+)\]/)) {
    if (!part) continue
    value = isObject(value) ? value[part] : Array.isArray(value) ? value[Number(part)] : undefined
  }
  return value
}

/**
 * The first field of the request (`payload.request_json`) that the validated transaction does not
 * carry as asked, or null: every field the app gave must be there, amounts compared as amounts,
 * hex without regard to case, nested objects and arrays in full. What the wallet fills is left
 * aside: `Account`, the signature fields, and a `LastLedgerSequence` offset (docs/protocol.md
 * §3.1); a field the app left out (`Sequence`, `Fee`, `NetworkID`, a buy offer's `Owner`) may be
 * filled with anything.
 *
 * @example
 * ```ts
 * requestMismatch({ TransactionType: 'NFTokenMint', NFTokenTaxon: 0 }, onLedger) // null
 * ```
 */
export function requestMismatch(
  requested: Record<string, unknown>,
  onLedger: Record<string, unknown>,
): RequestMismatch | null {
  for (const [field, asked] of Object.entries(requested)) {
    if (FILLED.has(field)) continue
    if (
      field === 'LastLedgerSequence' &&
      typeof asked === 'number' &&
      asked < LAST_LEDGER_OFFSET_LIMIT
    ) {
      continue
    }
    const where = differs(asked, onLedger[field], field)
    if (where !== null)
      return { field: where, asked: valueAt(requested, where), found: valueAt(onLedger, where) }
  }
  return null
}
