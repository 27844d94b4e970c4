import { amountJson, bookAmountOf } from '../../amounts/book-amount'
import { divRound, IssuedValue, mulRound } from '../../amounts/issued-value'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { LSF } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { accountFunds, assetTransferRate, isDeepFrozen, send } from '../common/offer-funds'
import { ceilIn, ceilOut, type OfferAmounts, qualityRate } from './offer-quality'
import { type Book, bookBase, bookTip, deleteOffer, type Offer } from './order-book'

/**
 * Offer crossing: a taker's offer takes the book's resting offers as rippled's payment engine
 * does for `OfferCreate` (`CreateOffer::flowCross`, `BookStep.cpp`, `OfferStream.cpp`,
 * docs/protocol.md §8.7). Each step takes the tip of the direct book or, between two issued
 * assets, of the two books bridged through the native asset, whichever is better, while its
 * quality is within the taker's; offers met expired, unfunded or unauthorized are removed.
 */

/**
 * What the taker brings: its account, what it pays (`in`, the offer's TakerGets) and gets
 * (`out`, its TakerPays), how much out it wants (null: as much as `budget` buys, `tfSell`),
 * how much in it may spend with transfer fees (null: without bound, its own issuance), and the
 * worst rate (in per out, fees included) it takes.
 *
 * @example
 * ```ts
 * cross(view, original, { taker, in: xrp, out: usd, wanted, budget, limitRate, now })
 * ```
 */
export interface Taker {
  account: string
  in: LedgerAsset
  out: LedgerAsset
  wanted: IssuedValue | null
  budget: IssuedValue | null
  /** The worst rate taken; null for a payment without `tfLimitQuality`. */
  limitRate: IssuedValue | null
  /**
   * Where `out` goes: a Payment's destination, which takes the taker's own offers like any other;
   * absent for an offer, which removes them (its own account receives).
   */
  deliverTo?: string
  /** The parent ledger's close time (offers expire at or before it). */
  now: number
}

/**
 * What crossing did: the taker's spending (fees included) and receipts, and the offers it found
 * expired, unfunded or unauthorized (removed even when the transaction is killed).
 *
 * @example
 * ```ts
 * if (crossed.out.gt(0)) console.log('took', crossed.out.toString())
 * ```
 */
export interface Crossed {
  in: IssuedValue
  out: IssuedValue
  removable: string[]
}

// rippled caps the offers one book step may look at (StepCounter, 1000 per step; flow's limit).
const MAX_OFFERS = 2000
const ONE = new IssuedValue(1)
const isNative = (asset: LedgerAsset) => asset.issuer === null

/** A funded offer at a book's tip. */
interface Tip {
  offer: Readonly<Offer>
  rate: IssuedValue
  amounts: OfferAmounts
  /** The owner's funds in the out asset (null: its own issuance). */
  funds: IssuedValue | null
  /** What the owner pays per unit out (the out issuer's transfer rate, 1 for the issuer). */
  outRate: IssuedValue
}

interface Crossing {
  view: ApplyView
  original: ReadView
  taker: Taker
  native: string
  removable: string[]
  steps: number
}

// Whether an issuer that requires authorization has not authorized the owner to hold what its
// offer receives (BookStep::forEachOffer removes such offers).
function unauthorized(view: ReadView, owner: string, asset: LedgerAsset): boolean {
  if (asset.issuer === null || asset.issuer === owner) return false
  const issuer = readAccount(view, asset.issuer)
  if (!issuer || (issuer.Flags & LSF.AccountRoot.RequireAuth) === 0) return false
  const line = view.read(rippleStateIndex(owner, asset.issuer, asset.currency))
  const flag = owner < asset.issuer ? LSF.RippleState.HighAuth : LSF.RippleState.LowAuth
  return !line || (line.Flags & flag) === 0
}

// rippled's `rate` lambda in BookStep: no fee on the native asset or to the strand's destination.
const rateFor = (c: Crossing, asset: LedgerAsset) =>
  isNative(asset) || asset.issuer === c.taker.account ? ONE : assetTransferRate(c.view, asset)

const removeOffer = (c: Crossing, offer: Readonly<Offer>, removable: boolean) => {
  deleteOffer(c.view, c.view.peek(offer.index) as Offer)
  if (removable) c.removable.push(offer.index)
}

