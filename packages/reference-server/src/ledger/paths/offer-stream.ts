import { LedgerAmount, MIN_ISSUED_EXPONENT } from '../amounts/ledger-amount'
import { type InOut, Quality } from '../amounts/quality'
import { directoryPageIndex, qualityOfIndex } from '../state/keylets'
import type { DirectoryNode } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { Sandbox } from '../state/sandbox'
import { accountFunds } from '../view/account-holds'
import { isDeepFrozen } from '../view/freeze'
import { LedgerFault } from '../view/ledger-fault'
import { type Book, bookBase, deleteOffer, nextBookDirectory, type Offer } from '../view/order-book'
import { bookOffer } from './book-offer'
import type { StepOffer } from './step'

/**
 * The offers of a book as a book step meets them (rippled src/xrpld/app/tx/detail/BookTip.cpp,
 * OfferStream.cpp `FlowOfferStream`): best quality first, oldest first at one quality; each step
 * moves past the offer before (deleting it from the sandbox: it was taken whole, or is in the
 * way), skipping and removing offers expired, empty, deep frozen or unfunded. Offers found so
 * (not made so by this transaction) are removed even when the transaction fails.
 */

/**
 * Counts the offers one book step may look at (rippled `StepCounter`: 1,000 with fix1515).
 *
 * @example
 * ```ts
 * const counter = stepCounter(1000)
 * ```
 */
export interface StepCounter {
  /** One more offer; false once the limit is reached. */
  step(): boolean
  readonly count: number
}

/** Creates a {@link StepCounter}. */
export function stepCounter(limit: number): StepCounter {
  let count = 0
  return {
    step() {
      if (count >= limit) return false
      count += 1
      return true
    },
    get count() {
      return count
    },
  }
}

/**
 * A book's offers in order, for one pass of a book step.
 *
 * @example
 * ```ts
 * const offers = offerStream(sandbox, before, book, counter, enabled)
 * while (offers.step()) take(offers.tip())
 * ```
 */
export interface OfferStream {
  /** Moves to the next offer worth taking; false when the book (or the counter) is done. */
  step(): boolean
  /** The current offer (after a `step` that answered true). */
  tip(): StepOffer
  /** The current offer owner's funds in what it gives. */
  ownerFunds(): LedgerAmount
  /** Marks an offer to remove whatever happens (rippled `permRmOffer`). */
  remove(index: string): void
  /** The offers marked to remove. */
  readonly removed: ReadonlySet<string>
}

// The first offer index of a book directory, following its pages (rippled `dirFirst`).
function firstIndex(view: ReadView, directory: string): string | undefined {
  let page = 0n
  for (;;) {
    const node = view.read(directoryPageIndex(directory, page)) as
      | Readonly<DirectoryNode>
      | undefined
    if (!node) return undefined
    const [first] = node.Indexes
    if (first !== undefined) return first
    if (!node.IndexNext) return undefined
    page = BigInt(`0x${node.IndexNext}`)
    if (page === 0n) return undefined
  }
}

/**
 * Creates an {@link OfferStream} over `view` (the strand's sandbox); `before` is the ledger as the
 * strand found it, to tell an offer found unfunded from one this transaction made so.
 */
export function offerStream(
  view: Sandbox,
  before: ReadView,
  book: Book,
  counter: StepCounter,
  enabled: (amendment: string) => boolean,
): OfferStream {
  const base = bookBase(book)
  const removed = new Set<string>()
  let position = base
  let entry: Offer | undefined
  let current: StepOffer | undefined
  let funds: LedgerAmount | undefined
  let valid = false
  const now = view.info.parentCloseTime

  // rippled `BookTip::step`: the previous entry goes, then the first offer at or past the
  // current directory.
  const tipStep = (): { index: string; quality: Quality } | undefined => {
    if (valid && entry) {
      deleteOffer(view, entry)
      entry = undefined
    }
    for (;;) {
      const directory = nextBookDirectory(view, base, position)
      if (directory === undefined) return undefined
      // The next look starts at this directory again: its remaining offers come next.
      position = previousIndex(directory)
      const index = firstIndex(view, directory)
      if (index !== undefined) {
        entry = view.peek(index) as Offer | undefined
        valid = true
        return { index, quality: new Quality(qualityOfIndex(directory)) }
      }
      position = directory
    }
  }

  const fundsOf = (at: ReadView, owner: string, gives: LedgerAmount) =>
    accountFunds(at, owner, gives, 'zeroIfFrozen')

  return {
    step() {
      for (;;) {
        funds = undefined
        current = undefined
        const tip = tipStep()
        if (!tip) return false
        if (!counter.step()) return false
        const found = entry
        // A directory naming an offer the ledger lacks is a broken ledger.
        if (!found)
          throw new LedgerFault(
            'tefBAD_LEDGER',
            `book directory names a missing offer ${tip.index}`,
          )
        if (typeof found.Expiration === 'number' && found.Expiration <= now) {
          removed.add(found.index)
          continue
        }
        const amounts = {
          in: LedgerAmount.fromJson(found.TakerPays),
          out: LedgerAmount.fromJson(found.TakerGets),
        }
        if (amounts.in.signum() <= 0 || amounts.out.signum() <= 0) {
          removed.add(found.index)
          continue
        }
        if (isDeepFrozen(view, found.Account, book.in)) {
          removed.add(found.index)
          continue
        }
        const held = fundsOf(view, found.Account, amounts.out)
        if (held.signum() <= 0) {
          // Found unfunded (the owner had as little before this strand) or made so by it.
          if (fundsOf(before, found.Account, amounts.out).eq(held)) removed.add(found.index)
          continue
        }
        if (enabled('fixRmSmallIncreasedQOffers') && tiny(found, tip.quality, amounts, held)) {
          if (fundsOf(before, found.Account, amounts.out).eq(held)) removed.add(found.index)
          continue
        }
        funds = held
        current = bookOffer(found, tip.quality, amounts, enabled)
        return true
      }
    },
    tip: () => current as StepOffer,
    ownerFunds: () => funds as LedgerAmount,
    remove: (index) => removed.add(index),
    removed,
  }
}

// rippled `shouldRmSmallIncreasedQOffer` (fixRmSmallIncreasedQOffers): an offer whose funded part
// is so small that rounding makes its quality worse than its book's, which would block the book.
function tiny(offer: Offer, quality: Quality, amounts: InOut, funds: LedgerAmount): boolean {
  if (amounts.out.native) return false
  // Two tokens of different currencies compare as numbers (rippled's IOUAmount `>=`).
  if (!amounts.in.native && !amounts.in.toNumber().lt(amounts.out.toNumber())) return false
  const effective =
    offer.Account !== amounts.out.asset.issuer && funds.lt(amounts.out)
      ? quality.ceilOutStrict(amounts, funds, false)
      : amounts
  if (effective.in.signum() <= 0 || effective.out.signum() <= 0) return true
  const smallest = amounts.in.native
    ? LedgerAmount.drops(1n)
    : LedgerAmount.of(amounts.in.asset, 10n ** 15n, MIN_ISSUED_EXPONENT)
  if (effective.in.gt(smallest.withAsset(effective.in.asset))) return false
  return Quality.of(effective).worseThan(quality)
}

// The index just before `index` (rippled `--m_book` on a uint256).
function previousIndex(index: string): string {
  return (BigInt(`0x${index}`) - 1n).toString(16).toUpperCase().padStart(64, '0')
}
