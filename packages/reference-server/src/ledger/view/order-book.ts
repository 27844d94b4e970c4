import type { LedgerAsset } from '../amounts/ledger-asset'
import { accountIdOf } from '../codec/account-ids'
import { peekAccount } from '../state/account-root'
import {
  type DescribeDirectory,
  dirAppend,
  dirRemove,
  uint64Json,
  uint64Of,
} from '../state/directory'
import {
  bookBaseIndex,
  bookDirIndex,
  currencyHex,
  directoryPageIndex,
  offerIndex,
  qualityOfIndex,
} from '../state/keylets'
import type { AccountRoot, DirectoryNode, LedgerObject, LedgerValue } from '../state/ledger-object'
import type { ApplyView, ReadView } from '../state/read-view'
import { LedgerFault } from './ledger-fault'
import { addOwnedObject, removeOwnedObject } from './owned-objects'

/**
 * The order book on the ledger (rippled `BookTip.cpp`, `View.cpp` `offerDelete`, `CreateOffer.cpp`
 * placing; docs/protocol.md §8.7): an `Offer` sits in its owner's directory and in the book
 * directory of its quality; a book's directories sort best quality first, and within one the
 * offers keep their order of arrival.
 */

/**
 * An Offer as the ledger holds it.
 *
 * @example
 * ```ts
 * const offer = view.read(offerIndex(owner, 5)) as Offer | undefined
 * ```
 */
export interface Offer extends LedgerObject {
  LedgerEntryType: 'Offer'
  Account: string
  Sequence: number
  TakerPays: LedgerValue
  TakerGets: LedgerValue
  BookDirectory: string
  BookNode: string
  OwnerNode: string
  Expiration?: number
  PreviousTxnID?: string
  PreviousTxnLgrSeq?: number
}

/**
 * A book: what its offers' takers pay (`in`) and get (`out`).
 *
 * @example
 * ```ts
 * const book: Book = { in: { currency: 'XRP', issuer: null }, out: usd }
 * ```
 */
export interface Book {
  in: LedgerAsset
  out: LedgerAsset
}

const side = (asset: LedgerAsset) => ({
  currency: asset.issuer === null ? 'XRP' : asset.currency,
  ...(asset.issuer === null ? {} : { issuer: asset.issuer }),
})

/**
 * The index every directory of a book starts from (its quality bits zero).
 *
 * @example
 * ```ts
 * bookBase({ in: xrp, out: usd })
 * ```
 */
export const bookBase = (book: Book): string =>
  bookBaseIndex({ pays: side(book.in), gets: side(book.out) })

/**
 * The book directory holding the best offers of a book from `after` on (exclusive), or
 * undefined when the book has no more (rippled `BookTip::step` walking `succ` up to the next
 * book's base).
 *
 * @example
 * ```ts
 * const first = nextBookDirectory(view, bookBase(book))
 * ```
 */
export function nextBookDirectory(view: ReadView, base: string, after = base): string | undefined {
  const next = view.succ(after)
  return next !== undefined && next.slice(0, 48) === base.slice(0, 48) ? next : undefined
}

/**
 * The first offer of a book (best quality, oldest at it), with its directory's quality; expired
 * or unfunded offers are not skipped here (the caller removes them as rippled's OfferStream
 * does).
 *
 * @example
 * ```ts
 * const tip = bookTip(view, bookBase(book))
 * ```
 */
export function bookTip(
  view: ReadView,
  base: string,
): { offer: Readonly<Offer>; quality: bigint } | undefined {
  let directory = nextBookDirectory(view, base)
  while (directory !== undefined) {
    let page = 0n
    for (;;) {
      const node = view.read(directoryPageIndex(directory, page)) as
        | Readonly<DirectoryNode>
        | undefined
      if (!node) break
      const first = node.Indexes[0]
      if (first !== undefined) {
        const offer = view.read(first) as Readonly<Offer> | undefined
        if (offer) return { offer, quality: qualityOfIndex(directory) }
      }
      page = uint64Of(node.IndexNext)
      if (page === 0n) break
    }
    directory = nextBookDirectory(view, base, directory)
  }
  return undefined
}

/**
 * Removes an offer (rippled View.cpp `offerDelete`): out of its owner's directory and its book
 * directory (the book directory's last page goes with it), one owned object less, erased; a
 * directory that does not list it is `tefBAD_LEDGER` (thrown, ledger-fault.ts).
 *
 * @example
 * ```ts
 * deleteOffer(view, view.peek(offerIndex(owner, 5)) as Offer)
 * ```
 */
export function deleteOffer(view: ApplyView, offer: Offer): void {
  if (!dirRemove(view, offer.BookDirectory, uint64Of(offer.BookNode), offer.index, false)) {
    throw new LedgerFault('tefBAD_LEDGER', `offer ${offer.index} is not in its book directory`)
  }
  removeOwnedObject(view, offer, { owner: offer.Account, keepRoot: false })
}

const issuerHex = (asset: LedgerAsset) =>
  asset.issuer === null ? '0'.repeat(40) : accountIdOf(asset.issuer)

// A book directory's fields (rippled CreateOffer::applyGuts `setBookDir`).
const describeBook =
  (book: Book, quality: bigint): DescribeDirectory =>
  (page) => {
    page.TakerPaysCurrency = currencyHex(book.in.issuer === null ? 'XRP' : book.in.currency)
    page.TakerPaysIssuer = issuerHex(book.in)
    page.TakerGetsCurrency = currencyHex(book.out.issuer === null ? 'XRP' : book.out.currency)
    page.TakerGetsIssuer = issuerHex(book.out)
    page.ExchangeRate = uint64Json(quality)
  }

/**
 * Places an offer: in the owner's directory (one owned object more) and at the end of its
 * book's directory at `quality` (rippled `CreateOffer::applyGuts`). The caller checked the
 * reserve; `tecDIR_FULL` when a directory is full, else the placed offer.
 *
 * @example
 * ```ts
 * placeOffer(view, { owner, sequence, book, quality, takerPays, takerGets, flags: 0 })
 * ```
 */
export function placeOffer(
  view: ApplyView,
  input: {
    owner: string
    sequence: number
    book: Book
    quality: bigint
    takerPays: LedgerValue
    takerGets: LedgerValue
    flags: number
    expiration?: number
  },
): Offer | 'tecDIR_FULL' {
  const index = offerIndex(input.owner, input.sequence)
  const directory = bookDirIndex(bookBase(input.book), input.quality)
  const bookNode = dirAppend(view, directory, index, describeBook(input.book, input.quality))
  if (bookNode === null) return 'tecDIR_FULL'
  const offer: Offer = {
    LedgerEntryType: 'Offer',
    Flags: input.flags,
    Account: input.owner,
    Sequence: input.sequence,
    TakerPays: input.takerPays,
    TakerGets: input.takerGets,
    BookDirectory: directory,
    BookNode: uint64Json(bookNode),
    OwnerNode: '0',
    ...(input.expiration === undefined ? {} : { Expiration: input.expiration }),
    index,
  }
  const owner = peekAccount(view, input.owner) as AccountRoot
  return addOwnedObject(view, offer, { owner }) === 'tesSUCCESS' ? offer : 'tecDIR_FULL'
}
