import type { TransactionJson } from 'pullsign/wire'
import { ACCOUNT_FIELD_LABELS, accountFieldText } from './account-field-text'
import {
  AMM_AMOUNT_FIELDS,
  AMM_FIELD_LABELS,
  AMM_LABELS_BY_TYPE,
  ammFieldText,
} from './amm-field-text'
import { type AmountView, readAmount } from './amount-view'
import { DID_FIELD_LABELS, didFieldText } from './did-field-text'
import { DOMAIN_FIELD_LABELS, domainFieldText } from './domain-field-text'
import { hexText } from './hex-text'
import { issuerFieldRow } from './issuer-field-text'
import { MPT_FIELD_LABELS, mptFieldText } from './mpt-field-text'
import { NFT_FIELD_LABELS, nftFieldText } from './nft-field-text'
import { offerFlagsText, offerPriceText } from './offer-text'
import { ORACLE_FIELD_LABELS, oracleFieldText } from './oracle-field-text'
import { remitAmountRows, XAHAU_FIELD_LABELS, xahauFieldText } from './xahau-field-text'

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
  FinishAfter: 'Can be finished after',
  CancelAfter: 'Can be cancelled after',
  Expiration: 'Expires',
  SettleDelay: 'Settle delay',
  Owner: 'Escrow owner',
  OfferSequence: 'Escrow sequence',
  CheckID: 'Check',
  Channel: 'Channel',
  PublicKey: 'Claim key',
}

/** What an amount means in the types where `Amount`, `SendMax` or `Balance` say more (§8.7). */
const LABELS_BY_TYPE: Record<string, Record<string, string>> = {
  EscrowCreate: { Amount: 'Held in escrow' },
  CheckCreate: { SendMax: 'Check for at most' },
  CheckCash: { Amount: 'Cash exactly', DeliverMin: 'Cash at least' },
  PaymentChannelCreate: { Amount: 'Channel funds' },
  PaymentChannelFund: { Amount: 'Added to the channel' },
  PaymentChannelClaim: { Balance: 'Paid out in all', Amount: 'Claim signed for' },
  ...AMM_LABELS_BY_TYPE,
}

/** Times in seconds since 2000-01-01, the ledger's epoch (docs/protocol.md §8.7). */
const LEDGER_TIMES = new Set(['FinishAfter', 'CancelAfter', 'Expiration'])
const LEDGER_EPOCH_MS = Date.UTC(2000, 0, 1)

// A ledger time as a person reads it, UTC, with the number the transaction holds.
function ledgerTimeText(seconds: number): string {
  const iso = new Date(LEDGER_EPOCH_MS + seconds * 1000).toISOString().replace('.000Z', 'Z')
  return `${iso.replace('T', ' ').replace('Z', ' UTC')} (${seconds})`
}

// A settle delay in seconds, with hours and minutes when it is long enough to need them.
function durationText(seconds: number): string {
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  const parts = [hours ? `${hours} h` : '', minutes ? `${minutes} min` : ''].filter(Boolean)
  return parts.length ? `${parts.join(' ')} (${seconds} s)` : `${seconds} s`
}

function plainText(field: string, value: unknown): string {
  if (typeof value === 'number' && LEDGER_TIMES.has(field)) return ledgerTimeText(value)
  if (typeof value === 'number' && field === 'SettleDelay') return durationText(value)
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value))
}

/** Fields that hold an amount (native drops or issued), shown with their currency. */
const AMOUNT_FIELDS = new Set([
  'Amount',
  'Amount2',
  'Balance',
  'DeliverMin',
  'Fee',
  'LimitAmount',
  'NFTokenBrokerFee',
  'SendMax',
  'TakerGets',
  'TakerPays',
  ...AMM_AMOUNT_FIELDS,
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
 * currency (labelled by what they mean in escrows, checks and channels), memos decoded, account
 * settings and signer lists in words (account-field-text.ts), Clawback, credentials and TrustSet's
 * flags in words (issuer-field-text.ts), MPT fields and amounts in words (mpt-field-text.ts;
 * `assetScale` gives an MPT's decimal places when known), an OfferCreate's flags in words and its
 * price (offer-text.ts, `nativeAsset` naming native amounts), a DID's fields, an oracle's price
 * pairs and a domain's credentials in words (did-, oracle-, domain-field-text.ts), Xahau's own
 * types (xahau-field-text.ts), ledger times as UTC dates, a
 * settle delay in hours and minutes, every other field as text (objects as JSON). Fields the
 * wallet fills (Account, Sequence, SigningPubKey) are left out: the request's values are ignored
 * (§3.1).
 */
export function transactionRows(
  tx: TransactionJson,
  nativeAsset = 'XRP',
  assetScale?: (mptId: string) => number | undefined,
): TransactionRow[] {
  const typeLabels = LABELS_BY_TYPE[String(tx.TransactionType)] ?? {}
  const rows = Object.entries(tx).flatMap(([field, value]): TransactionRow[] => {
    if (HIDDEN_FIELDS.has(field)) return []
    if (field === 'Memos') return memoRows(value)
    if (field === 'Amounts') return remitAmountRows(value)
    const issuerRow = issuerFieldRow(field, value, tx)
    if (issuerRow) return [issuerRow]
    const offerFlags = field === 'Flags' ? offerFlagsText(tx) : null
    if (offerFlags) return [{ field, label: 'Flags', value: { kind: 'text', text: offerFlags } }]
    const label =
      typeLabels[field] ??
      LABELS[field] ??
      ACCOUNT_FIELD_LABELS[field] ??
      NFT_FIELD_LABELS[field] ??
      XAHAU_FIELD_LABELS[field] ??
      AMM_FIELD_LABELS[field] ??
      DID_FIELD_LABELS[field] ??
      ORACLE_FIELD_LABELS[field] ??
      DOMAIN_FIELD_LABELS[field] ??
      MPT_FIELD_LABELS[field] ??
      field
    if (AMOUNT_FIELDS.has(field)) {
      return [{ field, label, value: { kind: 'amount', amount: readAmount(value, assetScale) } }]
    }
    const text =
      xahauFieldText(field, value, tx) ??
      nftFieldText(field, value, tx) ??
      ammFieldText(field, value, tx) ??
      didFieldText(field, value, tx) ??
      oracleFieldText(field, value, tx) ??
      domainFieldText(field, value) ??
      mptFieldText(field, value, tx) ??
      accountFieldText(field, value) ??
      plainText(field, value)
    return [{ field, label, value: { kind: 'text', text } }]
  })
  // An offer's price, what is given per unit got, after its amounts (docs/protocol.md §8.7).
  const price = offerPriceText(tx, nativeAsset)
  if (price)
    rows.push({ field: 'OfferPrice', label: 'Price', value: { kind: 'text', text: price } })
  return rows
}
