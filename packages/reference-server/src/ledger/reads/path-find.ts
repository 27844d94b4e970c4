import { type AmmEntry, ammAssets } from '../amm/amm-pool'
import { LedgerAmount } from '../amounts/ledger-amount'
import type { LedgerAsset } from '../amounts/ledger-asset'
import { type PathAlternative, searchPaths } from '../paths/path-search'
import type { FlowLiquidity } from '../paths/payment-liquidity'
import type { LedgerObject, RippleState } from '../state/ledger-object'
import type { ObjectStore } from '../state/object-store'
import { accountHolds } from '../view/account-holds'
import type { Book } from '../view/order-book'
import { ownerObjects } from './ledger-reads'

/**
 * What `ripple_path_find`, `path_find` and the wallet's pay-with ask (rippled
 * src/xrpld/rpc/handlers/RipplePathFind.cpp, PathFind.cpp, src/xrpld/app/paths/PathRequest.cpp):
 * for each asset the source could pay with, the best paths found by the payment engine's search
 * (paths/path-search.ts) and what they cost, on the open ledger.
 */

/** A path search request against one ledger. */
export interface PathFindRequest {
  source: string
  destination: string
  /** What to deliver; `partial` (destination_amount "-1" of path_find): as much as possible. */
  deliver: LedgerAmount
  partial: boolean
  /** The most to spend (`send_max`): its asset is then the only one searched. */
  sendMax: LedgerAmount | null
  /** The assets to pay with (`source_currencies`; an issuer of null on a token: any line). */
  sourceAssets: readonly LedgerAsset[] | null
  enabled(amendment: string): boolean
  /** A flow's liquidity beside the books' offers, for the account that pays (paths/payment-liquidity.ts). */
  liquidity(source: string): FlowLiquidity
}

const assetOf = (json: unknown): LedgerAsset =>
  typeof json === 'object' && json !== null
    ? {
        currency: String((json as { currency: unknown }).currency),
        issuer: String((json as { issuer: unknown }).issuer),
      }
    : { currency: 'XRP', issuer: null }

/**
 * The books each kind of ledger entry opens to a path (rippled Pathfinder's order books, which
 * count an AMM's pair as a book both ways): an `Offer`'s book, an `AMM`'s two.
 */
const BOOKS_OF: Record<string, (entry: Readonly<LedgerObject>) => Book[]> = {
  Offer: (offer) => [{ in: assetOf(offer.TakerPays), out: assetOf(offer.TakerGets) }],
  AMM: (amm) => {
    const [first, second] = ammAssets(amm as AmmEntry)
    return [
      { in: first, out: second },
      { in: second, out: first },
    ]
  },
}

// Every book of the ledger, once each.
function ledgerBooks(store: ObjectStore): Book[] {
  const books = new Map<string, Book>()
  const key = (asset: LedgerAsset) => `${asset.currency}/${asset.issuer ?? ''}`
  for (const entry of store.objects()) {
    const of = BOOKS_OF[String(entry.LedgerEntryType)]
    for (const book of of ? of(entry) : []) books.set(`${key(book.in)}>${key(book.out)}`, book)
  }
  return [...books.values()]
}

// A large amount of a token its own issuer pays with: the flow stops at what is needed.
const ISSUER_LIMIT = '1000000000000000e80'

// The assets the source can pay with (rippled `accountSourceCurrencies`): the native asset, each
// token it holds, and each it can issue (a peer trusts it); as the concrete line to spend.
function sourceAmounts(store: ObjectStore, request: PathFindRequest): LedgerAmount[] {
  const { source } = request
  const held = (asset: LedgerAsset): LedgerAmount =>
    asset.issuer === source
      ? LedgerAmount.fromJson({ currency: asset.currency, issuer: source, value: ISSUER_LIMIT })
      : accountHolds(store, source, asset, 'zeroIfFrozen')
  if (request.sendMax) return [request.sendMax]
  const lines: LedgerAsset[] = []
  for (const entry of ownerObjects(store, source)) {
    if (entry.LedgerEntryType !== 'RippleState') continue
    const line = entry as Readonly<RippleState>
    const low = line.LowLimit.issuer === source
    const peer = low ? line.HighLimit.issuer : line.LowLimit.issuer
    const currency = line.Balance.currency
    const balance = accountHolds(store, source, { currency, issuer: peer }, 'zeroIfFrozen')
    if (balance.signum() > 0) lines.push({ currency, issuer: peer })
    const peerLimit = low ? line.HighLimit.value : line.LowLimit.value
    if (balance.signum() <= 0 && Number(peerLimit) > 0) lines.push({ currency, issuer: source })
  }
  const wanted = request.sourceAssets
  const assets: LedgerAsset[] = [{ currency: 'XRP', issuer: null }, ...lines].filter(
    (asset) =>
      !wanted ||
      wanted.some((want) =>
        want.issuer === null && want.currency !== 'XRP'
          ? asset.issuer !== null && asset.currency === want.currency
          : asset.currency === want.currency && (asset.issuer ?? null) === want.issuer,
      ),
  )
  return assets.map(held).filter((amount) => amount.signum() > 0)
}

/**
 * The alternatives of a path search on the open ledger: one per asset the source can pay with
 * that delivers all of `deliver` (any of it when `partial`), best paths and cost each.
 *
 * @example
 * ```ts
 * findPaths(openLedger, { source, destination, deliver: usd10, partial: false, sendMax: null, sourceAssets: null, enabled, liquidity })
 * ```
 */
export function findPaths(store: ObjectStore, request: PathFindRequest): PathAlternative[] {
  const books = ledgerBooks(store)
  const alternatives: PathAlternative[] = []
  for (const sendMax of sourceAmounts(store, request)) {
    const found = searchPaths({ ...request, view: store, sendMax, books })
    if (found) alternatives.push(found)
  }
  return alternatives
}
