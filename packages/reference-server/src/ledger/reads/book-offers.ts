import { bookAmountOf } from '../amounts/book-amount'
import { IssuedValue, mulRound, roundAmount } from '../amounts/issued-value'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { accountFunds, assetTransferRate } from '../rules/common/offer-funds'
import { qualityRate, qualityText } from '../rules/dex/offer-quality'
import { type Book, bookBase, nextBookDirectory, type Offer } from '../rules/dex/order-book'
import { directoryEntries } from '../state/directory'
import { ownerDirIndex, qualityOfIndex } from '../state/keylets'
import type { LedgerValue } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { AffectedNode } from '../state/transaction-meta'

/**
 * What `book_offers` asks (rippled `BookOffers.cpp`): the book by what the taker gets and pays,
 * optionally the taker (no transfer fee is counted against the issuer itself), a page size and
 * the marker of the previous page.
 *
 * @example
 * ```ts
 * const request: BookOffersRequest = { takerGets: usd, takerPays: xrp, limit: 10 }
 * ```
 */
export interface BookOffersRequest {
  takerGets: LedgerAsset
  takerPays: LedgerAsset
  taker?: string
  /** Offers per page: 1 to 100 (rippled's `RPC::Tuning::bookOffers`), 60 when left out. */
  limit?: number
  /** The `marker` of the previous page. */
  marker?: string
}

/**
 * One offer as `book_offers` lists it: the Offer's fields and index, its `quality`, the owner's
 * funds on the owner's first offer, and what is funded when the owner cannot pay it all.
 *
 * @example
 * ```ts
 * page.offers[0].owner_funds // '100'
 * ```
 */
export interface BookOffer {
  [field: string]: LedgerValue | undefined
  Account: string
  TakerGets: LedgerValue
  TakerPays: LedgerValue
  index: string
  quality: string
  owner_funds?: string
  taker_gets_funded?: LedgerValue
  taker_pays_funded?: LedgerValue
}

/**
 * A page of a book.
 *
 * @example
 * ```ts
 * const { offers, marker } = bookOffers(view, request, 'XRP')
 * ```
 */
export interface BookOffersPage {
  offers: BookOffer[]
  /** Where the next page starts, when there is one. */
  marker?: string
}

const DEFAULT_BOOK_LIMIT = 60
const MAX_BOOK_LIMIT = 100

const valueJson = (asset: LedgerAsset, value: IssuedValue): LedgerValue =>
  asset.issuer === null
    ? value.toFixed(0)
    : { currency: asset.currency, issuer: asset.issuer, value: value.toString() }

const fundsText = (asset: LedgerAsset, funds: IssuedValue) =>
  asset.issuer === null ? funds.toFixed(0) : funds.toString()

/**
 * The offers of a book, best quality first and oldest first at one quality, as rippled's
 * `book_offers` lists them (`NetworkOPsImp::getBookPage`): each with `quality` (TakerPays per
 * TakerGets); the owner's funds (`owner_funds`, on its first offer of the page) shared out over
 * its offers in order, and `taker_gets_funded`/`taker_pays_funded` where they fall short, the
 * out issuer's transfer fee charged to owners other than the issuer and the taker.
 *
 * @example
 * ```ts
 * bookOffers(view, { takerGets: { currency: 'USD', issuer }, takerPays: { currency: 'XRP', issuer: null } }, 'XRP')
 * ```
 */
