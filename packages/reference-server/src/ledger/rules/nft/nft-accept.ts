import type { LedgerAmount } from '../../amounts/ledger-amount'
import { isIssued, sameAsset } from '../../amounts/ledger-asset'
import { multiplyRate } from '../../amounts/transfer-rate'
import { readAccount } from '../../state/account-root'
import { isLedgerIndex, rippleStateIndex } from '../../state/keylets'
import { LSF, ZERO_HASH } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { accountFunds } from '../../view/account-holds'
import { expiredRefusal } from '../../view/expiration'
import { reserveRefusal } from '../../view/owned-objects'

// The rules follow rippled's NFTokenAcceptOffer.cpp.
const SOURCE = 'NFTokenAcceptOffer.cpp'

import type { Verdict } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { type OfferAmount, offerAmount, pay } from './nft-funds'
import {
  deleteOffer,
  hasOtherFlags,
  isNFTokenOffer,
  isOfferAmount,
  type NFTokenOffer,
} from './nft-offers'
import { findToken, insertToken, removeToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf, nftokenTransferFeeOf } from './nftoken-id'

const isSell = (offer: Readonly<NFTokenOffer>) => (offer.Flags & LSF.NFTokenOffer.SellNFToken) !== 0

// An offer the transaction names, checked (`NFTokenAcceptOffer::preclaim` checkOffer).
function namedOffer(
  view: ReadView,
  id: unknown,
): { offer?: Readonly<NFTokenOffer>; refused?: Verdict } {
  if (id === undefined) return {}
  if (id === ZERO_HASH) return { refused: 'tecOBJECT_NOT_FOUND' }
  const offer = view.read(String(id))
  if (!isNFTokenOffer(offer)) return { refused: 'tecOBJECT_NOT_FOUND' }
  const expired = expiredRefusal(view, offer.Expiration, "the offer's", SOURCE)
  if (expired) return { refused: expired }
  if (offerAmount(offer.Amount).signum() < 0) return { refused: 'temBAD_OFFER' }
  return { offer }
}

// Brokered mode: the two offers must match and leave the seller what it asked after the broker's
// fee (fixNonFungibleTokensV1_2: no loop, a Destination must be the broker).
function brokeredRefusal(
  account: string,
  buy: Readonly<NFTokenOffer>,
  sell: Readonly<NFTokenOffer>,
  brokerFee: OfferAmount | undefined,
): string | null {
  if (buy.NFTokenID !== sell.NFTokenID) return 'tecNFTOKEN_BUY_SELL_MISMATCH'
  const offered = offerAmount(buy.Amount)
  const asked = offerAmount(sell.Amount)
  if (!sameAsset(offered.asset, asked.asset)) return 'tecNFTOKEN_BUY_SELL_MISMATCH'
  if (buy.Owner === sell.Owner) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  if (asked.gt(offered)) return 'tecINSUFFICIENT_PAYMENT'
  if (buy.Destination !== undefined && buy.Destination !== account) return 'tecNO_PERMISSION'
  if (sell.Destination !== undefined && sell.Destination !== account) return 'tecNO_PERMISSION'
  if (brokerFee === undefined) return null
  const fee = offerAmount(brokerFee)
  if (!sameAsset(fee.asset, offered.asset)) return 'tecNFTOKEN_BUY_SELL_MISMATCH'
  if (fee.gte(offered)) return 'tecINSUFFICIENT_PAYMENT'
  return asked.gt(offered.minus(fee)) ? 'tecINSUFFICIENT_PAYMENT' : null
}

function buyOfferRefusal(
  view: ReadView,
  account: string,
  buy: Readonly<NFTokenOffer>,
  brokered: boolean,
) {
  if (isSell(buy)) return 'tecNFTOKEN_OFFER_TYPE_MISMATCH'
  if (buy.Owner === account) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  if (!brokered) {
    if (!findToken(view, account, buy.NFTokenID)) return 'tecNO_PERMISSION'
    if (buy.Destination !== undefined && buy.Destination !== account) return 'tecNO_PERMISSION'
  }
  const price = offerAmount(buy.Amount)
  if (accountFunds(view, buy.Owner, price, 'zeroIfFrozen').lt(price)) return 'tecINSUFFICIENT_FUNDS'
  return null
}

