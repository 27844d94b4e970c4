import type { LedgerAsset } from '../../ledger/amounts/ledger-asset'
import {
  accountParam,
  isAccount,
  isCurrencyCode,
  ledgerFields,
  ledgerSelector,
  limitParam,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import {
  expectedField,
  invalidField,
  missingField,
  RpcError,
  type RpcErrorName,
} from '../rpc-errors'
import { accountAt } from './account-methods'

const INDEX = /^[0-9A-Fa-f]{64}$/

/** `book_offers`' page when no limit is given (rippled's `RPC::Tuning::bookOffers`, 1 to 100). */
export const BOOK_OFFERS_LIMIT = 60

const markerValue = (params: Record<string, unknown>): string | undefined => {
  const { marker } = params
  if (marker === undefined) return undefined
  if (typeof marker !== 'string' || !INDEX.test(marker)) throw invalidField('marker')
  return marker.toUpperCase()
}

/** `account_offers` (xrpl.org; rippled AccountOffers.cpp): limit 10 to 400, 200 when left out. */
const accountOffers: NodeMethod = (call) => {
  const account = accountParam(call.params)
  const selected = selectLedger(call, 'current')
  accountAt(call, account, selected)
  // rippled's RPC::Tuning::accountOffers.
  const limit = limitParam(call.params, 200, 400, 10)
  const page = call.ledger.accountOffers(
    call.network.key,
    account,
    { limit, marker: markerValue(call.params) },
    ledgerSelector(selected),
  )
  return {
    account,
    offers: page.offers,
    ...ledgerFields(selected),
    ...(call.params.limit === undefined ? {} : { limit }),
    ...(page.marker ? { marker: page.marker } : {}),
  }
}

// rippled BookOffers.cpp's errors for each side: taker_pays is the source, taker_gets the destination.
const SIDE_ERRORS = {
  taker_pays: { currency: 'srcCurMalformed', issuer: 'srcIsrMalformed' },
  taker_gets: { currency: 'dstAmtMalformed', issuer: 'dstIsrMalformed' },
} as const satisfies Record<string, { currency: RpcErrorName; issuer: RpcErrorName }>

/**
 * One side of a book in `params[name]`: `{ currency, issuer }`, XRP without an issuer, any other
 * asset with one; refused with rippled BookOffers.cpp's errors (also `subscribe`'s `books`).
 *
 * @example
 * ```ts
 * assetParam({ taker_pays: { currency: 'XRP' } }, 'taker_pays') // { currency: 'XRP', issuer: null }
 * ```
 */
export const assetParam = (
  params: Record<string, unknown>,
  name: keyof typeof SIDE_ERRORS,
): LedgerAsset => {
  const side = params[name]
  const errors = SIDE_ERRORS[name]
  if (side === undefined) throw missingField(name)
  if (typeof side !== 'object' || side === null || Array.isArray(side)) {
    throw expectedField(name, 'object')
  }
  const { currency, issuer } = side as Record<string, unknown>
  if (currency === undefined) throw missingField(`${name}.currency`)
  if (!isCurrencyCode(currency)) {
    throw new RpcError(errors.currency, `Invalid field '${name}.currency', bad currency.`)
  }
  const native = currency === 'XRP' || /^0{40}$/.test(currency)
  if (issuer === undefined) {
    if (native) return { currency: 'XRP', issuer: null }
    throw new RpcError(errors.issuer, `Invalid field '${name}.issuer', expected non-XRP issuer.`)
  }
  if (!isAccount(issuer)) {
    throw new RpcError(errors.issuer, `Invalid field '${name}.issuer', bad issuer.`)
  }
  if (native) {
    throw new RpcError(
      errors.issuer,
      `Unneeded field '${name}.issuer' for XRP currency specification.`,
    )
  }
  return { currency, issuer }
}

/**
 * `book_offers` (xrpl.org; rippled BookOffers.cpp): the offers of one book, best first, `limit`
 * 1 to 100 (60 when left out), `taker` for its funding view, `marker` for the next page.
 */
const bookOffers: NodeMethod = (call) => {
  const { params } = call
  const takerPays = assetParam(params, 'taker_pays')
  const takerGets = assetParam(params, 'taker_gets')
  let taker: string | undefined
  if (params.taker !== undefined) {
    if (!isAccount(params.taker)) throw new RpcError('badIssuer', "Invalid field 'taker'.")
    taker = params.taker
  }
  if (takerPays.currency === takerGets.currency && takerPays.issuer === takerGets.issuer) {
    throw new RpcError('badMarket')
  }
  const selected = selectLedger(call, 'current')
  const limit = limitParam(params, BOOK_OFFERS_LIMIT, 100)
  const page = call.ledger.bookOffers(
    call.network.key,
    { takerGets, takerPays, taker, limit, marker: markerValue(params) },
    ledgerSelector(selected),
  )
  return {
    offers: page.offers,
    ...ledgerFields(selected),
    ...(params.limit === undefined ? {} : { limit }),
    ...(page.marker ? { marker: page.marker } : {}),
  }
}

/** The order book reads of docs/protocol.md §8.6. */
export const offerMethods: Record<string, NodeMethod> = {
  account_offers: accountOffers,
  book_offers: bookOffers,
}
