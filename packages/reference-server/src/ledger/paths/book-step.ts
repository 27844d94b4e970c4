import { mulRatio } from '../amounts/amount-arithmetic'
import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { composedQuality, getRate, type InOut, Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { accountIdOf } from '../codec/account-ids'
import { readAccount } from '../state/account-root'
import { directoryPageIndex, qualityOfIndex, rippleStateIndex } from '../state/keylets'
import { type DirectoryNode, LSF } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { Sandbox } from '../state/sandbox'
import { transferRate } from '../view/issuer-transfer-rate'
import { type Book, bookBase, nextBookDirectory } from '../view/order-book'
import { requireAuth } from '../view/require-auth'
import { XRP_ACCOUNT } from '../view/ripple-credit'
import { StrandFault } from './direct-step'
import { type OfferStream, offerStream, stepCounter } from './offer-stream'
import type {
  DebtDirection,
  LiquiditySource,
  Step,
  StepFlow,
  StepOffer,
  StrandContext,
} from './step'

/**
 * A step through an order book (rippled src/xrpld/app/paths/detail/BookStep.cpp,
 * `BookPaymentStep` and `BookOfferCrossingStep`): takes the book's offers best quality first,
 * each at most what its owner can fund after the out issuer's transfer fee, and before them, at
 * most once a pass, an offer of a liquidity source (step.ts `LiquiditySource`: the AMM, the
 * simulator's market) when it beats the book's tip. Offer crossing takes only offers at its
 * quality or better on the default path, removes the taker's own offers it meets, and charges no
 * transfer fee between an account and itself.
 */

/** Offers one book step may look at in a pass (rippled `maxOffersToConsume` with fix1515). */
const MAX_OFFERS = 1000

const assetKey = (asset: LedgerAsset) =>
  asset.issuer === null ? 'XRP' : `${asset.currency}/${asset.issuer}`

// Amounts summed smallest first, as rippled's flat_multiset sums keep precision.
function sum(amounts: readonly LedgerAmount[], zero: LedgerAmount): LedgerAmount {
  if (amounts.length === 0) return zero
  const sorted = [...amounts].sort((a, b) => a.compare(b))
  return sorted.slice(1).reduce((total, amount) => total.plus(amount), sorted[0] as LedgerAmount)
}

// The first directory of a book that holds an offer index, and its quality (rippled `BookTip`
// on a throwaway view: the book's best quality, funded or not).
function bookTipQuality(view: ReadView, book: Book): Quality | null {
  const base = bookBase(book)
  for (let directory = nextBookDirectory(view, base); directory; ) {
    const root = view.read(directoryPageIndex(directory, 0n)) as Readonly<DirectoryNode> | undefined
    if (root && (root.Indexes.length > 0 || root.IndexNext)) {
      return new Quality(qualityOfIndex(directory))
    }
    directory = nextBookDirectory(view, base, directory)
  }
  return null
}

type EachOffer = (
  offer: StepOffer,
  offered: InOut,
  step: InOut,
  ownerGives: LedgerAmount,
  inRate: number,
  outRate: number,
) => boolean

/**
 * Builds a book step and checks it (rippled `make_BookStepII`/`IX`/`XI` and `BookStep::check`):
 * the step, or the result that refuses the strand (`temBAD_PATH`, `temBAD_PATH_LOOP`,
 * `tecNO_ISSUER`, `terNO_LINE`, `terNO_RIPPLE`).
 *
 * @example
 * ```ts
 * const step = bookStep(context, { in: usd, out: xrp })
 * ```
 */
export function bookStep(context: StrandContext, book: Book): Step | string {
  const refused = check(context, book)
  if (refused) return refused
  const crossing = context.offerCrossing !== 'no'
  const { previous, strandSource, strandDestination, ownerPaysTransferFee, isDefaultPath } = context
  const threshold = context.limitQuality ?? new Quality(0n)
  const sources: readonly LiquiditySource[] = context.liquidity(book, context.view)
  const zeroIn = LedgerAmount.zero(book.in)
  const zeroOut = LedgerAmount.zero(book.out)
  let cache: StepFlow | null = null
  let inactive = false
  let used = 0

  // rippled `BookStep::rate`: no fee on the native asset, nor on what goes to its own issuer's
  // strand destination.
  const rate = (view: ReadView, asset: LedgerAsset) =>
    asset.issuer === null || asset.issuer === strandDestination
      ? QUALITY_ONE
      : transferRate(view, asset.issuer)

  // The best offer of the liquidity sources better than the book's tip, or null.
  const sourceOffer = (view: ReadView, tip: Quality | null): StepOffer | null => {
    let best: StepOffer | null = null
    for (const source of sources) {
      const offer = source.offer(view, tip)
      if (offer && (!best || offer.quality.betterThan(best.quality))) best = offer
    }
    return best
  }

  // rippled `BookStep::tip`: the book's tip quality, or a source's offer when it is better.
  const tipQuality = (view: ReadView): { quality: Quality; synthetic: boolean } | null => {
    const book = bookTipQuality(view, bookOf)
    const offer = sourceOffer(view, book)
    if (offer && (!book || offer.quality.betterThan(book))) {
      return { quality: offer.quality, synthetic: true }
    }
    return book ? { quality: book, synthetic: false } : null
  }
  const bookOf = book

  // `adjustQualityWithFees`: a payment's step charges the in issuer's fee when the previous step
  // redeems and the owner's out fee; offer crossing ranks by the offers' own quality.
  const adjustQuality = (
    view: ReadView,
    quality: Quality,
    previousDirection: DebtDirection,
    synthetic: boolean,
  ): Quality => {
    if (crossing && !synthetic) return quality
    const inRate = previousDirection === 'redeems' ? rate(view, book.in) : QUALITY_ONE
    const outRate =
      !crossing && ownerPaysTransferFee && !synthetic ? rate(view, book.out) : QUALITY_ONE
    const fees = new Quality(
      getRate(LedgerAmount.drops(BigInt(outRate)), LedgerAmount.drops(BigInt(inRate))),
    )
    return composedQuality(fees, quality)
  }

  // rippled `BookStep::forEachOffer`: the sources' offer first when it beats the tip, then the
  // book's offers at the tip's quality, each sized by its owner's funds and the transfer rates.
  const forEachOffer = (view: Sandbox, previousDirection: DebtDirection, each: EachOffer) => {
    const inRate = previousDirection === 'redeems' ? rate(view, book.in) : QUALITY_ONE
    const outRate = ownerPaysTransferFee ? rate(view, book.out) : QUALITY_ONE
    const counter = stepCounter(MAX_OFFERS)
    const offers: OfferStream = offerStream(view, view.base, book, counter, context.enabled)
    let attempted = false
    let quality: Quality | null = null

    const exec = (offer: StepOffer): boolean => {
      if (!quality) quality = offer.quality
      else if (!quality.equals(offer.quality)) return false
      // Offer crossing removes the taker's own offer it would cross (limitSelfCrossQuality).
      if (
        crossing &&
        isDefaultPath &&
        !offer.quality.worseThan(threshold) &&
        offer.owner === strandSource &&
        offer.owner === strandDestination
      ) {
        if (offer.key) offers.remove(offer.key)
        if (!attempted) quality = null
        return true
      }
      // The owner must be allowed to hold what it receives.
      if (requireAuth(view.base, book.in, offer.owner) !== null) {
        if (offer.key) offers.remove(offer.key)
        if (!attempted) quality = null
        return true
      }
      if (crossing && isDefaultPath && offer.quality.worseThan(threshold)) return false
      const ownInRate =
        crossing && previous?.directStepSource() === offer.owner ? QUALITY_ONE : inRate
      const ownOutRate =
        crossing && previous?.bookStepBook() && offer.owner === strandDestination
          ? QUALITY_ONE
          : outRate
      const [offerInRate, offerOutRate] = offer.adjustRates(ownInRate, ownOutRate)
      let offered = offer.amounts()
      const stepped = {
        in: mulRatio(offered.in, offerInRate, QUALITY_ONE, true),
        out: offered.out,
      }
      let ownerGives = mulRatio(offered.out, offerOutRate, QUALITY_ONE, false)
      const funds = offer.selfFunded ? ownerGives : offers.ownerFunds()
      if (funds.lt(ownerGives)) {
        ownerGives = funds
        stepped.out = mulRatio(ownerGives, QUALITY_ONE, offerOutRate, false)
        offered = offer.limitOut(offered, stepped.out, false)
        stepped.in = mulRatio(offered.in, offerInRate, QUALITY_ONE, true)
      }
      attempted = true
      return each(offer, offered, stepped, ownerGives, offerInRate, offerOutRate)
    }

    // At most one source offer a pass, and only when it beats the book's tip.
    const trySource = (tip: Quality | null) => {
      const offer = sourceOffer(view, tip)
      return !offer || exec(offer)
    }

    if (offers.step()) {
      if (trySource(offers.tip().quality)) {
        do {
          if (!exec(offers.tip())) break
        } while (offers.step())
      }
    } else {
      trySource(null)
    }
    return { removed: offers.removed, count: counter.count }
  }

  const consume = (view: Sandbox, offer: StepOffer, offered: InOut, gives: LedgerAmount) => {
    const moved = offer.transfer(view, book, offered.in, gives)
    if (moved !== 'tesSUCCESS') throw new StrandFault(moved)
    offer.consume(view, offered)
  }

  // rippled `limitStepOut`: the part of an offer that puts out `limit`.
  const limitStepOut = (
    offer: StepOffer,
    taken: { offered: InOut; step: InOut; gives: LedgerAmount },
    rates: readonly [number, number],
    limit: LedgerAmount,
  ) => {
    if (!limit.lt(taken.step.out)) return taken
    const out = limit
    const gives = mulRatio(out, rates[1], QUALITY_ONE, false)
    const offered = offer.limitOut(taken.offered, out, true)
    return { offered, step: { in: mulRatio(offered.in, rates[0], QUALITY_ONE, true), out }, gives }
  }

  // rippled `limitStepIn`: the part of an offer that takes in `limit`.
  const limitStepIn = (
    offer: StepOffer,
    taken: { offered: InOut; step: InOut; gives: LedgerAmount },
    rates: readonly [number, number],
    limit: LedgerAmount,
  ) => {
    if (!limit.lt(taken.step.in)) return taken
    const offered = offer.limitIn(
      taken.offered,
      mulRatio(limit, QUALITY_ONE, rates[0], false),
      false,
    )
    return {
      offered,
      step: { in: limit, out: offered.out },
      gives: mulRatio(offered.out, rates[1], QUALITY_ONE, false),
    }
  }

  const finish = (
    view: Sandbox,
    remove: Set<string>,
    direction: 'reverse' | 'forward',
    each: EachOffer,
  ) => {
    const previousDirection = previous ? previous.debtDirection(view, direction) : 'issues'
    const { removed, count } = forEachOffer(view, previousDirection, each)
    used = count
    for (const index of removed) remove.add(index)
    if (count >= MAX_OFFERS) inactive = true
  }

  const step: Step = {
    kind: 'book',
    key: `book ${assetKey(book.in)}>${assetKey(book.out)}`,
    rev(view, remove, out) {
      cache = null
      const ins: LedgerAmount[] = []
      const outs: LedgerAmount[] = []
      let result: StepFlow = { in: zeroIn, out: zeroOut }
      let remaining = out
      finish(view, remove, 'reverse', (offer, offered, stepped, gives, inRate, outRate) => {
        if (remaining.signum() <= 0) return false
        if (stepped.out.lte(remaining)) {
          ins.push(stepped.in)
          outs.push(stepped.out)
          result = { in: sum(ins, zeroIn), out: sum(outs, zeroOut) }
          remaining = out.minus(result.out)
          consume(view, offer, offered, gives)
          return true
        }
        const limited = limitStepOut(
          offer,
          { offered, step: stepped, gives },
          [inRate, outRate],
          remaining,
        )
        remaining = LedgerAmount.zero(remaining.asset)
        ins.push(limited.step.in)
        result = { in: sum(ins, zeroIn), out }
        consume(view, offer, limited.offered, limited.gives)
        return offer.fullyConsumed()
      })
      if (remaining.signum() < 0) {
        cache = { in: zeroIn, out: zeroOut }
        return cache
      }
      if (remaining.isZero()) result = { in: result.in, out }
      cache = result
      return result
    },
    fwd(view, remove, input) {
      const reversed = cache as StepFlow
      const ins: LedgerAmount[] = []
      const outs: LedgerAmount[] = []
      let result: StepFlow = { in: zeroIn, out: zeroOut }
      let remaining = input
      finish(view, remove, 'forward', (offer, offered, stepped, gives, inRate, outRate) => {
        if (remaining.signum() <= 0) return false
        let taken = { offered, step: stepped, gives }
        let more = true
        if (stepped.in.lte(remaining)) {
          ins.push(stepped.in)
          outs.push(stepped.out)
          result = { in: sum(ins, zeroIn), out: sum(outs, zeroOut) }
        } else {
          taken = limitStepIn(offer, taken, [inRate, outRate], remaining)
          ins.push(remaining)
          outs.push(taken.step.out)
          result = { in: input, out: sum(outs, zeroOut) }
          more = false
        }
        // More out than the reverse pass for the same or less in: produce the reverse pass's out
        // when that takes exactly this in (rounding, rippled BookStep::fwdImp).
        if (result.out.gt(reversed.out) && result.in.lte(reversed.in)) {
          const last = outs.pop() as LedgerAmount
          const wanted = reversed.out.minus(sum(outs, zeroOut))
          const back = limitStepOut(
            offer,
            { offered, step: stepped, gives },
            [inRate, outRate],
            wanted,
          )
          if (back.step.in.eq(remaining)) {
            result = { in: input, out: reversed.out }
            ins.splice(0, ins.length, result.in)
            outs.splice(0, outs.length, result.out)
            taken = {
              offered: back.offered,
              step: { in: remaining, out: wanted },
              gives: back.gives,
            }
          } else {
            outs.push(last)
          }
        }
        remaining = input.minus(result.in)
        consume(view, offer, taken.offered, taken.gives)
        return more || offer.fullyConsumed()
      })
      if (remaining.signum() < 0) {
        cache = { in: zeroIn, out: zeroOut }
        return cache
      }
      if (remaining.isZero()) result = { in: input, out: result.out }
      cache = result
      return result
    },
    cachedIn: () => cache?.in ?? null,
    cachedOut: () => cache?.out ?? null,
    debtDirection: () => (ownerPaysTransferFee ? 'issues' : 'redeems'),
    qualityUpperBound(view, previousDirection) {
      const direction: DebtDirection = ownerPaysTransferFee ? 'issues' : 'redeems'
      const tip = tipQuality(view)
      if (!tip) return { quality: null, direction }
      return {
        quality: adjustQuality(view, tip.quality, previousDirection, tip.synthetic),
        direction,
      }
    },
    lineQualityIn: () => QUALITY_ONE,
    directStepSource: () => null,
    directStepAccounts: () => null,
    bookStepBook: () => book,
    inactive: () => inactive,
    offersUsed: () => used,
  }
  return step
}

// rippled `BookStep::check`.
function check(context: StrandContext, book: Book): string | null {
  const inKey = assetKey(book.in)
  const outKey = assetKey(book.out)
  if (inKey === outKey) return 'temBAD_PATH'
  // An issued currency "issued" by the native asset's pass-through is no asset (`isConsistent`).
  if (book.in.issuer === XRP_ACCOUNT || book.out.issuer === XRP_ACCOUNT) return 'temBAD_PATH'
  const [sent, received] = context.seenDirect
  if (context.seenBookOuts.has(outKey) || sent.has(outKey) || received.has(outKey)) {
    return 'temBAD_PATH_LOOP'
  }
  context.seenBookOuts.add(outKey)
  const { view } = context
  for (const asset of [book.in, book.out]) {
    if (asset.issuer !== null && !readAccount(view, asset.issuer)) return 'tecNO_ISSUER'
  }
  const previousSource = context.previous?.directStepSource() ?? null
  if (previousSource !== null && book.in.issuer !== null) {
    const current = book.in.issuer
    const line = view.read(rippleStateIndex(previousSource, current, book.in.currency))
    if (!line) return 'terNO_LINE'
    const noRipple =
      accountIdOf(current) > accountIdOf(previousSource)
        ? LSF.RippleState.HighNoRipple
        : LSF.RippleState.LowNoRipple
    if ((line.Flags & noRipple) !== 0) return 'terNO_RIPPLE'
  }
  return null
}