function sellOfferRefusal(
  view: ReadView,
  account: string,
  sell: Readonly<NFTokenOffer>,
  brokered: boolean,
) {
  if (!isSell(sell)) return 'tecNFTOKEN_OFFER_TYPE_MISMATCH'
  if (sell.Owner === account) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  if (!findToken(view, sell.Owner, sell.NFTokenID)) return 'tecNO_PERMISSION'
  if (brokered) return null
  if (sell.Destination !== undefined && sell.Destination !== account) return 'tecNO_PERMISSION'
  const price = offerAmount(sell.Amount)
  return accountFunds(view, account, price, 'zeroIfFrozen').lt(price)
    ? 'tecINSUFFICIENT_FUNDS'
    : null
}

// A transfer fee in an issued asset needs the token issuer's trust line for it
// (fixEnforceNFTokenTrustline), unless the issuer issues that asset.
function feeLineRefusal(view: ReadView, offer: Readonly<NFTokenOffer>): string | null {
  const { NFTokenID: tokenId, Amount: amount } = offer
  if (!nftokenTransferFeeOf(tokenId) || (nftokenFlagsOf(tokenId) & NFT_FLAG.TrustLine) !== 0) {
    return null
  }
  if (!isIssued(amount)) return null
  const issuer = nftokenIssuerOf(tokenId)
  if (issuer === amount.issuer) return null
  return view.read(rippleStateIndex(issuer, amount.issuer, amount.currency)) ? null : 'tecNO_LINE'
}

// The issuer's cut of a sale: `amount` × the token's TransferFee as a rate (rippled
// `multiply(amount, nft::transferFeeAsRate(fee))`, a fee of n parts in 100,000 is n × 10,000 per
// billion).
const cutOf = (amount: LedgerAmount, tokenId: string) =>
  multiplyRate(amount, nftokenTransferFeeOf(tokenId) * 10_000)

// Moves the token from seller to buyer; a buyer whose owner count grows must keep the reserve
// out of what it has left (fixNFTokenReserve).
function transferToken(view: ApplyView, buyer: string, seller: string, tokenId: string): Verdict {
  const token = findToken(view, seller, tokenId)
  if (!token) return 'tecINTERNAL'
  const removed = removeToken(view, seller, tokenId)
  if (removed !== 'tesSUCCESS') return removed
  const before = readAccount(view, buyer)?.OwnerCount ?? 0
  const inserted = insertToken(view, buyer, token)
  const root = readAccount(view, buyer)
  if (!root) return 'tecINTERNAL'
  if (root.OwnerCount > before) {
    const short = reserveRefusal(view, BigInt(root.Balance), root.OwnerCount, SOURCE)
    if (short) return short
  }
  return inserted
}

// Pays the issuer's cut (unless the issuer buys or sells) and the rest to the seller.
function settle(
  view: ApplyView,
  sale: { buyer: string; seller: string; tokenId: string },
  price: LedgerAmount,
) {
  const { buyer, seller, tokenId } = sale
  let rest = price
  const issuer = nftokenIssuerOf(tokenId)
  if (!rest.isZero() && nftokenTransferFeeOf(tokenId) !== 0) {
    const cut = cutOf(rest, tokenId)
    if (!cut.isZero() && seller !== issuer && buyer !== issuer) {
      const paid = pay(view, buyer, issuer, cut)
      if (paid !== 'tesSUCCESS') return paid
      rest = rest.minus(cut)
    }
  }
  if (rest.signum() > 0) {
    const paid = pay(view, buyer, seller, rest)
    if (paid !== 'tesSUCCESS') return paid
  }
  return transferToken(view, buyer, seller, tokenId)
}

