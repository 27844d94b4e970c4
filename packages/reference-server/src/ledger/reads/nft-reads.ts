import { addressOfAccountId } from '../codec/account-ids'
import type { OfferAmount } from '../rules/nft/nft-funds'
import { isNFTokenOffer, type NFTokenOffer } from '../rules/nft/nft-offers'
import { type NFTokenPage, ownerTokenPages, readTokenPage } from '../rules/nft/nft-pages'
import {
  nftokenFlagsOf,
  nftokenIssuerOf,
  nftokenSerialOf,
  nftokenTaxonOf,
  nftokenTransferFeeOf,
} from '../rules/nft/nftoken-id'
import { directoryEntries } from '../state/directory'
import { isLedgerIndex, nftokenBuyOffersIndex, nftokenSellOffersIndex } from '../state/keylets'
import type { ObjectStore } from '../state/object-store'
import type { ReadView } from '../state/read-view'

/**
 * A page of a paged read: its size (every entry when left out; the node passes rippled's
 * `RPC::Tuning` range) and where it starts, the previous page's `marker`.
 */
export interface PageRequest {
  limit?: number
  marker?: string
}

/**
 * Why a paged read has no page: its `marker` names no entry of what it pages through
 * (`badMarker`), or there is nothing to page (`noOffers`: the token has no offer directory).
 */
export type PageMiss = 'badMarker' | 'noOffers'

/**
 * One token as `account_nfts` lists it: the page's fields plus the parts of the id.
 *
 * @example
 * ```ts
 * const nft: AccountNft = { Flags: 8, Issuer, NFTokenID, NFTokenTaxon: 0, nft_serial: 5 }
 * ```
 */
export interface AccountNft {
  Flags: number
  Issuer: string
  NFTokenID: string
  NFTokenTaxon: number
  URI?: string
  nft_serial: number
  TransferFee?: number
}

/** `account_nfts`'s result. */
export interface AccountNfts {
  account?: string
  account_nfts: AccountNft[]
  limit?: number
  marker?: string
}

/** One offer as `nft_sell_offers` and `nft_buy_offers` list it. */
export interface NftOfferEntry {
  nft_offer_index: string
  flags: number
  owner: string
  amount: OfferAmount
  destination?: string
  expiration?: number
}

/** `nft_sell_offers`/`nft_buy_offers`'s result. */
export interface NftOffers {
  nft_id: string
  offers: NftOfferEntry[]
  limit?: number
  marker?: string
}

const low96 = (id: string) => id.slice(40)

function nftEntry(token: { NFTokenID: string; URI?: string }): AccountNft {
  const id = token.NFTokenID
  const entry: AccountNft = {
    Flags: nftokenFlagsOf(id),
    Issuer: nftokenIssuerOf(id),
    NFTokenID: id,
    NFTokenTaxon: nftokenTaxonOf(id),
    ...(token.URI === undefined ? {} : { URI: token.URI }),
    nft_serial: nftokenSerialOf(id),
  }
  const fee = nftokenTransferFeeOf(id)
  if (fee !== 0) entry.TransferFee = fee
  return entry
}

/**
 * An account's tokens as `account_nfts` lists them (rippled `AccountObjects.cpp`
 * `doAccountNFTs`), page after page in the ledger's order; a full page ends with `marker`, the id
 * of its last token, where the next page resumes. `badMarker` when the marker is not one of the
 * account's tokens.
 *
 * @example
 * ```ts
 * const page = accountNfts(ledger.view('TESTNET'), address, { limit: 20 })
 * if (page !== 'badMarker') page.account_nfts.length
 * ```
 */
export function accountNfts(
  view: ReadView,
  account: string,
  request: PageRequest = {},
): AccountNfts | 'badMarker' {
  const { marker } = request
  if (marker !== undefined && !isLedgerIndex(marker.toUpperCase())) return 'badMarker'
  const limit = request.limit ?? Number.POSITIVE_INFINITY
  const from = marker?.toUpperCase()
  const nfts: AccountNft[] = []
  // Before the marker: tokens sorting below it are skipped, the marker itself found and skipped.
  let markerFound = from === undefined
  const beforeMarker = (id: string) => {
    if (markerFound || from === undefined) return false
    if (low96(id) < low96(from) || (low96(id) === low96(from) && id < from)) return true
    markerFound = id === from
    return markerFound
  }
  for (const page of pagesFrom(view, account, from)) {
    for (const { NFToken: token } of page.NFTokens) {
      if (beforeMarker(token.NFTokenID)) continue
      if (!markerFound) return 'badMarker'
      nfts.push(nftEntry(token))
      if (nfts.length === limit) return { account_nfts: nfts, limit, marker: token.NFTokenID }
    }
  }
  if (!markerFound) return 'badMarker'
  return { account_nfts: nfts, account }
}

