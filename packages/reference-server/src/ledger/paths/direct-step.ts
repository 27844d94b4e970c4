import { mulRatio } from '../amounts/amount-arithmetic'
import { LedgerAmount } from '../amounts/ledger-amount'
import { getRate, Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { accountIdOf } from '../codec/account-ids'
import { readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { LSF, type RippleState } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'
import type { Sandbox } from '../state/sandbox'
import { accountHolds } from '../view/account-holds'
import { transferRate } from '../view/issuer-transfer-rate'
import { rippleCredit } from '../view/ripple-credit'
import type { DebtDirection, Step, StepFlow, StrandContext, StrandDirection } from './step'
import { checkFreeze, checkNoRipple, creditBalance, creditLimit } from './step-checks'

/**
 * A step along a trust line, `source` to `destination` in one currency (rippled
 * src/xrpld/app/paths/detail/DirectStep.cpp, `DirectIPaymentStep` and
 * `DirectIOfferCrossingStep`): the source redeems what it holds of the destination's currency or
 * issues its own, within the destination's limit; the destination's `QualityIn`, the source's
 * `QualityOut` and, issuing after a redeeming step, the source's transfer rate apply. Offer
 * crossing ignores line qualities, and on its last step the limit.
 */

interface Cache {
  in: LedgerAmount
  sourceToDestination: LedgerAmount
  out: LedgerAmount
  direction: DebtDirection
}

const higher = (a: string, b: string) => accountIdOf(a) > accountIdOf(b)
const SMALL_DIFFERENCE = LedgerAmount.of({ currency: 'USD', issuer: '' }, 1n, -9)

/**
 * Builds a trust-line step and checks it (rippled `make_DirectStepI`): the step, or the result
 * that refuses the strand (`temBAD_PATH`, `terNO_ACCOUNT`, `terNO_LINE`, `terNO_AUTH`,
 * `terNO_RIPPLE`, `temBAD_PATH_LOOP`, `tecPATH_DRY`).
 *
 * @example
 * ```ts
 * const step = directStep(context, sender, issuer, 'USD')
 * if (typeof step === 'string') return step
 * ```
 */
export function directStep(
  context: StrandContext,
  source: string,
  destination: string,
  currency: string,
): Step | string {
  const crossing = context.offerCrossing !== 'no'
  const { previous, isLast } = context
  const asset = (issuer: string) => ({ currency, issuer })
  let cache: Cache | null = null

  // rippled `DirectIPaymentStep::quality`: the destination's QualityIn or the source's
  // QualityOut on the line; parity without one, and always for offer crossing.
  const quality = (view: ReadView, way: 'in' | 'out'): number => {
    if (crossing || source === destination) return QUALITY_ONE
    const found = view.read(rippleStateIndex(destination, source, currency)) as
      | Readonly<RippleState>
      | undefined
    if (!found) return QUALITY_ONE
    const field =
      way === 'in'
        ? `${higher(destination, source) ? 'High' : 'Low'}QualityIn`
        : `${higher(source, destination) ? 'High' : 'Low'}QualityOut`
    const value = found[field]
    return typeof value === 'number' && value !== 0 ? value : QUALITY_ONE
  }

  // What can flow source → destination at the best quality: what the source holds of the
  // destination's currency (it redeems), else what the destination will still hold (it issues).
  const maxPaymentFlow = (view: ReadView): { max: LedgerAmount; direction: DebtDirection } => {
    const owed = accountHolds(view, source, asset(destination), 'ignoreFreeze')
    if (owed.signum() > 0) return { max: owed, direction: 'redeems' }
    return {
      max: creditLimit(view, destination, source, currency).plus(
        owed.withAsset(asset(destination)),
      ),
      direction: 'issues',
    }
  }

  // Offer crossing's last step takes what it is asked, whatever the line's limit.
  const maxFlow = (view: ReadView, desired: LedgerAmount) =>
    crossing && isLast ? { max: desired, direction: 'issues' as const } : maxPaymentFlow(view)

  const debtDirection = (view: ReadView, direction: StrandDirection): DebtDirection => {
    if (direction === 'forward' && cache) return cache.direction
    return accountHolds(view, source, asset(destination), 'ignoreFreeze').signum() > 0
      ? 'redeems'
      : 'issues'
  }

  const qualitiesRedeeming = (view: ReadView): [number, number] => {
    if (!previous) return [QUALITY_ONE, QUALITY_ONE]
    const previousIn = previous.lineQualityIn(view)
    const out = quality(view, 'out')
    return [Math.max(previousIn, out), QUALITY_ONE]
  }

  // A transfer rate when the source issues after a step that redeemed.
  const qualitiesIssuing = (view: ReadView, previousDirection: DebtDirection): [number, number] => {
    const out = previousDirection === 'redeems' ? transferRate(view, source) : QUALITY_ONE
    let into = quality(view, 'in')
    if (isLast && into > QUALITY_ONE) into = QUALITY_ONE
    return [out, into]
  }

  const qualities = (
    view: ReadView,
    direction: DebtDirection,
    strand: StrandDirection,
  ): [number, number] =>
    direction === 'redeems'
      ? qualitiesRedeeming(view)
      : qualitiesIssuing(view, previous ? previous.debtDirection(view, strand) : 'issues')

  const credit = (view: Sandbox, amount: LedgerAmount) => {
    const result = rippleCredit(view, source, destination, amount.withAsset(asset(destination)))
    if (result !== 'tesSUCCESS') throw new StrandFault(result)
  }

  const zero = LedgerAmount.zero(asset(destination))
  const dry = (direction: DebtDirection): StepFlow => {
    cache = { in: zero, sourceToDestination: zero, out: zero, direction }
    return { in: zero, out: zero }
  }

  // rippled `setCacheLimiting`: the forward pass keeps the reverse pass's output unless rounding
  // made a large difference.
  const setCacheLimiting = (fresh: Cache) => {
    const current = cache as Cache
    if (current.in.lt(fresh.in)) {
      const difference = fresh.in.minus(current.in)
      if (difference.gt(SMALL_DIFFERENCE.withAsset(difference.asset))) {
        const ratio =
          current.in.mantissa === 0n
            ? Number.POSITIVE_INFINITY
            : Number(fresh.in.mantissa) / Number(current.in.mantissa)
        if (fresh.in.exponent !== current.in.exponent || ratio > 1.01) {
          cache = fresh
          return
        }
      }
    }
    current.in = fresh.in
    if (fresh.sourceToDestination.lt(current.sourceToDestination)) {
      current.sourceToDestination = fresh.sourceToDestination
    }
    if (fresh.out.lt(current.out)) current.out = fresh.out
    current.direction = fresh.direction
  }

  const step: Step = {
    kind: 'direct',
    key: `direct ${source}>${destination} ${currency}`,
    rev(view, _remove, out) {
      cache = null
      const { max, direction } = maxFlow(view, out)
      const [sourceOut, destinationIn] = qualities(view, direction, 'reverse')
      if (max.signum() <= 0) return dry(direction)
      const sourceToDestination = mulRatio(out, QUALITY_ONE, destinationIn, true)
      if (sourceToDestination.lte(max)) {
        const input = mulRatio(sourceToDestination, sourceOut, QUALITY_ONE, true)
        cache = { in: input, sourceToDestination, out, direction }
        credit(view, sourceToDestination)
        return { in: input, out }
      }
      const input = mulRatio(max, sourceOut, QUALITY_ONE, true)
      const actualOut = mulRatio(max, destinationIn, QUALITY_ONE, false)
      cache = { in: input, sourceToDestination: max, out: actualOut, direction }
      credit(view, max)
      return { in: input, out: actualOut }
    },
    fwd(view, _remove, input) {
      const previousCache = cache as Cache
      const { max, direction } = maxFlow(view, previousCache.sourceToDestination)
      const [sourceOut, destinationIn] = qualities(view, direction, 'forward')
      if (max.signum() <= 0) return dry(direction)
      const sourceToDestination = mulRatio(input, QUALITY_ONE, sourceOut, false)
      if (sourceToDestination.lte(max)) {
        const out = mulRatio(sourceToDestination, destinationIn, QUALITY_ONE, false)
        setCacheLimiting({ in: input, sourceToDestination, out, direction })
      } else {
        const actualIn = mulRatio(max, sourceOut, QUALITY_ONE, true)
        const out = mulRatio(max, destinationIn, QUALITY_ONE, false)
        setCacheLimiting({ in: actualIn, sourceToDestination: max, out, direction })
      }
      const current = cache as Cache
      credit(view, current.sourceToDestination)
      return { in: current.in, out: current.out }
    },
    cachedIn: () => cache?.in ?? null,
    cachedOut: () => cache?.out ?? null,
    debtDirection,
    qualityUpperBound(view, previousDirection) {
      const direction = debtDirection(view, 'forward')
      const [sourceOut, destinationIn] =
        direction === 'redeems'
          ? qualitiesRedeeming(view)
          : qualitiesIssuing(view, previousDirection)
      const issue = asset(source)
      const rate = getRate(
        LedgerAmount.of(issue, BigInt(destinationIn)),
        LedgerAmount.of(issue, BigInt(sourceOut)),
      )
      return { quality: new Quality(rate), direction }
    },
    lineQualityIn: (view) => quality(view, 'in'),
    directStepSource: () => source,
    directStepAccounts: () => [source, destination] as const,
    bookStepBook: () => null,
    inactive: () => false,
    offersUsed: () => 0,
  }
  return check(context, source, destination, currency, crossing) ?? step
}

/**
 * A strand's failure found while it flows (rippled's `FlowException`): the strand is dry, its
 * changes discarded.
 *
 * @example
 * ```ts
 * if (result !== 'tesSUCCESS') throw new StrandFault(result)
 * ```
 */
export class StrandFault extends Error {
  constructor(readonly result: string) {
    super(`strand failed: ${result}`)
    this.name = 'StrandFault'
  }
}

// rippled `DirectStepI::check` and the payment's own (`DirectIPaymentStep::check`).
function check(
  context: StrandContext,
  source: string,
  destination: string,
  currency: string,
  crossing: boolean,
): string | null {
  const { view, previous } = context
  if (source === destination) return 'temBAD_PATH'
  const sourceRoot = readAccount(view, source)
  if (!sourceRoot) return 'terNO_ACCOUNT'
  if (!(context.isLast && context.isFirst)) {
    const frozen = checkFreeze(view, source, destination, currency)
    if (frozen) return frozen
  }
  const previousSource = previous?.directStepSource() ?? null
  if (previousSource !== null) {
    const noRipple = checkNoRipple(view, previousSource, source, destination, currency)
    if (noRipple) return noRipple
  }
  const sourceIssue = `${currency}/${source}`
  const destinationIssue = `${currency}/${destination}`
  // A book may put out the source's asset only as the step just before this one.
  const book = previous?.bookStepBook()
  if (context.seenBookOuts.has(sourceIssue) && book) {
    if (`${book.out.currency}/${book.out.issuer}` !== sourceIssue) return 'temBAD_PATH_LOOP'
  }
  const [sent, received] = context.seenDirect
  if (sent.has(sourceIssue) || received.has(destinationIssue)) return 'temBAD_PATH_LOOP'
  sent.add(sourceIssue)
  received.add(destinationIssue)
  if (crossing) return null
  const line = view.read(rippleStateIndex(source, destination, currency)) as
    | Readonly<RippleState>
    | undefined
  if (!line) return 'terNO_LINE'
  const authField = higher(source, destination) ? LSF.RippleState.HighAuth : LSF.RippleState.LowAuth
  const balanceZero = LedgerAmount.fromJson(line.Balance).isZero()
  if (
    (sourceRoot.Flags & LSF.AccountRoot.RequireAuth) !== 0 &&
    (line.Flags & authField) === 0 &&
    balanceZero
  ) {
    return 'terNO_AUTH'
  }
  if (previous?.bookStepBook()) {
    const noRipple = higher(source, destination)
      ? LSF.RippleState.HighNoRipple
      : LSF.RippleState.LowNoRipple
    if ((line.Flags & noRipple) !== 0) return 'terNO_RIPPLE'
  }
  const owed = creditBalance(view, destination, source, currency)
  if (owed.signum() <= 0) {
    const limit = creditLimit(view, destination, source, currency)
    if (owed.negated().gte(limit.withAsset(owed.asset))) return 'tecPATH_DRY'
  }
  return null
}
