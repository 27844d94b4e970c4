import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { type InOut, Quality } from '../amounts/quality'
import { QUALITY_ONE } from '../amounts/transfer-rate'
import { LedgerNumber } from '../number/ledger-number'
import { withRounding } from '../number/rounding-mode'
import type { ReadView } from '../state/read-view'
import { xrpLiquid } from '../view/account-holds'
import { type Book, bookBase, bookTip } from '../view/order-book'
import { accountSend, XRP_ACCOUNT } from '../view/ripple-credit'
import type { LiquiditySource, StepOffer } from './step'

/**
 * Price of one native unit in a currency (the rates lookup of docs/protocol.md §2), or null when
 * the simulator has none: the market pay-with-anything converts through (§8.5).
 *
 * @example
 * ```ts
 * const price: NativePrice = (currency, native) => (currency === 'USD' && native === 'XRP' ? 0.52 : null)
 * ```
 */
export type NativePrice = (currency: string, native: string) => number | null

/**
 * **[ours]** The simulator's market (docs/protocol.md §8.5): where a payment's book between the
 * native asset and a token has no offer at all, the token's issuer converts at the simulator's
 * price, as one offer of a liquidity source (paths/step.ts): the in asset's issuer takes what the
 * taker pays (the native asset: the out asset's issuer takes it), the out asset's issuer gives
 * what it delivers (the native asset: out of the in asset's issuer's spendable drops); no transfer
 * fee on either side. Payments only: offer crossing takes real offers alone.
 *
 * @example
 * ```ts
 * flow({ ..., liquidity: marketLiquidity(price, 'XRP') })
 * ```
 */
export function marketLiquidity(
  price: NativePrice,
  native: string,
): (book: Book, view: ReadView) => readonly LiquiditySource[] {
  return (book, view) => {
    // Only between the native asset and a token (two tokens meet through it, along a path that
    // names it: rippled's default path crosses the direct book only), and only where the order
    // book has no offer: a book's own price wins.
    if (book.in.issuer !== null && book.out.issuer !== null) return []
    if (bookTip(view, bookBase(book))) return []
    const rate = marketRate(price, book, native)
    if (!rate) return []
    return [{ offer: (at, tip) => (tip ? null : marketOffer(at, book, rate)) }]
  }
}

// What one unit of the out asset costs in the in asset, in the ledger's units (drops for the
// native asset), or null without prices.
function marketRate(price: NativePrice, book: Book, native: string): LedgerNumber | null {
  const perNative = (asset: LedgerAsset) =>
    asset.issuer === null ? 1 : price(asset.currency, native)
  const inPrice = perNative(book.in)
  const outPrice = perNative(book.out)
  if (!inPrice || !outPrice || !(inPrice > 0) || !(outPrice > 0)) return null
  const million = LedgerNumber.from(1_000_000)
  let rate = LedgerNumber.from(inPrice).div(LedgerNumber.from(outPrice))
  if (book.in.issuer === null) rate = rate.times(million)
  if (book.out.issuer === null) rate = rate.div(million)
  return rate
}

// The largest amount the market takes in at once, so what goes in stays an amount.
const MOST_IN_DROPS = LedgerNumber.from(10n ** 16n)
const MOST_OUT_ISSUED = LedgerNumber.from('1e30')

function marketOffer(view: ReadView, book: Book, rate: LedgerNumber): StepOffer | null {
  const inOwner = (book.in.issuer ?? book.out.issuer) as string
  const outOwner = (book.out.issuer ?? book.in.issuer) as string
  let most = book.out.issuer === null ? xrpLiquid(view, outOwner).toNumber() : MOST_OUT_ISSUED
  if (book.in.issuer === null) {
    const byIn = MOST_IN_DROPS.div(rate)
    if (byIn.lt(most)) most = byIn
  }
  const out = withRounding('towards_zero', () => LedgerAmount.fromNumber(book.out, most))
  if (out.signum() <= 0) return null
  const paid = withRounding('upward', () =>
    LedgerAmount.fromNumber(book.in, out.toNumber().times(rate)),
  )
  let amounts: InOut = { in: paid, out }
  const quality = Quality.of(amounts)
  return {
    owner: inOwner,
    key: null,
    quality,
    amounts: () => amounts,
    selfFunded: true,
    limitOut: (offered, limit) => quality.ceilOut(offered, limit),
    limitIn: (offered, limit) => quality.ceilIn(offered, limit),
    adjustRates: () => [QUALITY_ONE, QUALITY_ONE] as const,
    transfer(at, _book, given, gives) {
      const received = accountSend(at, book.in.issuer ?? XRP_ACCOUNT, inOwner, given)
      if (received !== 'tesSUCCESS') return received
      return accountSend(at, outOwner, book.out.issuer ?? XRP_ACCOUNT, gives)
    },
    consume(_at, taken) {
      amounts = { in: amounts.in.minus(taken.in), out: amounts.out.minus(taken.out) }
    },
    fullyConsumed: () => amounts.in.signum() <= 0 || amounts.out.signum() <= 0,
  }
}