/**
 * NFTokenAcceptOffer (rippled `NFTokenAcceptOffer.cpp`, xrpl.org "NFTokenAcceptOffer"): takes a
 * sell offer (the sender buys), a buy offer (the sender sells a token it holds), or both
 * (brokered: the sender matches them and may keep `NFTokenBrokerFee`). The issuer is paid its
 * `TransferFee` share of every sale it is not part of (in brokered mode, of what is left after
 * the broker's fee); the seller gets the rest; both offers are removed and the token moves.
 *
 * @example
 * ```ts
 * nftokenAcceptOfferRules.preflight({}, context) // 'temMALFORMED'
 * ```
 */
export const nftokenAcceptOfferRules: TransactionRules = {
  amendment: 'NonFungibleTokensV1_1',
  preflight(tx) {
    if (hasOtherFlags(tx, 0)) return 'temINVALID_FLAG'
    const buy = tx.NFTokenBuyOffer
    const sell = tx.NFTokenSellOffer
    if (buy === undefined && sell === undefined) return 'temMALFORMED'
    if ([buy, sell].some((id) => id !== undefined && !isLedgerIndex(id))) return 'temMALFORMED'
    const fee = tx.NFTokenBrokerFee
    if (fee === undefined) return null
    if (buy === undefined || sell === undefined || !isOfferAmount(fee)) return 'temMALFORMED'
    return offerAmount(fee).signum() > 0 ? null : 'temMALFORMED'
  },
  preclaim(view, tx) {
    const account = String(tx.Account)
    const buy = namedOffer(view, tx.NFTokenBuyOffer)
    if (buy.refused) return buy.refused
    const sell = namedOffer(view, tx.NFTokenSellOffer)
    if (sell.refused) return sell.refused
    const brokered = buy.offer !== undefined && sell.offer !== undefined
    if (buy.offer && sell.offer) {
      const fee = tx.NFTokenBrokerFee as OfferAmount | undefined
      const refused = brokeredRefusal(account, buy.offer, sell.offer, fee)
      if (refused) return refused
    }
    if (buy.offer) {
      const refused = buyOfferRefusal(view, account, buy.offer, brokered)
      if (refused) return refused
    }
    if (sell.offer) {
      const refused = sellOfferRefusal(view, account, sell.offer, brokered)
      if (refused) return refused
    }
    const offer = buy.offer ?? sell.offer
    return offer ? feeLineRefusal(view, offer) : 'tecINTERNAL'
  },
  doApply({ view, tx }) {
    const account = String(tx.Account)
    const peekOffer = (id: unknown) => {
      const offer = id === undefined ? undefined : view.peek(String(id))
      return isNFTokenOffer(offer) ? offer : undefined
    }
    const buy = peekOffer(tx.NFTokenBuyOffer)
    const sell = peekOffer(tx.NFTokenSellOffer)
    if (buy) deleteOffer(view, buy)
    if (sell) deleteOffer(view, sell)
    if (buy && sell) {
      let price = offerAmount(buy.Amount)
      const brokerFee =
        tx.NFTokenBrokerFee === undefined
          ? undefined
          : offerAmount(tx.NFTokenBrokerFee as OfferAmount)
      if (brokerFee !== undefined && !brokerFee.isZero()) {
        const paid = pay(view, buy.Owner, account, brokerFee)
        if (paid !== 'tesSUCCESS') return paid
        price = price.minus(brokerFee)
      }
      return settle(view, { buyer: buy.Owner, seller: sell.Owner, tokenId: sell.NFTokenID }, price)
    }
    const offer = buy ?? sell
    if (!offer) return 'tecINTERNAL'
    const sale = isSell(offer)
      ? { buyer: account, seller: offer.Owner, tokenId: offer.NFTokenID }
      : { buyer: offer.Owner, seller: account, tokenId: offer.NFTokenID }
    return settle(view, sale, offerAmount(offer.Amount))
  },
}
