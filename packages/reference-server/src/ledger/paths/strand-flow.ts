import type { LedgerAmount } from '../amounts/ledger-amount'
import { composedQuality, Quality } from '../amounts/quality'
import type { ReadView } from '../state/read-view'
import { createSandbox, type Sandbox } from '../state/sandbox'
import { StrandFault } from './direct-step'
import type { DebtDirection, Step } from './step'

/**
 * One strand asked for an output (rippled src/xrpld/app/paths/detail/StrandFlow.h, the strand's
 * `flow`): each step backwards from the last, asked for what the step after it needs; a step
 * that gives less (or a first step that would take more than `maxIn`) limits the strand, is run
 * again on a fresh sandbox, and the steps after it run forwards from what it gives. The result
 * is what the strand took in and put out, and the sandbox holding its changes.
 */

/** What one strand did. */
export interface StrandResult {
  success: boolean
  in: LedgerAmount | null
  out: LedgerAmount | null
  sandbox: Sandbox | null
  /** Offers to remove whatever happens (found unfunded, expired…). */
  removed: Set<string>
  /** Offers its book steps looked at. */
  offersUsed: number
  /** A step used up the offers it may take: the strand is not asked again. */
  inactive: boolean
}

const usedBy = (strand: readonly Step[]) =>
  strand.reduce((total, step) => total + step.offersUsed(), 0)

/**
 * Asks `strand` for `out` over `base`, taking in at most `maxIn` (null: no bound).
 *
 * @example
 * ```ts
 * const result = strandFlow(sandbox, strand, sendMax, wanted)
 * if (result.success) result.sandbox?.applyTo(sandbox)
 * ```
 */
export function strandFlow(
  base: Sandbox,
  strand: readonly Step[],
  maxIn: LedgerAmount | null,
  out: LedgerAmount,
): StrandResult {
  const removed = new Set<string>()
  const failed = (): StrandResult => ({
    success: false,
    in: null,
    out: null,
    sandbox: null,
    removed,
    offersUsed: usedBy(strand),
    inactive: false,
  })
  if (strand.length === 0) return failed()
  // Native to native is no strand: the payment moves the drops itself.
  if (strand.length === 2 && strand.every((step) => step.kind === 'xrpEndpoint')) return failed()
  try {
    let limiting = strand.length
    let sandbox = createSandbox(base)
    let limitOut: LedgerAmount | null = null
    let stepOut = out
    for (let i = strand.length - 1; i >= 0; i -= 1) {
      const step = strand[i] as Step
      let result = step.rev(sandbox, removed, stepOut)
      if (result.out.isZero()) return failed()
      if (i === 0 && maxIn && maxIn.lt(result.in)) {
        // The first step would take more than may be spent: run it forwards from maxIn.
        sandbox = createSandbox(base)
        limiting = i
        result = step.fwd(sandbox, removed, maxIn)
        limitOut = result.out
        if (result.out.isZero() || !result.in.eq(maxIn)) return failed()
      } else if (!result.out.eq(stepOut)) {
        // This step limits: the ones after it asked for too much.
        sandbox = createSandbox(base)
        limiting = i
        stepOut = result.out
        result = step.rev(sandbox, removed, stepOut)
        limitOut = result.out
        if (result.out.isZero() || !result.out.eq(stepOut)) return failed()
      }
      stepOut = result.in
    }
    let stepIn = limitOut
    for (let i = limiting + 1; i < strand.length; i += 1) {
      const step = strand[i] as Step
      const result = step.fwd(sandbox, removed, stepIn as LedgerAmount)
      if (result.out.isZero() || !result.in.eq(stepIn as LedgerAmount)) return failed()
      stepIn = result.out
    }
    return {
      success: true,
      in: (strand[0] as Step).cachedIn(),
      out: (strand[strand.length - 1] as Step).cachedOut(),
      sandbox,
      removed,
      offersUsed: usedBy(strand),
      inactive: strand.some((step) => step.inactive()),
    }
  } catch (error) {
    if (error instanceof StrandFault) return failed()
    throw error
  }
}

/**
 * The best quality a strand can give now (rippled `qualityUpperBound`): its steps' best qualities
 * composed, or null when a step is dry.
 *
 * @example
 * ```ts
 * qualityUpperBound(view, strand)?.betterThan(limit)
 * ```
 */
export function qualityUpperBound(view: ReadView, strand: readonly Step[]): Quality | null {
  let quality = Quality.ONE
  let direction: DebtDirection = 'issues'
  for (const step of strand) {
    const bound = step.qualityUpperBound(view, direction)
    if (!bound.quality) return null
    quality = composedQuality(quality, bound.quality)
    direction = bound.direction
  }
  return quality
}
