import { amountJson, type BookAmount } from '../../amounts/book-amount'
import { IssuedValue } from '../../amounts/issued-value'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import type { ApplyView, ReadView } from '../../state/read-view'
import { createSandbox } from '../../state/sandbox'
import { accountFunds } from '../common/offer-funds'
import { cross } from '../dex/offer-crossing'
import { bookBase, bookTip } from '../dex/order-book'
import type { ApplyContext } from '../transaction-rules'

/**
 * Payments that convert through the order book (rippled's flow with one book step, or two
 * bridged through the native asset; docs/protocol.md §8.5, §8.7): pay-with-anything takes the
 * book's offers where the book has any, and only where it has none falls back to the simulator's
 * prices.
 */

/**
 * Whether the book (or the native bridge between two issued assets) has offers that sell
 * `deliver` for `pay`.
 *
 * @example
 * ```ts
 * hasBook(view, { currency: 'XRP', issuer: null }, usd, 'XRP') // true once someone sells USD for XRP
 * ```
 */
export function hasBook(
  view: ReadView,
  pay: LedgerAsset,
  deliver: LedgerAsset,
  native: string,
): boolean {
  if (bookTip(view, bookBase({ in: pay, out: deliver }))) return true
  if (pay.issuer === null || deliver.issuer === null) return false
  const bridge: LedgerAsset = { currency: native, issuer: null }
  return (
    bookTip(view, bookBase({ in: pay, out: bridge })) !== undefined &&
    bookTip(view, bookBase({ in: bridge, out: deliver })) !== undefined
  )
}

/**
 * A payment through the book: what was delivered to the destination and what the sender spent
 * (transfer fees included), on `view`.
 *
 * @example
 * ```ts
 * const { delivered, spent } = payThroughBook(view, { sender, destination, pay, deliver, wanted, sendMax, native, now })
 * ```
 */
export function payThroughBook(
  view: ApplyView,
  before: ReadView,
  payment: {
    sender: string
    destination: string
    pay: LedgerAsset
    deliver: BookAmount
    sendMax: IssuedValue | null
    native: string
  },
): { delivered: IssuedValue; spent: IssuedValue } {
  const funds = accountFunds(view, payment.sender, payment.pay)
  const limits = [funds, payment.sendMax].filter((value): value is IssuedValue => value !== null)
  const crossed = cross(
    view,
    before,
    {
      account: payment.sender,
      in: payment.pay,
      out: payment.deliver.asset,
      wanted: payment.deliver.value,
      budget: limits.length === 0 ? null : IssuedValue.min(...limits),
      limitRate: null,
      deliverTo: payment.destination,
      now: view.info.parentCloseTime,
    },
    payment.native,
  )
  return { delivered: crossed.out, spent: crossed.in }
}

/**
 * What paying `amount` through the book would cost `account` in `pay` now (transfer fees
 * included), tried on a throwaway view of the open ledger; null when no book sells it.
 * The wallet simulator sets `SendMax` from it.
 *
 * @example
 * ```ts
 * bookQuote(openLedger, { account, pay: xrp, amount: usd5, native: 'XRP' }) // { cost: '10000000', filled: true }
 * ```
 */
export function bookQuote(
  view: ReadView,
  request: { account: string; pay: LedgerAsset; amount: BookAmount; native: string },
): { cost: string | ReturnType<typeof amountJson>; filled: boolean } | null {
  const { account, pay, amount, native } = request
  if (!hasBook(view, pay, amount.asset, native) || !readAccount(view, account)) return null
  const trial = createSandbox(view)
  // The quote delivers to the payer itself: no line of a destination to ask for.
  const { delivered, spent } = payThroughBook(trial, view, {
    sender: account,
    destination: account,
    pay,
    deliver: amount,
    sendMax: null,
    native,
  })
  return { cost: amountJson({ asset: pay, value: spent }), filled: delivered.gte(amount.value) }
}

/**
 * Applies a Payment whose `SendMax` is in another asset than `Amount` through the book (called
 * by issued-payment.ts when {@link hasBook}): the destination needs a line for an issued
 * `Amount` (or to be its issuer), else `tecPATH_DRY`; nothing taken → `tecPATH_DRY`; less than
 * `Amount` → `tecPATH_PARTIAL` unless `tfPartialPayment` (and then at least `DeliverMin`).
 *
 * @example
 * ```ts
 * if (hasBook(view, pay, deliver, native)) return applyBookPayment(context, plan)
 * ```
 */
export function applyBookPayment(
  context: ApplyContext,
  plan: {
    pay: LedgerAsset
    deliver: BookAmount
    sendMax: IssuedValue | null
    partial: boolean
    deliverMin: IssuedValue | null
  },
): string {
  const { view, tx, network } = context
  const destination = String(tx.Destination)
  const { asset } = plan.deliver
  if (!readAccount(view, destination)) return 'tecNO_DST'
  if (asset.issuer !== null && asset.issuer !== destination) {
    if (!view.read(rippleStateIndex(destination, asset.issuer, asset.currency)))
      return 'tecPATH_DRY'
  }
  const { delivered } = payThroughBook(view, context.before, {
    sender: String(tx.Account),
    destination,
    pay: plan.pay,
    deliver: plan.deliver,
    sendMax: plan.sendMax,
    native: network.native_asset,
  })
  if (delivered.lte(0)) return 'tecPATH_DRY'
  if (delivered.lt(plan.deliver.value)) {
    if (!plan.partial) return 'tecPATH_PARTIAL'
    if (plan.deliverMin && delivered.lt(plan.deliverMin)) return 'tecPATH_PARTIAL'
    context.deliver(amountJson({ asset, value: delivered }))
  }
  return 'tesSUCCESS'
}