// The first offer of a book worth taking, removing the ones in the way (OfferStream::step).
function tipOf(c: Crossing, book: Book, base: string): Tip | undefined {
  for (;;) {
    const tip = bookTip(c.view, base)
    if (!tip || c.steps >= MAX_OFFERS) return undefined
    c.steps += 1
    const { offer } = tip
    const amounts = {
      in: bookAmountOf(offer.TakerPays, c.native),
      out: bookAmountOf(offer.TakerGets, c.native),
    }
    if (offer.Expiration !== undefined && offer.Expiration <= c.taker.now) {
      removeOffer(c, offer, true)
      continue
    }
    if (amounts.in.value.lte(0) || amounts.out.value.lte(0)) {
      removeOffer(c, offer, true)
      continue
    }
    if (
      isDeepFrozen(c.view, offer.Account, book.in) ||
      unauthorized(c.view, offer.Account, book.in)
    ) {
      removeOffer(c, offer, true)
      continue
    }
    const funds = accountFunds(c.view, offer.Account, book.out)
    if (funds?.lte(0)) {
      // Found unfunded (its owner had nothing before this transaction) vs became unfunded.
      const before = accountFunds(c.original, offer.Account, book.out)
      removeOffer(c, offer, before?.eq(funds) === true)
      continue
    }
    const outRate = offer.Account === book.out.issuer ? ONE : rateFor(c, book.out)
    return { offer, rate: qualityRate(tip.quality), amounts, funds, outRate }
  }
}

// The tip's amounts limited by its owner's funds (the owner pays the out issuer's fee).
function funded(tip: Tip): { amounts: OfferAmounts; short: boolean } {
  const { amounts, funds, outRate } = tip
  if (funds === null || funds.gte(amounts.out.value.times(outRate))) {
    return { amounts, short: false }
  }
  const limit = divRound(funds, outRate, isNative(amounts.out.asset), 'down')
  return { amounts: ceilOut(amounts, limit, tip.rate), short: true }
}

// What is left of an offer after a take: reduced, or removed once empty or out of funds.
function consume(c: Crossing, tip: Tip, taken: OfferAmounts, exhausted: boolean) {
  const offer = c.view.peek(tip.offer.index) as Offer
  const pays = tip.amounts.in.value.minus(taken.in.value)
  const gets = tip.amounts.out.value.minus(taken.out.value)
  if (exhausted || pays.lte(0) || gets.lte(0)) {
    deleteOffer(c.view, offer)
    return
  }
  offer.TakerPays = amountJson({ asset: tip.amounts.in.asset, value: pays })
  offer.TakerGets = amountJson({ asset: tip.amounts.out.asset, value: gets })
  c.view.update(offer)
}

// Moves one take: the taker pays `paid` (fees included) for `taken.in` to the owner, the owner
// pays `taken.out` (plus its fee) to `to`.
function settle(c: Crossing, tip: Tip, taken: OfferAmounts, from: string, paid: IssuedValue) {
  const owner = tip.offer.Account
  const gives = mulRound(taken.out.value, tip.outRate, isNative(taken.out.asset), 'down')
  send(c.view, { from, to: owner, amount: taken.in, sent: paid })
  const to = c.taker.deliverTo ?? c.taker.account
  send(c.view, { from: owner, to, amount: taken.out, sent: gives })
}

interface Remaining {
  out: IssuedValue | null
  budget: IssuedValue | null
}

// One take from the direct book; true when the taker's limit stopped it.
function takeDirect(c: Crossing, tip: Tip, left: Remaining, crossed: Crossed): boolean {
  const inRate = rateFor(c, c.taker.in)
  let { amounts: taken, short } = funded(tip)
  let limited = false
  if (left.out !== null && taken.out.value.gt(left.out)) {
    taken = ceilOut(taken, left.out, tip.rate)
    limited = true
  }
  let paid = mulRound(taken.in.value, inRate, isNative(c.taker.in), 'up')
  if (left.budget !== null && paid.gt(left.budget)) {
    const limit = divRound(left.budget, inRate, isNative(c.taker.in), 'down')
    taken = ceilIn(taken, limit, tip.rate)
    paid = IssuedValue.min(
      mulRound(taken.in.value, inRate, isNative(c.taker.in), 'up'),
      left.budget,
    )
    limited = true
  }
  if (taken.in.value.lte(0) || taken.out.value.lte(0)) return true
  settle(c, tip, taken, c.taker.account, paid)
  consume(c, tip, taken, short && !limited)
  record(left, crossed, paid, taken.out.value)
  return limited
}

function record(left: Remaining, crossed: Crossed, paid: IssuedValue, got: IssuedValue) {
  crossed.in = crossed.in.plus(paid)
  crossed.out = crossed.out.plus(got)
  if (left.out !== null) left.out = left.out.minus(got)
  if (left.budget !== null) left.budget = left.budget.minus(paid)
}

