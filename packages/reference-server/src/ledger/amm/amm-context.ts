import type { FlowObserver } from '../paths/step'

/**
 * What the AMM knows of the flow it trades in (rippled src/xrpld/app/paths/AMMContext.h): whether
 * the flow has several strands (then its offers follow a Fibonacci sequence, AMMLiquidity.cpp
 * `generateFibSeqOffer`), and how many iterations used it: after 30 it offers no more.
 */

/** Iterations of one flow that may take an AMM offer (`AMMContext::MaxIterations`). */
export const AMM_MAX_ITERATIONS = 30

/** A flow's AMM context, told of the flow's strands and iterations as a {@link FlowObserver}. */
export interface AmmContext extends FlowObserver {
  /** The flow has more than one strand. */
  multiPath(): boolean
  /** Iterations that took an AMM offer so far. */
  iterations(): number
  /** An AMM offer was taken in this strand's run (`setAMMUsed`). */
  used(): void
  /** No more AMM offers in this flow (`maxItersReached`). */
  maxItersReached(): boolean
}

/**
 * A new context for one flow.
 *
 * @example
 * ```ts
 * const context = ammContext()
 * flow({ ..., observer: context, liquidity: ammLiquidity(sender, null, context, enabled) })
 * ```
 */
export function ammContext(): AmmContext {
  let multiPath = false
  let iterations = 0
  let used = false
  return {
    strands: (count) => {
      multiPath = count > 1
    },
    // `AMMContext::clear` before each strand runs.
    strandStart: () => {
      used = false
    },
    // `AMMContext::update` once an iteration's strands ran.
    iterationEnd: () => {
      if (used) iterations += 1
      used = false
    },
    multiPath: () => multiPath,
    iterations: () => iterations,
    used: () => {
      used = true
    },
    maxItersReached: () => iterations >= AMM_MAX_ITERATIONS,
  }
}
