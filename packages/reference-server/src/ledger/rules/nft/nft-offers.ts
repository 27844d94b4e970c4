import { isIssued } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { peekAccount, readAccount } from '../../state/account-root'
import {
  type DescribeDirectory,
  dirInsert,
  dirRemove,
  uint64Json,
  uint64Of,
} from '../../state/directory'
import {
  directoryPageIndex,
  isLedgerIndex,
  nftokenBuyOffersIndex,
  nftokenOfferIndex,
  nftokenSellOffersIndex,
  rippleStateIndex,
} from '../../state/keylets'
import {
  type AccountRoot,
  type DirectoryNode,
  type LedgerObject,
  LSF,
} from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { accountFunds } from '../../view/account-holds'
import { expiredRefusal, hasExpired } from '../../view/expiration'
import { isFrozen } from '../../view/freeze'
import { LedgerFault } from '../../view/ledger-fault'
import { addOwnedObject, removeOwnedObject, reserveRefusal } from '../../view/owned-objects'
import type { Verdict } from '../../view/refusal'

import type { PreflightContext, TransactionRules } from '../transaction-rules'
import { type OfferAmount, offerAmount } from './nft-funds'
import { findToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf, nftokenTransferFeeOf } from './nftoken-id'

/**
 * An NFTokenOffer (xrpl.org "NFTokenOffer"): an offer to sell (`lsfSellNFToken`) or buy one
 * NFToken for `Amount`, in its owner's directory (`OwnerNode`) and the token's sell or buy offer
 * directory (`NFTokenOfferNode`).
 *
 * @example
 * ```ts
 * const offer = view.read(offerId) as NFTokenOffer | undefined
 * ```
 */
export interface NFTokenOffer extends LedgerObject {
  LedgerEntryType: 'NFTokenOffer'
  Owner: string
  NFTokenID: string
  Amount: OfferAmount
  OwnerNode: string
  NFTokenOfferNode: string
  Destination?: string
  Expiration?: number
}

/** Transaction flags every type accepts: tfFullyCanonicalSig and tfInnerBatchTxn (`tfUniversal`). */
export const TF_UNIVERSAL = 0x80000000 | 0x40000000
/** NFTokenCreateOffer's flag: an offer to sell (`tfSellNFToken`). */
export const TF_SELL_NFTOKEN = 0x00000001
/** Offers a transaction may cancel, and a burn removes (rippled `maxTokenOfferCancelCount`). */
export const MAX_NFT_OFFERS = 500
// Flags of a token's offer directories (rippled `lsfNFTokenBuyOffers`, `lsfNFTokenSellOffers`).
const BUY_OFFERS_DIRECTORY = 0x00000001
const SELL_OFFERS_DIRECTORY = 0x00000002

/**
 * A transaction's `Flags` as an unsigned number (absent = 0).
 *
 * @example
 * ```ts
 * flagsOf({ Flags: 1 }) // 1
 * ```
 */
export const flagsOf = (tx: JsonObject): number =>
  typeof tx.Flags === 'number' ? tx.Flags >>> 0 : 0

/**
 * Whether flags outside `allowed` (and the universal ones) are set: `temINVALID_FLAG`.
 *
 * @example
 * ```ts
 * if (hasOtherFlags(tx, TF_SELL_NFTOKEN)) return 'temINVALID_FLAG'
 * ```
 */
export const hasOtherFlags = (tx: JsonObject, allowed: number): boolean =>
  (flagsOf(tx) & ~(TF_UNIVERSAL | allowed)) !== 0

const isZero = (amount: OfferAmount) => offerAmount(amount).isZero()

/**
 * What an offer to create says: from NFTokenCreateOffer, or from an NFTokenMint with `Amount`
 * (always a sell offer).
 *
 * @example
 * ```ts
 * const spec: OfferSpec = { account, amount: '0', sell: true, nftFlags: 8 }
 * ```
 */
export interface OfferSpec {
  account: string
  amount: OfferAmount
  sell: boolean
  nftFlags: number
  destination?: string
  expiration?: number
  owner?: string
}

/**
 * The checks an offer passes alone (rippled `nft::tokenOfferCreatePreflight`): `temBAD_AMOUNT`
 * for a negative amount, an issued amount of an `tfOnlyXRP` token or a zero one, a zero buy offer;
 * `temBAD_EXPIRATION` for `Expiration: 0`; `temMALFORMED` for `Owner` on a sell offer or missing
 * on a buy offer, or an `Owner` or `Destination` that is the account itself.
 *
 * @example
 * ```ts
 * offerPreflight({ account, amount: '0', sell: false, nftFlags: 0, owner }) // 'temBAD_AMOUNT'
 * ```
 */