// One take through the native bridge: the first book sells the native asset for the taker's
// in, the second sells the taker's out for it (BookStep in a strand of two books).
function takeBridged(c: Crossing, tips: [Tip, Tip], left: Remaining, crossed: Crossed): boolean {
  const [first, second] = tips
  const inRate = rateFor(c, c.taker.in)
  const one = funded(first)
  const two = funded(second)
  let a = one.amounts
  let b = two.amounts
  let limited = false
  if (left.out !== null && b.out.value.gt(left.out)) {
    b = ceilOut(b, left.out, second.rate)
    limited = true
  }
  // The native amount the first offer yields is what the second takes.
  if (a.out.value.gt(b.in.value)) a = ceilOut(a, b.in.value, first.rate)
  else if (a.out.value.lt(b.in.value)) b = ceilIn(b, a.out.value, second.rate)
  const cost = (amounts: OfferAmounts) =>
    mulRound(amounts.in.value, inRate, isNative(c.taker.in), 'up')
  if (left.budget !== null && cost(a).gt(left.budget)) {
    a = ceilIn(a, divRound(left.budget, inRate, isNative(c.taker.in), 'down'), first.rate)
    b = ceilIn(b, a.out.value, second.rate)
    limited = true
  }
  if (a.out.value.gt(b.in.value)) a = ceilOut(a, b.in.value, first.rate)
  if (a.in.value.lte(0) || b.out.value.lte(0) || b.in.value.lte(0)) return true
  const paid = left.budget === null ? cost(a) : IssuedValue.min(cost(a), left.budget)
  const firstAll = one.short && a.out.value.eq(one.amounts.out.value)
  const secondAll = two.short && b.out.value.eq(two.amounts.out.value)
  // The native asset passes through the taker from the first owner to the second.
  settle(c, first, a, c.taker.account, paid)
  settle(c, second, b, c.taker.account, b.in.value)
  consume(c, first, a, firstAll)
  consume(c, second, b, secondAll)
  record(left, crossed, paid, b.out.value)
  return limited
}

/**
 * Crosses the taker against the book (and the bridge) on `view`; `original` is the ledger
 * before the transaction (an offer unfunded there too was found unfunded, not made so).
 *
 * @example
 * ```ts
 * const crossed = cross(sandbox, context.view, taker, network.native_asset)
 * ```
 */
export function cross(view: ApplyView, original: ReadView, taker: Taker, native: string): Crossed {
  const c: Crossing = { view, original, taker, native, removable: [], steps: 0 }
  const crossed: Crossed = { in: new IssuedValue(0), out: new IssuedValue(0), removable: [] }
  const left: Remaining = { out: taker.wanted, budget: taker.budget }
  const nativeAsset: LedgerAsset = { currency: native, issuer: null }
  const bridged = !isNative(taker.in) && !isNative(taker.out)
  const books = {
    direct: { in: taker.in, out: taker.out },
    first: { in: taker.in, out: nativeAsset },
    second: { in: nativeAsset, out: taker.out },
  }
  // Each book's base index once per crossing (a hash of both assets).
  const bases = {
    direct: bookBase(books.direct),
    first: bridged ? bookBase(books.first) : '',
    second: bridged ? bookBase(books.second) : '',
  }
  const inRate = rateFor(c, taker.in)
  const within = (rate: IssuedValue | null): rate is IssuedValue =>
    rate !== null && (taker.limitRate === null || rate.lte(taker.limitRate))
  for (;;) {
    if (left.out?.lte(0) || left.budget?.lte(0)) break
    const direct = tipOf(c, books.direct, bases.direct)
    const first = bridged ? tipOf(c, books.first, bases.first) : undefined
    const second = first ? tipOf(c, books.second, bases.second) : undefined
    const directRate = direct ? direct.rate.times(inRate) : null
    const bridgeRate = first && second ? first.rate.times(second.rate).times(inRate) : null
    const useBridge = within(bridgeRate) && (directRate === null || bridgeRate.lt(directRate))
    if (useBridge) {
      if (takeBridged(c, [first as Tip, second as Tip], left, crossed)) break
      continue
    }
    if (!direct || !within(directRate)) break
    // Crossing one's own offer on the direct book removes it (limitSelfCrossQuality).
    if (direct.offer.Account === taker.account && taker.deliverTo === undefined) {
      removeOffer(c, direct.offer, true)
      continue
    }
    if (takeDirect(c, direct, left, crossed)) break
  }
  crossed.removable = c.removable
  return crossed
}
