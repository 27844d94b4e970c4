import type { JsonObject } from '../../codec/json-object'
import { isLedgerIndex } from '../../state/keylets'
import { refuse, type Verdict } from '../../view/refusal'
import { isBadCurrency } from '../preflight-fields'
import { hasXahauFlagsBeyond, TF_BURNABLE, uriProblem } from '../uritoken/uritoken-entry'
import { legalAmount } from '../uritoken/uritoken-preflight'

const SOURCE = 'Remit.cpp'
// Remit.cpp preflight: at most 32 amounts and 32 tokens, a Blob of at most 128 KiB.
const MAX_ENTRIES = 32
const MAX_BLOB_BYTES = 128 * 1024

/** The `Amounts` of a Remit, each `{AmountEntry: {Amount}}` (xahaud sfAmounts of sfAmountEntry). */
export const remitAmounts = (tx: JsonObject): unknown[] =>
  Array.isArray(tx.Amounts)
    ? tx.Amounts.map(
        (entry) => (entry as { AmountEntry?: { Amount?: unknown } }).AmountEntry?.Amount,
      )
    : []

// Each amount legal and positive, not the native code as a currency, each asset at most once.
function amountsRefusal(tx: JsonObject): Verdict | null {
  if (tx.Amounts === undefined) return null
  if (!Array.isArray(tx.Amounts) || tx.Amounts.length > MAX_ENTRIES) {
    return refuse('temMALFORMED', 'amounts-count', `more than ${MAX_ENTRIES} Amounts`, SOURCE)
  }
  const seen = new Set<string>()
  for (const json of remitAmounts(tx)) {
    if (json === undefined) {
      return refuse('temMALFORMED', 'amount-entry', 'an Amounts entry is no AmountEntry', SOURCE)
    }
    const amount = legalAmount(json)
    if (!amount || amount.signum() <= 0) {
      return refuse('temBAD_AMOUNT', 'amount-bad', `Amount ${JSON.stringify(json)}`, SOURCE)
    }
    if (isBadCurrency(json)) {
      return refuse(
        'temBAD_CURRENCY',
        'currency-bad',
        'an Amount names the native currency',
        SOURCE,
      )
    }
    const key = amount.native ? 'native' : `${amount.asset.currency}/${amount.asset.issuer}`
    if (seen.has(key)) {
      return refuse('temMALFORMED', 'amount-twice', `${key} appears more than once`, SOURCE)
    }
    seen.add(key)
  }
  return null
}

// MintURIToken holds only URI, Flags and Digest; its URI is a URIToken's; tfBurnable its one flag.
function mintRefusal(tx: JsonObject): Verdict | null {
  const mint = tx.MintURIToken as JsonObject | undefined
  if (mint === undefined) return null
  const extra = Object.keys(mint).find((name) => !['URI', 'Flags', 'Digest'].includes(name))
  if (extra) return refuse('temMALFORMED', 'mint-field', `MintURIToken holds ${extra}`, SOURCE)
  const problem = uriProblem(mint.URI)
  if (problem) return refuse('temMALFORMED', 'uri-malformed', problem, SOURCE)
  if (hasXahauFlagsBeyond(mint, TF_BURNABLE)) {
    return refuse('temINVALID_FLAG', 'mint-flags', `MintURIToken Flags ${mint.Flags}`, SOURCE)
  }
  return null
}

// URITokenIDs: 1 to 32 ledger indexes, none twice.
function idsRefusal(tx: JsonObject): Verdict | null {
  if (tx.URITokenIDs === undefined) return null
  const ids = tx.URITokenIDs
  if (
    !Array.isArray(ids) ||
    ids.length < 1 ||
    ids.length > MAX_ENTRIES ||
    !ids.every(isLedgerIndex)
  ) {
    return refuse('temMALFORMED', 'ids-invalid', 'URITokenIDs must hold 1 to 32 ids', SOURCE)
  }
  if (new Set(ids).size !== ids.length) {
    return refuse('temMALFORMED', 'id-twice', 'a URITokenID appears twice', SOURCE)
  }
  return null
}

/**
 * Remit.cpp's `preflight`: no flags but tfUniversal, a Destination that is not the sender, an
 * `Inform` that is neither, a `Blob` of at most 128 KiB, then the Amounts, MintURIToken and
 * URITokenIDs checks.
 *
 * @example
 * ```ts
 * remitPreflight({ TransactionType: 'Remit', Account: a, Destination: a }) // temREDUNDANT
 * ```
 */
export function remitPreflight(tx: JsonObject): Verdict | null {
  if (hasXahauFlagsBeyond(tx, 0)) {
    return refuse('temINVALID_FLAG', 'flags', `Flags ${tx.Flags} are not Remit's`, SOURCE)
  }
  if (typeof tx.Destination !== 'string') {
    return refuse('temMALFORMED', 'destination-missing', 'Remit requires a Destination', SOURCE)
  }
  if (tx.Destination === tx.Account) {
    return refuse('temREDUNDANT', 'remit-to-self', 'the Destination is the sender', SOURCE)
  }
  if (tx.Inform !== undefined && (tx.Inform === tx.Destination || tx.Inform === tx.Account)) {
    const detail = 'Inform is the sender or the destination'
    return refuse('temMALFORMED', 'inform-party', detail, SOURCE)
  }
  if (typeof tx.Blob === 'string' && tx.Blob.length / 2 > MAX_BLOB_BYTES) {
    const detail = `the Blob has ${tx.Blob.length / 2} bytes, more than ${MAX_BLOB_BYTES}`
    return refuse('temMALFORMED', 'blob-too-large', detail, SOURCE)
  }
  return amountsRefusal(tx) ?? mintRefusal(tx) ?? idsRefusal(tx)
}