export function offerPreflight(spec: OfferSpec): string | null {
  const { amount } = spec
  if (offerAmount(amount).signum() < 0) return 'temBAD_AMOUNT'
  if (isIssued(amount) && ((spec.nftFlags & NFT_FLAG.OnlyXRP) !== 0 || isZero(amount))) {
    return 'temBAD_AMOUNT'
  }
  if (!spec.sell && isZero(amount)) return 'temBAD_AMOUNT'
  if (spec.expiration === 0) return 'temBAD_EXPIRATION'
  if ((spec.owner !== undefined) === spec.sell) return 'temMALFORMED'
  if (spec.owner === spec.account) return 'temMALFORMED'
  if (spec.destination !== undefined && spec.destination === spec.account) return 'temMALFORMED'
  return null
}

/**
 * The checks an offer passes against the ledger (rippled `nft::tokenOfferCreatePreclaim`): an
 * issued amount for a token with a transfer fee needs the token issuer's trust line
 * (`tecNO_LINE`, `tecNO_ISSUER`, `tecFROZEN`); a token not `tfTransferable` is offered only by its
 * issuer or authorized minter (`tefNFTOKEN_IS_NOT_TRANSFERABLE`); a buy offer needs funds
 * (`tecUNFUNDED_OFFER`); `Destination` and `Owner` must exist (`tecNO_DST`, `tecNO_TARGET`) and
 * accept incoming offers (`tecNO_PERMISSION`).
 *
 * @example
 * ```ts
 * offerPreclaim(view, spec, { issuer, transferFee: 0 }, context) // null
 * ```
 */
export function offerPreclaim(
  view: ReadView,
  spec: OfferSpec,
  token: { issuer: string; transferFee: number },
  context: PreflightContext,
): string | null {
  const { amount, account } = spec
  const { issuer } = token
  if ((spec.nftFlags & NFT_FLAG.TrustLine) === 0 && isIssued(amount) && token.transferFee) {
    if (!readAccount(view, issuer)) return 'tecNO_ISSUER'
    const line = view.read(rippleStateIndex(issuer, amount.issuer, amount.currency))
    // The currency's own issuer needs no line to take its fee (NFTokenMintOffer).
    const own = context.enabled('NFTokenMintOffer') && issuer === amount.issuer
    if (!own && !line) return 'tecNO_LINE'
    if (isFrozen(view, issuer, amount)) return 'tecFROZEN'
  }
  if (issuer !== account && (spec.nftFlags & NFT_FLAG.Transferable) === 0) {
    if (readAccount(view, issuer)?.NFTokenMinter !== account)
      return 'tefNFTOKEN_IS_NOT_TRANSFERABLE'
  }
  if (isIssued(amount) && isFrozen(view, account, amount)) return 'tecFROZEN'
  if (
    !spec.sell &&
    accountFunds(view, account, offerAmount(amount), 'zeroIfFrozen').signum() <= 0
  ) {
    return 'tecUNFUNDED_OFFER'
  }
  const disallows = (root: Readonly<AccountRoot>) =>
    (root.Flags & LSF.AccountRoot.DisallowIncomingNFTokenOffer) !== 0
  if (spec.destination !== undefined) {
    const destination = readAccount(view, spec.destination)
    if (!destination) return 'tecNO_DST'
    if (disallows(destination)) return 'tecNO_PERMISSION'
  }
  if (spec.owner !== undefined) {
    const owner = readAccount(view, spec.owner)
    if (!owner) return 'tecNO_TARGET'
    if (disallows(owner)) return 'tecNO_PERMISSION'
  }
  return null
}

const offersDirectory = (tokenId: string, sell: boolean) =>
  sell ? nftokenSellOffersIndex(tokenId) : nftokenBuyOffersIndex(tokenId)

const describeOffers =
  (tokenId: string, sell: boolean): DescribeDirectory =>
  (page) => {
    page.Flags = sell ? SELL_OFFERS_DIRECTORY : BUY_OFFERS_DIRECTORY
    page.NFTokenID = tokenId
  }

