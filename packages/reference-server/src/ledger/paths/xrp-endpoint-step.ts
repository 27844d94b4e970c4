import { LedgerAmount } from '../amounts/ledger-amount'
import { Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import type { Sandbox } from '../state/sandbox'
import { xrpLiquid } from '../view/account-holds'
import { accountSend, XRP_ACCOUNT } from '../view/ripple-credit'
import type { Step, StepFlow, StrandContext } from './step'
import { checkFreeze } from './step-checks'

/**
 * A strand's native end (rippled src/xrpld/app/paths/detail/XRPEndpointStep.cpp): the first step
 * takes the sender's spendable drops to the engine's pass-through account, the last gives them to
 * the receiver. Crossing an offer may spend into the reserve of a trust line the taker does not
 * have yet (`XRPEndpointOfferCrossingStep`).
 *
 * @example
 * ```ts
 * const step = xrpEndpointStep(context, sender)
 * ```
 */
export function xrpEndpointStep(context: StrandContext, account: string): Step | string {
  const { isLast, view } = context
  const deliver = context.deliver
  const reserveReduction =
    context.offerCrossing !== 'no' &&
    context.isFirst &&
    deliver.issuer !== null &&
    !view.read(rippleStateIndex(account, deliver.issuer, deliver.currency))
      ? -1
      : 0
  const native = { currency: 'XRP', issuer: null }
  let cache: LedgerAmount | null = null
  const [source, destination] = isLast ? [XRP_ACCOUNT, account] : [account, XRP_ACCOUNT]

  const move = (sandbox: Sandbox, wanted: LedgerAmount): StepFlow => {
    const balance = xrpLiquid(sandbox, account, reserveReduction)
    const result = isLast || wanted.lt(balance) ? wanted : balance
    if (accountSend(sandbox, source, destination, result.withAsset(native)) !== 'tesSUCCESS') {
      const zero = LedgerAmount.drops(0n)
      return { in: zero, out: zero }
    }
    cache = result
    return { in: result, out: result }
  }

  const step: Step = {
    kind: 'xrpEndpoint',
    key: `native ${source}>${destination}`,
    rev: (sandbox, _remove, out) => move(sandbox, out),
    fwd: (sandbox, _remove, input) => move(sandbox, input),
    cachedIn: () => cache,
    cachedOut: () => cache,
    debtDirection: () => 'issues',
    qualityUpperBound: () => ({ quality: Quality.ONE, direction: 'issues' }),
    lineQualityIn: () => QUALITY_ONE,
    directStepSource: () => null,
    directStepAccounts: () => [source, destination] as const,
    bookStepBook: () => null,
    inactive: () => false,
    offersUsed: () => 0,
  }
  if (!readAccount(view, account)) return 'terNO_ACCOUNT'
  if (!context.isFirst && !isLast) return 'temBAD_PATH'
  const frozen = checkFreeze(view, source, destination, 'XRP')
  if (frozen) return frozen
  // fix1781: the native asset at most once at each end.
  const seen = context.seenDirect[isLast ? 0 : 1]
  if (seen.has('XRP')) return 'temBAD_PATH_LOOP'
  seen.add('XRP')
  return step
}