// The owner's pages from the one that would hold `marker` (all of them without one).
function* pagesFrom(view: ReadView, owner: string, marker: string | undefined) {
  const start = marker === undefined ? undefined : readTokenPage(view, owner, marker)?.index
  if (marker !== undefined && start === undefined) return
  for (const page of ownerTokenPages(view, owner)) {
    if (start === undefined || page.index >= start) yield page
  }
}
function offerEntry(offer: Readonly<NFTokenOffer>): NftOfferEntry {
  return {
    nft_offer_index: offer.index,
    flags: offer.Flags,
    owner: offer.Owner,
    ...(offer.Destination === undefined ? {} : { destination: offer.Destination }),
    ...(offer.Expiration === undefined ? {} : { expiration: offer.Expiration }),
    amount: offer.Amount,
  }
}

// rippled's `enumerateNFTOffers`: the directory must exist (`noOffers`); a marker is an offer of
// this token, listed first, the page then holding up to `limit` offers in all; a full page's
// marker is the offer that starts the next one.
function nftOffers(
  view: ReadView,
  tokenId: string,
  directory: string,
  request: PageRequest,
): NftOffers | PageMiss {
  if (!view.read(directory)) return 'noOffers'
  const limit = request.limit ?? Number.POSITIVE_INFINITY
  const offers: Readonly<NFTokenOffer>[] = []
  let startAfter: string | undefined
  if (request.marker !== undefined) {
    const start = view.read(request.marker.toUpperCase())
    if (!isNFTokenOffer(start) || start.NFTokenID !== tokenId) return 'badMarker'
    offers.push(start)
    startAfter = start.index
  }
  const wanted = request.marker === undefined ? limit + 1 : limit
  let skipping = startAfter !== undefined
  for (const { index } of directoryEntries(view, directory)) {
    if (skipping) {
      skipping = index !== startAfter
      continue
    }
    const offer = view.read(index)
    if (isNFTokenOffer(offer)) offers.push(offer)
    if (offers.length === wanted) break
  }
  // A marker that is no entry of this directory (rippled `forEachItemAfter` fails).
  if (skipping) return 'badMarker'
  const result: NftOffers = { nft_id: tokenId, offers: offers.map(offerEntry) }
  if (offers.length === wanted) {
    const next = result.offers.pop() as NftOfferEntry
    result.limit = limit
    result.marker = next.nft_offer_index
  }
  return result
}

/**
 * A token's sell offers as `nft_sell_offers` lists them (rippled `NFTOffers.cpp`), in directory
 * order, paged as rippled does; `noOffers` when it has none.
 *
 * @example
 * ```ts
 * nftSellOffers(ledger.view('TESTNET'), tokenId)
 * ```
 */
export const nftSellOffers = (view: ReadView, tokenId: string, request: PageRequest = {}) =>
  nftOffers(view, tokenId.toUpperCase(), nftokenSellOffersIndex(tokenId), request)

/**
 * A token's buy offers as `nft_buy_offers` lists them (rippled `NFTOffers.cpp`), as
 * {@link nftSellOffers}.
 *
 * @example
 * ```ts
 * nftBuyOffers(ledger.view('TESTNET'), tokenId, { limit: 50 })
 * ```
 */
export const nftBuyOffers = (view: ReadView, tokenId: string, request: PageRequest = {}) =>
  nftOffers(view, tokenId.toUpperCase(), nftokenBuyOffersIndex(tokenId), request)

/**
 * Where a token is held: the network, its owner, and the token as `account_nfts` lists it.
 *
 * @example
 * ```ts
 * const held: HeldNFToken = { network: 'TESTNET', owner, ...nft }
 * ```
 */
export interface HeldNFToken extends AccountNft {
  network: string
  owner: string
}

/**
 * The holder of a token on one network's ledger, found among its NFTokenPages (no index of
 * tokens exists: rippled's pages are keyed by owner), or null.
 *
 * @example
 * ```ts
 * heldNFToken(objects, tokenId)?.owner
 * ```
 */
export function heldNFToken(
  view: ObjectStore,
  tokenId: string,
): Omit<HeldNFToken, 'network'> | null {
  for (const object of view.objects()) {
    if (object.LedgerEntryType !== 'NFTokenPage') continue
    const found = (object as NFTokenPage).NFTokens.find((t) => t.NFToken.NFTokenID === tokenId)
    if (!found) continue
    const owner = addressOfAccountId(Buffer.from(object.index.slice(0, 40), 'hex'))
    return { owner, ...nftEntry(found.NFToken) }
  }
  return null
}