export function bookOffers(
  view: ReadView,
  request: BookOffersRequest,
  native: string,
): BookOffersPage {
  const book: Book = { in: request.takerPays, out: request.takerGets }
  const limit = Math.min(Math.max(request.limit ?? DEFAULT_BOOK_LIMIT, 1), MAX_BOOK_LIMIT)
  const outNative = book.out.issuer === null
  const rate = assetTransferRate(view, book.out)
  const left = new Map<string, IssuedValue>()
  const offers: BookOffer[] = []
  const base = bookBase(book)
  let started = request.marker === undefined
  for (
    let directory = nextBookDirectory(view, base);
    directory !== undefined;
    directory = nextBookDirectory(view, base, directory)
  ) {
    const quality = qualityOfIndex(directory)
    for (const { index } of directoryEntries(view, directory)) {
      if (!started) {
        started = index === request.marker
        if (!started) continue
      }
      const offer = view.read(index) as Readonly<Offer> | undefined
      if (!offer) continue
      if (offers.length === limit) return { offers, marker: index }
      const gets = bookAmountOf(offer.TakerGets, native)
      const pays = bookAmountOf(offer.TakerPays, native)
      const owner = offer.Account
      const first = !left.has(owner)
      const funds =
        left.get(owner) ??
        accountFunds(view, owner, book.out) ??
        // The issuer's own asset: funded without bound, as much as the offer.
        gets.value
      const charged = !rate.eq(1) && owner !== book.out.issuer && request.taker !== book.out.issuer
      const fundsLimit = charged ? funds.div(rate) : funds
      const listed: BookOffer = { ...(offer as Offer), quality: qualityText(quality) }
      let funded = gets.value
      if (fundsLimit.lt(gets.value)) {
        funded = roundAmount(fundsLimit, outNative, 'down')
        listed.taker_gets_funded = valueJson(book.out, funded)
        const paysFunded = mulRound(
          funded,
          qualityRate(quality),
          pays.asset.issuer === null,
          'down',
        )
        listed.taker_pays_funded = valueJson(pays.asset, IssuedValue.min(pays.value, paysFunded))
      }
      const ownerPays = charged ? IssuedValue.min(funds, funded.times(rate)) : funded
      left.set(owner, IssuedValue.max(funds.minus(ownerPays), new IssuedValue(0)))
      if (first) listed.owner_funds = fundsText(book.out, funds)
      offers.push(listed)
    }
  }
  return { offers }
}

/**
 * One offer as `account_offers` lists it (rippled `AccountOffers.cpp`).
 *
 * @example
 * ```ts
 * const entry: AccountOffer = { flags: 0, seq: 5, taker_gets: '1000', taker_pays: usd, quality: '0.001' }
 * ```
 */
export interface AccountOffer {
  flags: number
  seq: number
  taker_gets: LedgerValue
  taker_pays: LedgerValue
  quality: string
  expiration?: number
}

/**
 * An account's offers in its owner directory's order, as `account_offers` lists them; `limit`
 * (10 to 400, 200 when left out, rippled's `RPC::Tuning::accountOffers`) and `marker` page
 * through them.
 *
 * @example
 * ```ts
 * accountOffers(view, address).offers.map((offer) => offer.seq)
 * ```
 */
export function accountOffers(
  view: ReadView,
  address: string,
  page: { limit?: number; marker?: string } = {},
): { offers: AccountOffer[]; marker?: string } {
  const limit = Math.min(Math.max(page.limit ?? 200, 10), 400)
  const offers: AccountOffer[] = []
  let started = page.marker === undefined
  for (const { index } of directoryEntries(view, ownerDirIndex(address))) {
    if (!started) {
      started = index === page.marker
      if (!started) continue
    }
    const offer = view.read(index)
    if (offer?.LedgerEntryType !== 'Offer') continue
    if (offers.length === limit) return { offers, marker: index }
    const { Flags, Sequence, TakerGets, TakerPays, BookDirectory, Expiration } = offer as Offer
    offers.push({
      flags: Flags,
      seq: Sequence,
      taker_gets: TakerGets,
      taker_pays: TakerPays,
      quality: qualityText(qualityOfIndex(BookDirectory)),
      ...(Expiration === undefined ? {} : { expiration: Expiration }),
    })
  }
  return { offers }
}

/**
 * The books whose offers a transaction created, changed or removed, from its metadata: what the
 * `books` stream tells each book's subscribers (rippled `NetworkOPsImp::pubProposedAccountTransaction`
 * through `OrderBookDB::processTxn`). Each book once, as `{ taker_gets, taker_pays }` assets.
 *
 * @example
 * ```ts
 * for (const book of booksTouched(stored.meta.AffectedNodes, 'XRP')) notify(book, stored)
 * ```
 */
export function booksTouched(
  nodes: readonly AffectedNode[],
  native: string,
): Array<{ takerGets: LedgerAsset; takerPays: LedgerAsset }> {
  const seen = new Map<string, { takerGets: LedgerAsset; takerPays: LedgerAsset }>()
  for (const node of nodes) {
    const fields = Object.values(node)[0]
    if (fields?.LedgerEntryType !== 'Offer') continue
    const data = fields.FinalFields ?? fields.NewFields
    if (!data) continue
    const takerGets = bookAmountOf(data.TakerGets, native).asset
    const takerPays = bookAmountOf(data.TakerPays, native).asset
    const key = `${takerGets.currency}/${takerGets.issuer}:${takerPays.currency}/${takerPays.issuer}`
    if (!seen.has(key)) seen.set(key, { takerGets, takerPays })
  }
  return [...seen.values()]
}
