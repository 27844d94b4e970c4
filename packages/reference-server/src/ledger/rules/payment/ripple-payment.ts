import { LedgerAmount } from '../../amounts/ledger-amount'
import { isIssued } from '../../amounts/ledger-asset'
import { Quality } from '../../amounts/quality'
import { flow } from '../../paths/flow'
import { paymentLiquidity } from '../../paths/payment-liquidity'
import { readAccount } from '../../state/account-root'
import { refuse, type Verdict } from '../../view/refusal'
import { paymentDepositResult } from '../common/deposit-authorization'
import type { ApplyContext } from '../transaction-rules'
import { pathsOf } from './payment-paths'

/**
 * Payment flags (rippled `TxFlags.h`): only along explicit paths (`tfNoRippleDirect`), deliver
 * what the payer can (`tfPartialPayment`, docs/protocol.md §8.3), no step worse than
 * `SendMax`/`Amount` (`tfLimitQuality`).
 *
 * @example
 * ```ts
 * const partial = { ...payment, Flags: TF_PAYMENT.PartialPayment, SendMax: amount }
 * ```
 */
export const TF_PAYMENT = Object.freeze({
  NoRippleDirect: 0x00010000,
  PartialPayment: 0x00020000,
  LimitQuality: 0x00040000,
})

/**
 * Applies a Payment that ripples (an issued `Amount`, a `SendMax`, or `Paths`; rippled
 * `Payment::doApply` through `RippleCalc` and `flow()`, docs/protocol.md §8.5): the destination
 * must exist (`tecNO_DST`) and accept deposits (`tecNO_PERMISSION`); the payment engine
 * (paths/flow.ts) delivers `Amount` along the default path and the explicit ones, spending at
 * most `SendMax` (without one, `Amount` in the sender's own issue); less than `Amount` is
 * `tecPATH_PARTIAL` unless partial (then at least `DeliverMin`, and `DeliveredAmount` says what
 * arrived); a path that cannot be built with a `ter` result, or no liquidity at all, is
 * `tecPATH_DRY`. Where a book has no offer at all, the simulator's market converts at its prices
 * **[ours]** (paths/market-liquidity.ts).
 *
 * @example
 * ```ts
 * if (movesIssuedAsset(tx)) return applyRipplePayment(context)
 * ```
 */
export function applyRipplePayment(context: ApplyContext): Verdict {
  const { view, tx, network } = context
  const native = network.native_asset
  const sender = String(tx.Account)
  const destination = String(tx.Destination)
  const receiver = readAccount(view, destination)
  if (!receiver) return 'tecNO_DST'
  // Deposit authorization (Payment::doApply): only preauthorized senders, no small-amount rule.
  const refused = paymentDepositResult(context, sender, receiver, null)
  if (refused) return refused
  const flags = typeof tx.Flags === 'number' ? tx.Flags : 0
  const deliver = LedgerAmount.fromJson(tx.Amount, native)
  const sendMax = tx.SendMax === undefined ? null : LedgerAmount.fromJson(tx.SendMax, native)
  const deliverMin =
    tx.DeliverMin === undefined ? null : LedgerAmount.fromJson(tx.DeliverMin, native)
  const limitQuality =
    (flags & TF_PAYMENT.LimitQuality) !== 0 && sendMax
      ? Quality.of({ in: sendMax, out: deliver })
      : null
  // rippled `getMaxSourceAmount`: without SendMax, Amount in the sender's own issue.
  const maxSource =
    sendMax ??
    (deliver.native
      ? deliver
      : deliver.withAsset({ currency: deliver.asset.currency, issuer: sender }))
  const outcome = flow({
    view,
    deliver,
    source: sender,
    destination,
    paths: pathsOf(tx),
    defaultPaths: (flags & TF_PAYMENT.NoRippleDirect) === 0,
    partial: (flags & TF_PAYMENT.PartialPayment) !== 0,
    ownerPaysTransferFee: false,
    offerCrossing: 'no',
    limitQuality,
    sendMax: maxSource,
    enabled: context.enabled,
    ...paymentLiquidity(context.price, native, context.enabled)(sender),
  })
  const { result, actualOut } = outcome
  const delivered = `${describe(actualOut)} of the Amount ${describe(deliver)}`
  if (result === 'tesSUCCESS') {
    if (actualOut.eq(deliver)) return result
    if (deliverMin && actualOut.lt(deliverMin)) {
      const detail = `the paths deliver ${delivered}, below the DeliverMin ${describe(deliverMin)}`
      return refuse('tecPATH_PARTIAL', 'deliver-min', detail, 'Payment.cpp')
    }
    context.deliver(actualOut.toJson())
    return result
  }
  if (result === 'tecPATH_PARTIAL') {
    const detail = `the paths deliver ${delivered}, spending at most ${describe(maxSource)}, and the payment is not partial`
    return refuse(result, 'path-partial', detail, 'StrandFlow.h')
  }
  if (result === 'tecPATH_DRY') {
    const detail = `no path delivers any of the Amount ${describe(deliver)}`
    return refuse(result, 'path-dry', detail, 'StrandFlow.h')
  }
  // A retry result costs the fee instead (Payment.cpp: "the user will be more careful").
  if (result.startsWith('ter')) {
    const detail = `no path can be built (${result}) to deliver ${describe(deliver)}`
    return refuse('tecPATH_DRY', 'path-unbuildable', detail, 'Payment.cpp')
  }
  return result
}

// An amount in words for a refusal: drops, or a value with its currency and issuer.
const describe = (amount: LedgerAmount): string =>
  amount.native
    ? `${amount.text()} drops`
    : `${amount.text()} ${amount.asset.currency}/${amount.asset.issuer}`

/**
 * Whether a Payment ripples (rippled `Payment::doApply` `bRipple`): an issued `Amount` or
 * `SendMax` (a native one with `Paths` or `SendMax` is refused in preflight), else it moves drops
 * directly.
 *
 * @example
 * ```ts
 * movesIssuedAsset({ Amount: '1000', SendMax: { currency: 'USD', issuer, value: '1' } }) // true
 * ```
 */
export function movesIssuedAsset(tx: { Amount?: unknown; SendMax?: unknown }): boolean {
  return isIssued(tx.Amount) || isIssued(tx.SendMax)
}
