import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { Quality } from '../amounts/quality'
import type { ReadView } from '../state/read-view'
import { createSandbox, type Sandbox } from '../state/sandbox'
import { type Book, deleteOffer, type Offer } from '../view/order-book'
import type { FlowObserver, LiquiditySource, OfferCrossing, Step } from './step'
import { type PathElement, toStrands } from './strand-builder'
import { qualityUpperBound, strandFlow } from './strand-flow'

/**
 * The payment engine (rippled src/xrpld/app/paths/Flow.cpp and StrandFlow.h `flow`): a payment,
 * an offer crossing or a check's cashing asks its strands for the amount to deliver, again and
 * again, each time taking the best strand's liquidity (strands sorted by the best quality they
 * can give, FlowSortStrands), until the amount is delivered, the send limit spent or the strands
 * dry. A payment without `tfPartialPayment` that delivers less is `tecPATH_PARTIAL`; nothing at
 * all is `tecPATH_DRY`.
 */

/** What a flow is asked. */
export interface FlowRequest {
  /** The view the flow changes when it succeeds (the transaction's sandbox). */
  view: Sandbox
  /** What to deliver (for offer crossing's `tfSell`: as much as possible). */
  deliver: LedgerAmount
  source: string
  destination: string
  /** Explicit paths (a Payment's `Paths`; offer crossing's native bridge). */
  paths: readonly (readonly PathElement[])[]
  /** Whether the default path is tried too (not with `tfNoRippleDirect`). */
  defaultPaths: boolean
  /** Deliver less than asked rather than fail. */
  partial: boolean
  /** Offer owners pay transfer fees on what they give (offer crossing). */
  ownerPaysTransferFee: boolean
  offerCrossing: OfferCrossing
  /** The worst quality taken (offer crossing's, a payment's `tfLimitQuality`). */
  limitQuality: Quality | null
  /** The most the source may spend, transfer fees included (null: what it has). */
  sendMax: LedgerAmount | null
  enabled(amendment: string): boolean
  /** Liquidity beside a book's offers (the AMM's, the simulator's market). */
  liquidity(book: Book, view: ReadView): readonly LiquiditySource[]
  /** Told of the strands and iterations as the flow runs (the AMM's `AMMContext`). */
  observer?: FlowObserver
}

/**
 * What a flow did: its result, what it took in and delivered, and the offers found unfunded or
 * expired that the caller may remove even though the flow failed.
 *
 * @example
 * ```ts
 * const { result, actualOut } = flow(request)
 * ```
 */
export interface FlowOutcome {
  result: string
  actualIn: LedgerAmount
  actualOut: LedgerAmount
  removable: ReadonlySet<string>
}

// rippled's limits on one flow: tries, and offers looked at once strands are sorted.
const MAX_TRIES = 1000
const MAX_OFFERS_CONSIDERED = 1500

// Amounts summed smallest first, as rippled's flat_multiset sums keep precision.
function sum(amounts: readonly LedgerAmount[], zero: LedgerAmount): LedgerAmount {
  if (amounts.length === 0) return zero
  const sorted = [...amounts].sort((a, b) => a.compare(b))
  return sorted.slice(1).reduce((total, amount) => total.plus(amount), sorted[0] as LedgerAmount)
}

interface StrandsOutcome {
  result: string
  in: LedgerAmount
  out: LedgerAmount
  sandbox: Sandbox | null
  removed: Set<string>
}

// rippled `ActiveStrands::activateNext` with FlowSortStrands: the strands still alive, best
// quality first (stable), those worse than the limit left out.
function sortStrands(view: ReadView, strands: readonly Step[][], limit: Quality | null) {
  if (strands.length <= 1) return [...strands]
  const ranked: Array<{ quality: Quality; strand: Step[] }> = []
  for (const strand of strands) {
    const quality = qualityUpperBound(view, strand)
    if (!quality || (limit && quality.worseThan(limit))) continue
    ranked.push({ quality, strand })
  }
  return ranked
    .map((entry, order) => ({ ...entry, order }))
    .sort((a, b) =>
      a.quality.value === b.quality.value
        ? a.order - b.order
        : a.quality.value < b.quality.value
          ? -1
          : 1,
    )
    .map((entry) => entry.strand)
}

