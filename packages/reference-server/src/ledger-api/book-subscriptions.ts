import type { Ledger, NetworkDefinition } from '../ledger'
import type { LedgerAsset } from '../ledger/amounts/ledger-asset'
import { assetParam, BOOK_OFFERS_LIMIT } from './methods/offer-methods'
import { isAccount } from './node-request'
import { bookKey } from './node-streams'
import { expectedField, RpcError } from './rpc-errors'

/** One entry of `subscribe`'s `books`: its sides, the keys it follows, what it asks at once. */
export interface BookRequest {
  takerGets: LedgerAsset
  takerPays: LedgerAsset
  taker?: string
  snapshot: boolean
  both: boolean
  /** The book, and with `both` its reverse. */
  keys: string[]
}

/**
 * `subscribe`'s `books` (xrpl.org "subscribe"; rippled Subscribe.cpp): an array of `{taker_gets,
 * taker_pays, taker?, snapshot?, both?}`, each side refused as `book_offers` refuses it.
 *
 * @example
 * ```ts
 * bookRequests({ books: [{ taker_gets: usd, taker_pays: { currency: 'XRP' }, snapshot: true }] })
 * ```
 */
export function bookRequests(params: Record<string, unknown>): BookRequest[] {
  if (params.books === undefined) return []
  if (!Array.isArray(params.books)) throw expectedField('books', 'array')
  return params.books.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw expectedField('books', 'array of objects')
    }
    const book = entry as Record<string, unknown>
    const takerPays = assetParam(book, 'taker_pays')
    const takerGets = assetParam(book, 'taker_gets')
    if (book.taker !== undefined && !isAccount(book.taker)) {
      throw new RpcError('badIssuer', "Invalid field 'taker'.")
    }
    for (const flag of ['snapshot', 'both']) {
      if (book[flag] !== undefined && typeof book[flag] !== 'boolean') {
        throw expectedField(flag, 'boolean')
      }
    }
    const both = book.both === true
    return {
      takerGets,
      takerPays,
      ...(book.taker === undefined ? {} : { taker: book.taker as string }),
      snapshot: book.snapshot === true,
      both,
      keys: [bookKey(takerGets, takerPays), ...(both ? [bookKey(takerPays, takerGets)] : [])],
    }
  })
}

/**
 * The offers a `snapshot` subscription answers with (rippled Subscribe.cpp): `offers`, or with
 * `both` the book as `bids` and its reverse as `asks` (`field == asks ? reversed(book) : book`);
 * read in the latest validated ledger (rippled's published ledger), not the open one.
 *
 * @example
 * ```ts
 * Object.assign(result, bookSnapshot(ledger, network, request))
 * ```
 */
export function bookSnapshot(ledger: Ledger, network: NetworkDefinition, book: BookRequest) {
  const offers = (gets: LedgerAsset, pays: LedgerAsset) =>
    ledger.bookOffers(
      network.key,
      { takerGets: gets, takerPays: pays, taker: book.taker, limit: BOOK_OFFERS_LIMIT },
      'validated',
    ).offers
  if (!book.both) return { offers: offers(book.takerGets, book.takerPays) }
  return {
    bids: offers(book.takerGets, book.takerPays),
    asks: offers(book.takerPays, book.takerGets),
  }
}