/**
 * Places an offer (rippled `nft::tokenOfferCreateApply`): `tecINSUFFICIENT_RESERVE` when the
 * balance before the fee cannot carry one more object; else an NFTokenOffer at
 * `keylet::nftoffer(account, sequence)` in the owner's directory and the token's sell or buy
 * directory, one more owned object. Returns `tesSUCCESS` or the refusal.
 *
 * @example
 * ```ts
 * placeOffer(view, spec, { tokenId, sequence: 5, priorBalance }) // 'tesSUCCESS'
 * ```
 */
export function placeOffer(
  view: ApplyView,
  spec: OfferSpec,
  at: { tokenId: string; sequence: number; priorBalance: bigint },
): Verdict {
  const { account, sell } = spec
  const root = peekAccount(view, account) as AccountRoot
  const short = reserveRefusal(view, at.priorBalance, root.OwnerCount + 1, 'NFTokenUtils.cpp')
  if (short) return short
  const index = nftokenOfferIndex(account, at.sequence)
  const offerNode = dirInsert(
    view,
    offersDirectory(at.tokenId, sell),
    index,
    describeOffers(at.tokenId, sell),
  )
  if (offerNode === null) return 'tecDIR_FULL'
  const offer: NFTokenOffer = {
    LedgerEntryType: 'NFTokenOffer',
    Flags: sell ? LSF.NFTokenOffer.SellNFToken : 0,
    Owner: account,
    NFTokenID: at.tokenId,
    Amount: spec.amount,
    OwnerNode: '0',
    NFTokenOfferNode: uint64Json(offerNode),
    index,
  }
  if (spec.expiration !== undefined) offer.Expiration = spec.expiration
  if (spec.destination !== undefined) offer.Destination = spec.destination
  return addOwnedObject(view, offer, { owner: root })
}

/**
 * Whether an object is an NFTokenOffer.
 *
 * @example
 * ```ts
 * if (isNFTokenOffer(object)) object.Owner
 * ```
 */
export const isNFTokenOffer = (
  object: Readonly<LedgerObject> | undefined,
): object is NFTokenOffer => object?.LedgerEntryType === 'NFTokenOffer'

/**
 * Removes a peeked offer (rippled `nft::deleteTokenOffer`): out of its owner's directory and the
 * token's offer directory, one owned object less. A directory that does not hold it is
 * `tefBAD_LEDGER` (thrown, view/ledger-fault.ts).
 *
 * @example
 * ```ts
 * deleteOffer(view, view.peek(offerId) as NFTokenOffer)
 * ```
 */
export function deleteOffer(view: ApplyView, offer: NFTokenOffer): void {
  const sell = (offer.Flags & LSF.NFTokenOffer.SellNFToken) !== 0
  const directory = offersDirectory(offer.NFTokenID, sell)
  if (!dirRemove(view, directory, uint64Of(offer.NFTokenOfferNode), offer.index, false)) {
    throw new LedgerFault(
      'tefBAD_LEDGER',
      `NFT offer ${offer.index} is not in its token's directory`,
    )
  }
  removeOwnedObject(view, offer, { owner: offer.Owner, keepRoot: false })
}

/**
 * Removes up to `limit` offers of a token's sell or buy directory, each page from its end
 * (rippled `nft::removeTokenOffersWithLimit`); returns how many it removed.
 *
 * @example
 * ```ts
 * removeTokenOffers(view, tokenId, true, 500)
 * ```
 */
export function removeTokenOffers(
  view: ApplyView,
  tokenId: string,
  sell: boolean,
  limit: number,
): number {
  const root = offersDirectory(tokenId, sell)
  let removed = 0
  let page = 0n
  while (removed < limit) {
    const node = view.peek(directoryPageIndex(root, page)) as DirectoryNode | undefined
    if (!node) break
    const next = uint64Of(node.IndexNext)
    for (const index of [...node.Indexes].reverse()) {
      const offer = view.peek(index)
      if (isNFTokenOffer(offer)) {
        deleteOffer(view, offer)
        removed += 1
      }
      if (removed === limit) break
    }
    if (next === 0n) break
    page = next
  }
  return removed
}

// The offer's sequence: its Sequence, or the ticket it used (rippled `SeqProxy::value`).
const sequenceOf = (tx: JsonObject) => Number(tx.TicketSequence ?? tx.Sequence)

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined)
const optionalNumber = (value: unknown) => (typeof value === 'number' ? value : undefined)

