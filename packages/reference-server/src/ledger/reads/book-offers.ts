import { multiply } from '../amounts/amount-arithmetic'
import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { Quality } from '../amounts/quality'
import { divideRate, multiplyRate, QUALITY_ONE } from '../amounts/transfer-rate'
import { directoryEntries } from '../state/directory'
import { ownerDirIndex, qualityOfIndex } from '../state/keylets'
import type { LedgerValue } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { AffectedNode } from '../state/transaction-meta'
import { accountHolds } from '../view/account-holds'
import { isGlobalFrozen } from '../view/freeze'
import { transferRate } from '../view/issuer-transfer-rate'
import { type Book, bookBase, nextBookDirectory, type Offer } from '../view/order-book'

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
  /** Offers per page; the whole book when left out (ledger-api passes rippled's `RPC::Tuning`). */
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
  const limit = request.limit ?? Number.POSITIVE_INFINITY
  const issuer = book.out.issuer
  const rate = issuer === null ? QUALITY_ONE : transferRate(view, issuer)
  const frozen = isGlobalFrozen(view, book.in) || isGlobalFrozen(view, book.out)
  const left = new Map<string, LedgerAmount>()
  const offers: BookOffer[] = []
  const base = bookBase(book)
  let started = request.marker === undefined
  for (
    let directory = nextBookDirectory(view, base);
    directory !== undefined;
    directory = nextBookDirectory(view, base, directory)
  ) {
    const quality = new Quality(qualityOfIndex(directory))
    for (const { index } of directoryEntries(view, directory)) {
      if (!started) {
        started = index === request.marker
        if (!started) continue
      }
      const offer = view.read(index) as Readonly<Offer> | undefined
      if (!offer) continue
      if (offers.length === limit) return { offers, marker: index }
      const gets = LedgerAmount.fromJson(offer.TakerGets, native)
      const pays = LedgerAmount.fromJson(offer.TakerPays, native)
      const owner = offer.Account
      const { funds, first } = ownerFunds(view, {
        owner,
        book,
        gets,
        frozen,
        known: left.get(owner),
      })
      // The owner pays the out issuer's fee, unless it is the issuer or the taker is.
      const charged = rate !== QUALITY_ONE && request.taker !== issuer && owner !== issuer
      const fundsLimit = charged ? divideRate(funds, rate) : funds
      const listed: BookOffer = { ...(offer as Offer), quality: quality.text() }
      let funded = gets
      if (fundsLimit.lt(gets)) {
        funded = fundsLimit
        listed.taker_gets_funded = funded.toJson()
        listed.taker_pays_funded = pays.min(multiply(funded, quality.rate(), pays.asset)).toJson()
      }
      const ownerPays = charged ? funds.min(multiplyRate(funded, rate)) : funded
      left.set(owner, funds.minus(ownerPays))
      if (first) listed.owner_funds = funds.text()
      offers.push(listed)
    }
  }
  return { offers }
}

// An offer owner's funds as rippled's `getBookPage` counts them, and whether they are shown
// (`owner_funds`): what it has left from its earlier offers on the page (not shown again), else
// what it holds (never below zero); the issuer's own asset funds the whole offer; a globally
// frozen asset funds nothing.
function ownerFunds(
  view: ReadView,
  at: { owner: string; book: Book; gets: LedgerAmount; frozen: boolean; known?: LedgerAmount },
): { funds: LedgerAmount; first: boolean } {
  if (at.book.out.issuer === at.owner) return { funds: at.gets, first: true }
  if (at.frozen) return { funds: LedgerAmount.zero(at.book.out), first: true }
  if (at.known) return { funds: at.known, first: false }
  const held = accountHolds(view, at.owner, at.book.out, 'zeroIfFrozen')
  return { funds: held.signum() < 0 ? LedgerAmount.zero(at.book.out) : held, first: true }
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
 * (every offer when left out; ledger-api passes rippled's `RPC::Tuning`) and `marker` page
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
  const limit = page.limit ?? Number.POSITIVE_INFINITY
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
      quality: new Quality(qualityOfIndex(BookDirectory)).text(),
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
    const takerGets = LedgerAmount.fromJson(data.TakerGets, native).asset
    const takerPays = LedgerAmount.fromJson(data.TakerPays, native).asset
    const key = `${takerGets.currency}/${takerGets.issuer}:${takerPays.currency}/${takerPays.issuer}`
    if (!seen.has(key)) seen.set(key, { takerGets, takerPays })
  }
  return [...seen.values()]
}
