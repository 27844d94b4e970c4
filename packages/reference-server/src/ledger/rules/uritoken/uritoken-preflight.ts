import { LedgerAmount } from '../../amounts/ledger-amount'
import type { JsonObject } from '../../codec/json-object'
import { isLedgerIndex } from '../../state/keylets'
import { refuse, type Verdict } from '../../view/refusal'
import { isBadCurrency } from '../preflight-fields'
import { uriProblem } from './uritoken-entry'

const SOURCE = 'URIToken.cpp'

/**
 * An amount a transaction carries, or null when it is no legal amount (xahaud `isLegalNet`).
 *
 * @example
 * ```ts
 * legalAmount('-1')?.signum() // -1
 * ```
 */
export function legalAmount(json: unknown): LedgerAmount | null {
  try {
    return LedgerAmount.fromJson(json, 'XRP')
  } catch {
    return null
  }
}

// The Amount checks every URIToken type shares: legal and not negative, not the native code as a
// currency, and a zero price only with a Destination (or on a buy).
function amountRefusal(tx: JsonObject): Verdict | null {
  if (tx.Amount === undefined) return null
  const amount = legalAmount(tx.Amount)
  if (!amount || amount.signum() < 0) {
    return refuse('temBAD_AMOUNT', 'amount-bad', `Amount ${JSON.stringify(tx.Amount)}`, SOURCE)
  }
  if (isBadCurrency(tx.Amount)) {
    return refuse('temBAD_CURRENCY', 'currency-bad', 'Amount names the native currency', SOURCE)
  }
  if (amount.isZero() && tx.Destination === undefined && tx.TransactionType !== 'URITokenBuy') {
    const detail = 'a zero price needs a Destination to sell to'
    return refuse('temMALFORMED', 'price-zero', detail, SOURCE)
  }
  return null
}

/**
 * URIToken.cpp's `preflight`, shared by its five types (with fixXahauV1, on on every Xahau
 * network): the Amount's checks, a Destination only beside an Amount, a URI of 1 to 256 bytes of
 * UTF-8, only the type's flags (tfBurnable on a mint), never the sender as Destination; and the
 * fields each type requires (xahaud TxFormats.cpp) present.
 *
 * @example
 * ```ts
 * uriTokenPreflight({ TransactionType: 'URITokenMint', URI: '' }) // temMALFORMED
 * ```
 */
export function uriTokenPreflight(tx: JsonObject): Verdict | null {
  const type = String(tx.TransactionType)
  const mint = type === 'URITokenMint'
  const amount = amountRefusal(tx)
  if (amount) return amount
  if (tx.Destination !== undefined && tx.Amount === undefined) {
    return refuse('temMALFORMED', 'destination-alone', 'Destination without Amount', SOURCE)
  }
  if (mint || tx.URI !== undefined) {
    const problem = uriProblem(tx.URI)
    if (problem) return refuse('temMALFORMED', 'uri-malformed', problem, SOURCE)
  }
  if (tx.Destination !== undefined && tx.Destination === tx.Account) {
    return refuse('temREDUNDANT', 'destination-self', 'the Destination is the sender', SOURCE)
  }
  if (!mint && !isLedgerIndex(tx.URITokenID)) {
    return refuse('temMALFORMED', 'id-missing', 'URITokenID is no ledger index', SOURCE)
  }
  const needsAmount = type === 'URITokenBuy' || type === 'URITokenCreateSellOffer'
  if (needsAmount && tx.Amount === undefined) {
    return refuse('temMALFORMED', 'amount-missing', `${type} requires an Amount`, SOURCE)
  }
  return null
}
