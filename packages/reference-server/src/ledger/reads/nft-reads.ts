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
import { readAccount } from '../state/account-root'
import { directoryEntries } from '../state/directory'
import { isLedgerIndex, nftokenBuyOffersIndex, nftokenSellOffersIndex } from '../state/keylets'
import type { ObjectStore } from '../state/object-store'
import type { ReadView } from '../state/read-view'

/**
 * A node method's outcome: its `result`, or the rippled error it answers (`actNotFound`,
 * `objectNotFound`, `invalidParams` naming `field` when a parameter is the cause).
 *
 * @example
 * ```ts
 * const answer: NodeRead<AccountNfts> = { error: 'actNotFound' }
 * ```
 */
export type NodeRead<T> = { result: T } | { error: string; field?: string }

/** Paging parameters of a node method (already type-checked by the node). */
export interface PageRequest {
  limit?: number
  marker?: string
}

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

// rippled's `RPC::Tuning` ranges: a limit is clamped into them (an admin's is not: not modelled).
const clampLimit = (limit: number | undefined, min: number, standard: number, max: number) =>
  limit === undefined ? standard : Math.min(max, Math.max(min, limit))

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
 * `account_nfts` (rippled `AccountObjects.cpp` `doAccountNFTs`): the account's tokens page after
 * page in the ledger's order, `limit` 20 to 400 (default 100); a full answer ends with `marker`,
 * the id of its last token, where the next call resumes. A marker that is not one of the account's
 * tokens is `invalidParams`; an unknown account `actNotFound`.
 *
 * @example
 * ```ts
 * const answer = accountNfts(ledger.view('TESTNET'), address, { limit: 20 })
 * if ('result' in answer) answer.result.account_nfts.length
 * ```
 */
export function accountNfts(
  view: ReadView,
  account: string,
  request: PageRequest = {},
): NodeRead<AccountNfts> {
  if (!readAccount(view, account)) return { error: 'actNotFound' }
  const { marker } = request
  if (marker !== undefined && !isLedgerIndex(marker.toUpperCase())) {
    return { error: 'invalidParams', field: 'marker' }
  }
  const limit = clampLimit(request.limit, 20, 100, 400)
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
      if (!markerFound) return { error: 'invalidParams', field: 'marker' }
      nfts.push(nftEntry(token))
      if (nfts.length === limit) {
        return { result: { account_nfts: nfts, limit, marker: token.NFTokenID } }
      }
    }
  }
  if (!markerFound) return { error: 'invalidParams', field: 'marker' }
  return { result: { account_nfts: nfts, account } }
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

// rippled's `enumerateNFTOffers`: the directory must exist (`objectNotFound`); `limit` 50 to 500
// (default 250); a marker is an offer of this token, listed first, the page then holding up to
// `limit` offers in all; a full page's marker is the offer that starts the next one.
function nftOffers(
  view: ReadView,
  tokenId: string,
  directory: string,
  request: PageRequest,
): NodeRead<NftOffers> {
  if (!view.read(directory)) return { error: 'objectNotFound' }
  const limit = clampLimit(request.limit, 50, 250, 500)
  const offers: Readonly<NFTokenOffer>[] = []
  let startAfter: string | undefined
  if (request.marker !== undefined) {
    const start = view.read(request.marker.toUpperCase())
    if (!isNFTokenOffer(start) || start.NFTokenID !== tokenId) return { error: 'invalidParams' }
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
  if (skipping) return { error: 'invalidParams' }
  const result: NftOffers = { nft_id: tokenId, offers: offers.map(offerEntry) }
  if (offers.length === wanted) {
    const next = result.offers.pop() as NftOfferEntry
    result.limit = limit
    result.marker = next.nft_offer_index
  }
  return { result }
}

/**
 * `nft_sell_offers` (rippled `NFTOffers.cpp`): the token's sell offers in directory order, paged
 * as rippled does; `objectNotFound` when it has none.
 *
 * @example
 * ```ts
 * nftSellOffers(ledger.view('TESTNET'), tokenId)
 * ```
 */
export const nftSellOffers = (view: ReadView, tokenId: string, request: PageRequest = {}) =>
  nftOffers(view, tokenId.toUpperCase(), nftokenSellOffersIndex(tokenId), request)

/**
 * `nft_buy_offers` (rippled `NFTOffers.cpp`): the token's buy offers, as {@link nftSellOffers}.
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
