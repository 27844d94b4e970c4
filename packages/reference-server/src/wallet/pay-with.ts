import type { Amount, IssuedAmount, RatesResponse, TransactionJson } from 'pullsign/wire'
import { LedgerAmount } from '../ledger/amounts/ledger-amount'
import { multiplyRateRound } from '../ledger/amounts/transfer-rate'
import type { NetworkDefinition } from '../ledger/networks'
import type { PathElement } from '../ledger/paths/strand-builder'
import { invalidRequest } from '../platform/errors'

/** The asset the payer chose (docs/protocol.md §8.3 pay-with-anything): native without an issuer. */
type PayWithChoice = { currency: string; issuer?: string | undefined }

/** Looks up `rates/{CODE}` (docs/protocol.md §2); null or a throw when the code is unknown. */
export type RateLookup = (code: string) => RatesResponse | null

/** SendMax leaves room for the price to move while the payment is in flight. */
const SLIPPAGE = 1.01
// The same 1 % as a rate in parts per billion, for amounts the ledger computes.
const SLIPPAGE_RATE = 1_010_000_000

/**
 * What the ledger's path search (`ledger.findPaths`, docs/protocol.md §8.14) asks of the payer for
 * the payment's `Amount` in the asset it pays with, and the paths it found, or null where no path
 * delivers it.
 *
 * @example
 * ```ts
 * const quote: PathQuote = (pay) => {
 *   const [best] = ledger.findPaths('TESTNET', { source, destination, amount, sourceCurrencies: [pay] })
 *   return best ? { cost: best.source_amount, paths: best.paths } : null
 * }
 * ```
 */
export type PathQuote = (pay: {
  currency: string
  issuer?: string
}) => { cost: Amount; paths: PathElement[][] } | null

/** The fields pay-with adds to the Payment: `SendMax`, and `Paths` when the search found some. */
export interface PayWithFields {
  SendMax: Amount
  Paths?: PathElement[][]
}

// The path search's cost plus the slippage, rounded up as the ledger keeps amounts.
const withSlippage = (cost: Amount): Amount =>
  multiplyRateRound(LedgerAmount.fromJson(cost), SLIPPAGE_RATE, true).toJson()

const isIssued = (amount: unknown): amount is IssuedAmount =>
  typeof amount === 'object' && amount !== null && 'currency' in amount && 'issuer' in amount

// Price of one native unit in `code`, from the rates lookup (§2: `XRP` is the price of 1 XRP;
// the lookup quotes no other native asset).
function nativePrice(rates: RateLookup | undefined, code: string, native: string): number {
  let answer: RatesResponse | null = null
  try {
    answer = rates?.(code) ?? null
  } catch {
    answer = null
  }
  const price = native === 'XRP' ? answer?.XRP : undefined
  if (typeof price !== 'number' || !(price > 0)) {
    throw invalidRequest('payWith', `has no ${native} rate for ${code} to convert through`)
  }
  return price
}

function significant(value: number): string {
  return String(Number(value.toPrecision(15)))
}

/**
 * The `SendMax` (and `Paths`) for pay-with-anything (docs/protocol.md §8.3): on a Payment of an
 * issued `Amount` with `pathfinding`, the payer pays with the asset they chose, at most the
 * converted amount plus 1%; the receiver still gets the requested `Amount`. Null when the choice
 * is the requested asset. The price and the paths are the ledger's path search's (`quote`: order
 * books, the native bridge, the simulator's market); only where it finds none does conversion
 * go through the native asset's price from the rates lookup (same code at par), two tokens then
 * along the path through the native asset (rippled's default path crosses their direct book only).
 *
 * @example
 * ```ts
 * payWithFields(tx, { currency: 'XRP' }, network, pathfinding, rates) // { SendMax: '19313' } for 0.01 USD at 0.523
 * ```
 */
export function payWithFields(
  tx: TransactionJson,
  choice: PayWithChoice,
  network: NetworkDefinition,
  pathfinding: boolean,
  rates: RateLookup | undefined,
  quote?: PathQuote,
): PayWithFields | null {
  const amount = tx.Amount
  if (tx.TransactionType !== 'Payment' || !isIssued(amount)) {
    throw invalidRequest('payWith', 'applies only to a Payment of an issued Amount')
  }
  if (!pathfinding) throw invalidRequest('payWith', 'needs the payload option pathfinding')
  const native = network.native_asset
  if (choice.issuer === undefined && choice.currency !== native) {
    throw invalidRequest('payWith.issuer', `is required for ${choice.currency} on ${network.key}`)
  }
  if (choice.currency === amount.currency && choice.issuer === amount.issuer) return null
  const found = quote?.(
    choice.issuer === undefined
      ? { currency: native }
      : { currency: choice.currency, issuer: choice.issuer },
  )
  if (found) {
    return {
      SendMax: withSlippage(found.cost),
      ...(found.paths.length > 0 ? { Paths: found.paths } : {}),
    }
  }
  const value = Number(amount.value) * SLIPPAGE
  if (choice.issuer === undefined) {
    const units = value / nativePrice(rates, amount.currency, native)
    return { SendMax: String(Math.ceil(units * 1_000_000)) }
  }
  const ratio =
    choice.currency === amount.currency
      ? 1
      : nativePrice(rates, choice.currency, native) / nativePrice(rates, amount.currency, native)
  return {
    SendMax: {
      currency: choice.currency,
      issuer: choice.issuer,
      value: significant(value * ratio),
    },
    Paths: [[{ currency: native }]],
  }
}
