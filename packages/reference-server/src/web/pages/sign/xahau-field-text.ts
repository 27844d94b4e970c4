import { readAmount } from './amount-view'
import { hexText } from './hex-text'
import type { TransactionRow } from './transaction-rows'

// What a person reads for the fields of Xahau's own transactions (xahaud URIToken.cpp,
// Remit.cpp, ClaimReward.cpp, SetRemarks.cpp; docs/protocol.md §8.10): URIs and remarks as text,
// the flags by name, each of a Remit's amounts on a row of its own. Server-rendered rows.

/**
 * Labels of the Xahau fields, e.g. `URITokenIDs` → `URITokens handed over`.
 *
 * @example
 * ```ts
 * XAHAU_FIELD_LABELS.MintURIToken // 'URIToken minted for the destination'
 * ```
 */
export const XAHAU_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  URITokenID: 'URIToken',
  URITokenIDs: 'URITokens handed over',
  Digest: 'Content digest',
  MintURIToken: 'URIToken minted for the destination',
  Inform: 'Also informed',
  Blob: 'Data',
  ObjectID: 'Object remarked',
  Remarks: 'Remarks',
})

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// A URIToken mint's and a MintURIToken's one flag (xahaud TxFlags.h tfBurnable).
const burnable = (flags: unknown) =>
  (Number(flags ?? 0) & 1) !== 0 ? 'burnable by its issuer (tfBurnable)' : 'not burnable'

// One remark: its name and value as text, immutable or removed (SetRemarks.cpp).
function remarkText(entry: unknown): string {
  const remark = isRecord(entry) && isRecord(entry.Remark) ? entry.Remark : {}
  const name = hexText(remark.RemarkName) ?? ''
  if (remark.RemarkValue === undefined) return `${name} removed`
  const value = hexText(remark.RemarkValue) ?? ''
  return `${name} = ${value}${remark.Flags === 1 ? ' (immutable)' : ''}`
}

/**
 * The readable text of a Xahau field of `tx`, or null when the field is none of them (its row
 * shows the raw value).
 *
 * @example
 * ```ts
 * xahauFieldText('Flags', 1, { TransactionType: 'ClaimReward' }) // 'opt out of rewards (tfOptOut)'
 * ```
 */
export function xahauFieldText(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): string | null {
  const type = tx.TransactionType
  if (field === 'Flags' && type === 'URITokenMint') return burnable(value)
  if (field === 'Flags' && type === 'ClaimReward') {
    return Number(value) === 1 ? 'opt out of rewards (tfOptOut)' : 'opt in, or claim a reward'
  }
  if (field === 'URITokenIDs' && Array.isArray(value)) return value.join(', ')
  if (field === 'MintURIToken' && isRecord(value)) {
    const digest = typeof value.Digest === 'string' ? `, digest ${value.Digest}` : ''
    return `${hexText(value.URI) ?? ''} · ${burnable(value.Flags)}${digest}`
  }
  if (field === 'Remarks' && Array.isArray(value)) return value.map(remarkText).join('; ')
  if (field === 'Blob' && typeof value === 'string') return `${value.length / 2} bytes`
  return null
}

/**
 * A Remit's `Amounts`, one amount row each (`{AmountEntry: {Amount}}`), in request order.
 *
 * @example
 * ```ts
 * remitAmountRows([{ AmountEntry: { Amount: '1000000' } }]) // one row: 1 XAH
 * ```
 */
export function remitAmountRows(amounts: unknown): TransactionRow[] {
  if (!Array.isArray(amounts)) return []
  return amounts.map((entry) => {
    const amount = isRecord(entry) && isRecord(entry.AmountEntry) ? entry.AmountEntry.Amount : entry
    return {
      field: 'Amounts',
      label: 'Sends',
      value: { kind: 'amount', amount: readAmount(amount) },
    }
  })
}