// rippled `flow(baseView, strands, outReq, …)` (StrandFlow.h).
function flowStrands(
  base: ReadView,
  strands: readonly Step[][],
  request: FlowRequest,
  inAsset: LedgerAsset,
): StrandsOutcome {
  const { deliver: wanted, partial, offerCrossing, limitQuality } = request
  const sendMax = request.sendMax && request.sendMax.signum() >= 0 ? request.sendMax : null
  const zeroIn = LedgerAmount.zero(inAsset)
  const zeroOut = LedgerAmount.zero(wanted.asset)
  let remainingIn = sendMax
  let remainingOut = wanted
  const sandbox = createSandbox(base)
  let next: Step[][] = [...strands]
  const ins: LedgerAmount[] = []
  const outs: LedgerAmount[] = []
  const removedOnFailure = new Set<string>()
  let considered = 0
  let tries = 0
  request.observer?.strands(strands.length)
  const failure = (result: string, amounts?: { in: LedgerAmount; out: LedgerAmount }) => ({
    result,
    in: amounts?.in ?? zeroIn,
    out: amounts?.out ?? zeroOut,
    sandbox: null,
    removed: removedOnFailure,
  })

  while (remainingOut.signum() > 0 && (!remainingIn || remainingIn.signum() > 0)) {
    tries += 1
    if (tries >= MAX_TRIES) return failure('telFAILED_PROCESSING')
    const current = sortStrands(sandbox, next, limitQuality)
    next = []
    const removed = new Set<string>()
    let best: { in: LedgerAmount; out: LedgerAmount; sandbox: Sandbox } | null = null
    for (let index = 0; index < current.length; index += 1) {
      const strand = current[index] as Step[]
      if (offerCrossing !== 'no' && limitQuality) {
        const quality = qualityUpperBound(sandbox, strand)
        if (!quality || quality.worseThan(limitQuality)) continue
      }
      request.observer?.strandStart()
      const result = strandFlow(sandbox, strand, remainingIn, remainingOut)
      for (const offer of result.removed) removed.add(offer)
      considered += result.offersUsed
      if (!result.success || !result.out || !result.in || result.out.isZero()) continue
      const quality = Quality.of({ in: result.in, out: result.out })
      if (limitQuality && quality.worseThan(limitQuality)) continue
      if (!result.inactive) next.push(strand)
      best = { in: result.in, out: result.out, sandbox: result.sandbox as Sandbox }
      next.push(...current.slice(index + 1))
      break
    }
    const stop = !best || considered >= MAX_OFFERS_CONSIDERED
    if (best) {
      ins.push(best.in)
      outs.push(best.out)
      remainingOut = wanted.minus(sum(outs, zeroOut))
      if (sendMax) remainingIn = sendMax.minus(sum(ins, zeroIn))
      best.sandbox.applyTo(sandbox)
    }
    request.observer?.iterationEnd()
    for (const index of removed) {
      removedOnFailure.add(index)
      const offer = sandbox.peek(index) as Offer | undefined
      if (offer) deleteOffer(sandbox, offer)
    }
    if (stop) break
  }

  const actualOut = sum(outs, zeroOut)
  const actualIn = sum(ins, zeroIn)
  const fillOrKill = request.enabled('fixFillOrKill')
  if (!actualOut.eq(wanted)) {
    if (actualOut.gt(wanted)) return failure('tefEXCEPTION')
    if (!partial) {
      if (offerCrossing === 'no' || (fillOrKill && offerCrossing !== 'sell')) {
        return failure('tecPATH_PARTIAL', { in: actualIn, out: actualOut })
      }
    } else if (actualOut.isZero()) {
      return failure('tecPATH_DRY')
    }
  }
  // An offer that must fill or be killed spends all it may when it sells.
  if (offerCrossing !== 'no' && !partial && (!fillOrKill || offerCrossing === 'sell')) {
    if (remainingIn && !remainingIn.isZero()) {
      return failure('tecPATH_PARTIAL', { in: actualIn, out: actualOut })
    }
  }
  return { result: 'tesSUCCESS', in: actualIn, out: actualOut, sandbox, removed: removedOnFailure }
}

/**
 * Runs the payment engine (rippled `flow()` of Flow.cpp): the strands of the request's paths,
 * asked for `deliver`; on success their changes go to `request.view`. A path that cannot be built
 * answers its result (a `tem` code refuses the transaction; a `ter` one the caller turns into
 * `tecPATH_DRY`, as Payment.cpp does).
 *
 * @example
 * ```ts
 * const outcome = flow({ view, deliver, source, destination, paths: [], defaultPaths: true, … })
 * if (outcome.result === 'tesSUCCESS') context.deliver(outcome.actualOut.toJson())
 * ```
 */
export function flow(request: FlowRequest): FlowOutcome {
  const { deliver, source, sendMax } = request
  const inAsset: LedgerAsset =
    sendMax?.asset ??
    (deliver.native ? deliver.asset : { currency: deliver.asset.currency, issuer: source })
  const strands = toStrands(
    {
      view: request.view,
      source,
      destination: request.destination,
      deliver: deliver.asset,
      sendMax: sendMax?.asset ?? null,
      limitQuality: request.limitQuality,
      ownerPaysTransferFee: request.ownerPaysTransferFee,
      offerCrossing: request.offerCrossing,
      enabled: request.enabled,
      liquidity: request.liquidity,
    },
    request.paths,
    request.defaultPaths,
  )
  if (typeof strands === 'string') {
    return {
      result: strands,
      actualIn: LedgerAmount.zero(inAsset),
      actualOut: LedgerAmount.zero(deliver.asset),
      removable: new Set(),
    }
  }
  const outcome = flowStrands(request.view, strands, request, inAsset)
  if (outcome.result === 'tesSUCCESS') outcome.sandbox?.applyTo(request.view)
  return {
    result: outcome.result,
    // In the sent and the delivered asset whatever issuer the steps passed them through
    // (rippled `finishFlow`'s toSTAmount with srcIssue and dstIssue).
    actualIn: outcome.in.withAsset(inAsset),
    actualOut: outcome.out.withAsset(deliver.asset),
    removable: outcome.removed,
  }
}
