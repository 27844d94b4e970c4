import type { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import type { Quality } from '../amounts/quality'
import type { ReadView } from '../state/read-view'
import type { Sandbox } from '../state/sandbox'
import type { Book } from '../view/order-book'

/**
 * The payment engine's steps (rippled src/xrpld/app/paths/detail/Steps.h): a strand is a list of
 * steps, each moving value one hop (a trust line, an order book, the native asset's ends), asked
 * backwards for an output (`rev`) and then forwards from the step that limited it (`fwd`).
 */

/** Whether a step's source issues the asset or redeems what it holds (rippled `DebtDirection`). */
export type DebtDirection = 'issues' | 'redeems'

/** Which pass asks a step (rippled `StrandDirection`). */
export type StrandDirection = 'forward' | 'reverse'

/** What a pass of a step moved: what it took in and what it put out. */
export interface StepFlow {
  in: LedgerAmount
  out: LedgerAmount
}

/**
 * One step of a strand (rippled `Step`). Its passes change `view`, a sandbox of the strand; the
 * offers it found that must go whatever happens are added to `remove`.
 *
 * @example
 * ```ts
 * const { in: needed } = step.rev(sandbox, remove, wanted)
 * ```
 */
export interface Step {
  /** What the step is, for the strand's own checks. */
  readonly kind: 'direct' | 'book' | 'xrpEndpoint'
  /** Names the step: two steps with one key are the same step (rippled `Step::equal`). */
  readonly key: string
  /** Moves what gives `out` (or as much as it can); the reverse pass. */
  rev(view: Sandbox, remove: Set<string>, out: LedgerAmount): StepFlow
  /** Moves what `input` gives (or as much as it takes); the forward pass. */
  fwd(view: Sandbox, remove: Set<string>, input: LedgerAmount): StepFlow
  /** What the last pass took in, or null before any. */
  cachedIn(): LedgerAmount | null
  /** What the last pass put out, or null before any. */
  cachedOut(): LedgerAmount | null
  /** Whether its source issues or redeems. */
  debtDirection(view: ReadView, direction: StrandDirection): DebtDirection
  /** The best quality it can give now (null: dry), and its debt direction. */
  qualityUpperBound(
    view: ReadView,
    previous: DebtDirection,
  ): { quality: Quality | null; direction: DebtDirection }
  /** The destination's QualityIn on a trust-line step, parity otherwise. */
  lineQualityIn(view: ReadView): number
  /** The source of a trust-line step, else null. */
  directStepSource(): string | null
  /** The two accounts a trust-line or native end step joins, else null. */
  directStepAccounts(): readonly [string, string] | null
  /** The book of a book step, else null. */
  bookStepBook(): Book | null
  /** Whether it used up the offers it may take (the strand is then left out, fix1515). */
  inactive(): boolean
  /** Offers it looked at in its last pass. */
  offersUsed(): number
}

/**
 * Offer crossing or a payment, and whether the crossing offer sells (rippled `OfferCrossing`).
 *
 * @example
 * ```ts
 * const crossing: OfferCrossing = 'sell'
 * ```
 */
export type OfferCrossing = 'no' | 'yes' | 'sell'

/**
 * What a step is built with (rippled `StrandContext`).
 *
 * @example
 * ```ts
 * const context: StrandContext = { view, strandSource, strandDestination, ... }
 * ```
 */
export interface StrandContext {
  readonly view: ReadView
  readonly strandSource: string
  readonly strandDestination: string
  /** The asset the strand delivers. */
  readonly deliver: LedgerAsset
  /** The worst quality an offer crossing takes. */
  readonly limitQuality: Quality | null
  readonly isFirst: boolean
  readonly isLast: boolean
  /** Offer crossing: the offer's owner pays transfer fees on what its offers give. */
  readonly ownerPaysTransferFee: boolean
  readonly offerCrossing: OfferCrossing
  /** No explicit path: the strand is the default one. */
  readonly isDefaultPath: boolean
  /** The step before this one, or null for the first. */
  readonly previous: Step | null
  /** The assets each trust-line step sent and received so far (loops are refused). */
  readonly seenDirect: readonly [Set<string>, Set<string>]
  /** The assets each book step put out so far. */
  readonly seenBookOuts: Set<string>
  /** Whether an amendment is on (fixReducedOffersV1…). */
  enabled(amendment: string): boolean
  /** Liquidity beside a book's offers for a book step (the AMM's, the simulator's market). */
  liquidity(book: Book, view: ReadView): readonly LiquiditySource[]
}

/**
 * One offer a book step may take: an `Offer` of the order book, or a synthetic one a liquidity
 * source makes (rippled `TOffer`, `AMMOffer`).
 *
 * @example
 * ```ts
 * const taken = offer.limitOut(offer.amounts(), wanted, true)
 * ```
 */
export interface StepOffer {
  /** Who receives what goes in and gives what comes out. */
  readonly owner: string
  /** Its ledger index when it is an `Offer` entry (null for a synthetic one). */
  readonly key: string | null
  readonly quality: Quality
  /** What it offers now: `in` what its taker pays, `out` what it gets. */
  amounts(): { in: LedgerAmount; out: LedgerAmount }
  /** Its owner issues what it gives (its funds have no bound). */
  readonly selfFunded: boolean
  /** The part of `amounts` that puts out at most `limit` (rippled `limitOut`). */
  limitOut(
    amounts: { in: LedgerAmount; out: LedgerAmount },
    limit: LedgerAmount,
    roundUp: boolean,
  ): { in: LedgerAmount; out: LedgerAmount }
  /** The part of `amounts` that takes in at most `limit` (rippled `limitIn`). */
  limitIn(
    amounts: { in: LedgerAmount; out: LedgerAmount },
    limit: LedgerAmount,
    roundUp: boolean,
  ): { in: LedgerAmount; out: LedgerAmount }
  /** The transfer rates it pays (an AMM pays none on what it gives). */
  adjustRates(inRate: number, outRate: number): readonly [number, number]
  /**
   * Moves what its taker pays to it and what it gives out of it: `paid` from the book's in
   * issuer to the owner, `gives` from the owner to the book's out issuer (rippled
   * `BookStep::consumeOffer`'s two sends); a result other than `tesSUCCESS` stops the strand.
   */
  transfer(view: Sandbox, book: Book, paid: LedgerAmount, gives: LedgerAmount): string
  /** Records that `taken` of it was taken (an `Offer`'s amounts shrink). */
  consume(view: Sandbox, taken: { in: LedgerAmount; out: LedgerAmount }): void
  /** Whether nothing is left of it. */
  fullyConsumed(): boolean
}

/**
 * A source of liquidity a book step asks beside the order book's own offers (rippled's
 * `AMMLiquidity`): for an offer at a quality better than the book's tip (`tip`, null when the
 * book has none), or null when it has none that good. A book step takes at most one such offer
 * per pass, before the book's offers at the tip's quality. The AMM plugs in here.
 *
 * @example
 * ```ts
 * const amm: LiquiditySource = { offer: (view, tip) => ammOffer(view, pool, tip) }
 * ```
 */
export interface LiquiditySource {
  offer(view: ReadView, tip: Quality | null): StepOffer | null
}

/**
 * What a flow tells the liquidity beside its books as it runs (rippled `AMMContext`, set by
 * Flow.cpp and StrandFlow.h): how many strands it has, that a strand is about to run, that an
 * iteration ended. The AMM sizes its offers by it (one path or several) and stops after 30
 * iterations that used it.
 *
 * @example
 * ```ts
 * flow({ ..., observer: context, liquidity: ammLiquidity(sender, null, context, enabled) })
 * ```
 */
export interface FlowObserver {
  strands(count: number): void
  strandStart(): void
  iterationEnd(): void
}