// The offer an NFTokenCreateOffer describes.
function createOfferSpec(tx: JsonObject): OfferSpec {
  return {
    account: String(tx.Account),
    amount: tx.Amount as OfferAmount,
    sell: (flagsOf(tx) & TF_SELL_NFTOKEN) !== 0,
    nftFlags: nftokenFlagsOf(String(tx.NFTokenID)),
    destination: optionalString(tx.Destination),
    expiration: optionalNumber(tx.Expiration),
    owner: optionalString(tx.Owner),
  }
}

/**
 * Whether a decoded amount is one the ledger holds: drops as a string, or an issued amount.
 *
 * @example
 * ```ts
 * isOfferAmount('1000') // true
 * ```
 */
export const isOfferAmount = (value: unknown): value is OfferAmount =>
  typeof value === 'string' || isIssued(value)

/**
 * NFTokenCreateOffer (rippled `NFTokenCreateOffer.cpp`, xrpl.org "NFTokenCreateOffer"): a sell
 * offer (`tfSellNFToken`) by the token's owner, or a buy offer naming the owner (`Owner`), for
 * `Amount`, optionally only for `Destination` and until `Expiration`. The token must be held by
 * the seller or `Owner` (`tecNO_ENTRY`); an expired offer is `tecEXPIRED`; then
 * {@link offerPreclaim} and {@link placeOffer}.
 *
 * @example
 * ```ts
 * nftokenCreateOfferRules.preflight({ ...tx, Amount: '0' }, context) // 'temBAD_AMOUNT' (a buy offer of nothing)
 * ```
 */
export const nftokenCreateOfferRules: TransactionRules = {
  source: 'NFTokenCreateOffer.cpp',
  amendment: 'NonFungibleTokensV1_1',
  flags: TF_SELL_NFTOKEN,
  preflight(tx) {
    if (!isLedgerIndex(tx.NFTokenID) || !isOfferAmount(tx.Amount)) return 'temMALFORMED'
    return offerPreflight(createOfferSpec(tx))
  },
  preclaim(view, tx, context) {
    const expired = expiredRefusal(view, tx.Expiration, "the offer's", 'NFTokenUtils.cpp')
    if (expired) return expired
    const spec = createOfferSpec(tx)
    const tokenId = String(tx.NFTokenID)
    const holder = spec.sell ? spec.account : String(spec.owner)
    if (!findToken(view, holder, tokenId)) return 'tecNO_ENTRY'
    const token = { issuer: nftokenIssuerOf(tokenId), transferFee: nftokenTransferFeeOf(tokenId) }
    return offerPreclaim(view, spec, token, context)
  },
  doApply({ view, tx, priorBalance }) {
    const at = { tokenId: String(tx.NFTokenID), sequence: sequenceOf(tx), priorBalance }
    return placeOffer(view, createOfferSpec(tx), at)
  },
}

/**
 * NFTokenCancelOffer (rippled `NFTokenCancelOffer.cpp`): removes the listed offers, 1 to 500
 * without duplicates (`temMALFORMED`). Each must be an NFTokenOffer the account owns, is the
 * `Destination` of, or that has expired (`tecNO_PERMISSION`); ids not in the ledger are skipped.
 *
 * @example
 * ```ts
 * nftokenCancelOfferRules.preflight({ NFTokenOffers: [] }, context) // 'temMALFORMED'
 * ```
 */
export const nftokenCancelOfferRules: TransactionRules = {
  source: 'NFTokenCancelOffer.cpp',
  amendment: 'NonFungibleTokensV1_1',
  flags: 0,
  preflight(tx) {
    const ids = tx.NFTokenOffers
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_NFT_OFFERS) {
      return 'temMALFORMED'
    }
    if (!ids.every(isLedgerIndex) || new Set(ids).size !== ids.length) return 'temMALFORMED'
    return null
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const refused = (tx.NFTokenOffers as string[]).some((id) => {
      const offer = view.read(id)
      if (!offer) return false
      if (!isNFTokenOffer(offer)) return true
      if (hasExpired(view, offer.Expiration)) return false
      return offer.Owner !== account && offer.Destination !== account
    })
    return refused ? 'tecNO_PERMISSION' : null
  },
  doApply({ view, tx }) {
    for (const id of tx.NFTokenOffers as string[]) {
      const offer = view.peek(id)
      if (isNFTokenOffer(offer)) deleteOffer(view, offer)
    }
    return 'tesSUCCESS'
  },
}
