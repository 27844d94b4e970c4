import type { LedgerAmount } from '../amounts/ledger-amount'
import { type LedgerAsset, sameAsset } from '../amounts/ledger-asset'
import { Quality } from '../amounts/quality'
import type { ReadView } from '../state/read-view'
import { createSandbox } from '../state/sandbox'
import type { Book } from '../view/order-book'
import { flow } from './flow'
import type { FlowLiquidity } from './payment-liquidity'
import type { PathElement } from './strand-builder'

/**
 * The path search (rippled src/xrpld/app/paths/Pathfinder.cpp, PathRequest.cpp): for one asset
 * the source pays with, the candidate paths are the default one, the one through the native asset
 * (`[{currency: "XRP"}]`) between two tokens, and one through each asset a book takes the source
 * asset to and another book takes to the delivered asset (one hop deep). Each is asked alone,
 * through the payment engine (flow.ts, with the payment's own liquidity), what it can deliver and
 * at what quality; the best (rippled's `maxPaths`, 4) are then asked together for the whole
 * amount: what that costs is the alternative's `source_amount`.
 */

/** What one search is asked: who pays whom how much, with which asset. */
export interface PathSearch {
  readonly view: ReadView
  readonly source: string
  readonly destination: string
  /** What to deliver; `partial` delivers as much as the paths can (path_find's "-1"). */
  readonly deliver: LedgerAmount
  readonly partial: boolean
  /** The most to spend, in the asset paid with (what the source has, or the caller's limit). */
  readonly sendMax: LedgerAmount
  /** Every book a path may cross (the offers' books and each AMM pool's two). */
  readonly books: readonly Book[]
  enabled(amendment: string): boolean
  /** A flow's liquidity beside the books' offers, for the account that pays (payment-liquidity.ts). */
  liquidity(source: string): FlowLiquidity
}

/**
 * One way to pay: the paths to send (without the default path, which a Payment takes unless
 * `tfNoRippleDirect`), what it costs and what it delivers.
 *
 * @example
 * ```ts
 * const { paths, sourceAmount } = searchPaths(search) ?? fail()
 * ```
 */
export interface PathAlternative {
  paths: PathElement[][]
  sourceAmount: LedgerAmount
  deliveredAmount: LedgerAmount
}

// rippled PathRequest.cpp: at most four paths are handed back per source asset.
const MAX_PATHS = 4
const NATIVE_BRIDGE: PathElement[] = [{ currency: 'XRP' }]

const elementOf = (asset: LedgerAsset): PathElement =>
  asset.issuer === null ? { currency: 'XRP' } : { currency: asset.currency, issuer: asset.issuer }
const assetKey = (asset: LedgerAsset) =>
  asset.issuer === null ? 'XRP' : `${asset.currency}/${asset.issuer}`

// The candidate paths, the default one first (Pathfinder's path types, one hop deep).
function candidates(search: PathSearch): PathElement[][] {
  const { deliver, books } = search
  const pay = search.sendMax.asset
  const to = deliver.asset
  const paths: PathElement[][] = [[]]
  if (pay.issuer !== null && to.issuer !== null) paths.push(NATIVE_BRIDGE)
  const reachable = new Map<string, LedgerAsset>()
  for (const book of books) {
    if (sameAsset(book.in, pay) && book.out.issuer !== null) {
      reachable.set(assetKey(book.out), book.out)
    }
  }
  for (const book of books) {
    const middle = reachable.get(assetKey(book.in))
    if (!middle || !sameAsset(book.out, to) || sameAsset(middle, pay)) continue
    paths.push([elementOf(middle)])
  }
  return paths
}

// The payment engine on a throw-away view: what these paths deliver of `deliver`.
function tryPaths(
  search: PathSearch,
  paths: PathElement[][],
  withDefault: boolean,
  partial: boolean,
) {
  return flow({
    view: createSandbox(search.view),
    deliver: search.deliver,
    source: search.source,
    destination: search.destination,
    paths,
    defaultPaths: withDefault,
    partial,
    ownerPaysTransferFee: false,
    offerCrossing: 'no',
    limitQuality: null,
    sendMax: search.sendMax,
    enabled: search.enabled,
    ...search.liquidity(search.source),
  })
}

/**
 * The best way to pay `search.deliver` with `search.sendMax`'s asset (rippled Pathfinder `computePathRanks`
 * and `getBestPaths`, then PathRequest's full flow), or null when no path delivers all of it
 * (any of it when `partial`).
 *
 * @example
 * ```ts
 * searchPaths({ view, source, destination, deliver: usd10, partial: false, sendMax: eurHeld, books, enabled, liquidity })
 * ```
 */
export function searchPaths(search: PathSearch): PathAlternative | null {
  const ranked: Array<{ path: PathElement[]; quality: Quality; out: LedgerAmount }> = []
  for (const path of candidates(search)) {
    const outcome = tryPaths(search, path.length === 0 ? [] : [path], path.length === 0, true)
    if (outcome.result !== 'tesSUCCESS' || outcome.actualOut.signum() <= 0) continue
    const quality = Quality.of({ in: outcome.actualIn, out: outcome.actualOut })
    ranked.push({ path, quality, out: outcome.actualOut })
  }
  if (ranked.length === 0) return null
  // Best quality first, then the most delivered (Pathfinder's comparePathRank).
  ranked.sort((a, b) =>
    a.quality.value === b.quality.value
      ? b.out.compare(a.out)
      : a.quality.value < b.quality.value
        ? -1
        : 1,
  )
  const best = ranked.slice(0, MAX_PATHS)
  const withDefault = best.some((entry) => entry.path.length === 0)
  const paths = best.filter((entry) => entry.path.length > 0).map((entry) => entry.path)
  const outcome = tryPaths(search, paths, withDefault, search.partial)
  if (outcome.result !== 'tesSUCCESS' || outcome.actualOut.signum() <= 0) return null
  return { paths, sourceAmount: outcome.actualIn, deliveredAmount: outcome.actualOut }
}
