import { divide, multiply } from '../../amounts/amount-arithmetic'
import type { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { Quality } from '../../amounts/quality'
import { readAccount } from '../../state/account-root'
import type { ReadView } from '../../state/read-view'

// rippled `Quality::maxTickSize`: 15 significant digits, no rounding.
const MAX_TICK_SIZE = 15

// The smaller `TickSize` of the issuers of an offer's two assets, 15 when neither set one.
function tickSizeOf(view: ReadView, assets: readonly LedgerAsset[]): number {
  let size = MAX_TICK_SIZE
  for (const { issuer } of assets) {
    const tick = issuer === null ? undefined : readAccount(view, issuer)?.TickSize
    if (typeof tick === 'number') size = Math.min(size, tick)
  }
  return size
}

/**
 * An OfferCreate's amounts rounded to the tick size of its assets' issuers (rippled
 * `CreateOffer::applyGuts`, xrpl.org "Ticksize"): the quality TakerPays ÷ TakerGets rounded up to
 * that many significant digits, then the side that is not exact recomputed from it: TakerPays of
 * a `tfSell` offer, TakerGets of any other. Unchanged when neither issuer set a `TickSize`; null
 * when a side rounds to zero (the offer then does nothing, `tesSUCCESS`).
 *
 * @example
 * ```ts
 * roundToTickSize(view, { pays: usd('1'), gets: LedgerAmount.drops(3_000_000n) }, false)
 * // { pays: usd('1'), gets: 2_999_940 drops } with the USD issuer's TickSize 5
 * ```
 */
export function roundToTickSize(
  view: ReadView,
  terms: { pays: LedgerAmount; gets: LedgerAmount },
  sell: boolean,
): { pays: LedgerAmount; gets: LedgerAmount } | null {
  const { pays, gets } = terms
  const size = tickSizeOf(view, [pays.asset, gets.asset])
  if (size >= MAX_TICK_SIZE) return terms
  const rate = Quality.of({ in: pays, out: gets }).round(size).rate()
  const rounded = sell
    ? { gets, pays: multiply(gets, rate, pays.asset) }
    : { pays, gets: divide(pays, rate, gets.asset) }
  return rounded.pays.isZero() || rounded.gets.isZero() ? null : rounded
}
