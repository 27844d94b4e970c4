import type { TransactionJson } from 'pullsign/wire'
import { ACCOUNT_FIELD_LABELS, accountFieldText } from './account-field-text'
import { type AmountView, readAmount } from './amount-view'
import { hexText } from './hex-text'
import { offerFlagsText, offerPriceText } from './offer-text'

/** One line of the readable request on the sign page. */
export interface TransactionRow {
  /** The transaction field, e.g. `DestinationTag`. */
  field: string
  /** What a person reads, e.g. `Destination tag`. */
  label: string
  value:
    | { kind: 'amount'; amount: AmountView }
    | { kind: 'text'; text: string }
    | { kind: 'memo'; type: string | null; data: string | null }
}

const LABELS: Record<string, string> = {
  Amount: 'Amount',
  Amount2: 'Amount 2',
  Balance: 'Balance',
  DeliverMin: 'Deliver at least',
  Destination: 'Destination',
  DestinationTag: 'Destination tag',
  Fee: 'Fee',
  InvoiceID: 'Invoice id',
  LimitAmount: 'Trust line limit',
  SendMax: 'Send at most',
  SourceTag: 'Source tag',
  TakerGets: 'You give',
  TakerPays: 'You get',
  Memos: 'Memo',
}

/** Fields that hold an amount (native drops or issued), shown with their currency. */
const AMOUNT_FIELDS = new Set([
  'Amount',
  'Amount2',
  'Balance',
  'DeliverMin',
  'Fee',
  'LimitAmount',
  'SendMax',
  'TakerGets',
  'TakerPays',
])

/** Fields the wallet fills or that say nothing to a person reading the request. */
const HIDDEN_FIELDS = new Set(['TransactionType', 'Account', 'Sequence', 'SigningPubKey'])

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function memoRows(memos: unknown): TransactionRow[] {
  if (!Array.isArray(memos)) return []
  return memos.flatMap((entry): TransactionRow[] => {
    const memo = isRecord(entry) && isRecord(entry.Memo) ? entry.Memo : null
    if (!memo) return []
    return [
      {
        field: 'Memos',
        label: LABELS.Memos ?? 'Memo',
        value: { kind: 'memo', type: hexText(memo.MemoType), data: hexText(memo.MemoData) },
      },
    ]
  })
}

/**
 * The fields of a requested transaction as readable rows, in request order: amounts with their
 * currency, memos decoded, account settings and signer lists in words (account-field-text.ts),
 * an OfferCreate's flags in words and its price (offer-text.ts, `nativeAsset` naming native
 * amounts), every other field as text (objects as JSON). Fields the wallet fills
 * (Account, Sequence, SigningPubKey) are left out: the request's values are ignored (§3.1).
 */
export function transactionRows(tx: TransactionJson, nativeAsset = 'XRP'): TransactionRow[] {
  const rows = Object.entries(tx).flatMap(([field, value]): TransactionRow[] => {
    if (HIDDEN_FIELDS.has(field)) return []
    if (field === 'Memos') return memoRows(value)
    const offerFlags = field === 'Flags' ? offerFlagsText(tx) : null
    if (offerFlags) return [{ field, label: 'Flags', value: { kind: 'text', text: offerFlags } }]
    const label = LABELS[field] ?? ACCOUNT_FIELD_LABELS[field] ?? field
    if (AMOUNT_FIELDS.has(field)) {
      return [{ field, label, value: { kind: 'amount', amount: readAmount(value) } }]
    }
    const text =
      accountFieldText(field, value) ??
      (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)))
    return [{ field, label, value: { kind: 'text', text } }]
  })
  // An offer's price, what is given per unit got, after its amounts (docs/protocol.md §8.7).
  const price = offerPriceText(tx, nativeAsset)
  if (price)
    rows.push({ field: 'OfferPrice', label: 'Price', value: { kind: 'text', text: price } })
  return rows
}
