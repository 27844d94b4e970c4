import type { BookAmount } from '../../amounts/book-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import { readAccount } from '../../state/account-root'
import type { ReadView } from '../../state/read-view'
import { divideByQuality, multiplyByQuality, offerQuality, roundQuality } from './offer-quality'

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
 * roundToTickSize(view, { pays: usd('1'), gets: drops(3_000_000) }, false)
 * // { pays: usd('1'), gets: drops(2_999_940) } with the USD issuer's TickSize 5
 * ```
 */
export function roundToTickSize(
  view: ReadView,
  terms: { pays: BookAmount; gets: BookAmount },
  sell: boolean,
): { pays: BookAmount; gets: BookAmount } | null {
  const { pays, gets } = terms
  const size = tickSizeOf(view, [pays.asset, gets.asset])
  if (size >= MAX_TICK_SIZE) return terms
  const quality = roundQuality(offerQuality(pays, gets), size)
  const rounded = sell
    ? {
        gets,
        pays: { ...pays, value: multiplyByQuality(gets, quality, pays.asset.issuer === null) },
      }
    : { pays, gets: { ...gets, value: divideByQuality(pays, quality, gets.asset.issuer === null) } }
  return rounded.pays.value.isZero() || rounded.gets.value.isZero() ? null : rounded
}
