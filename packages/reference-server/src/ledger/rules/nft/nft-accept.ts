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

import { type Refusal, refuse, type Verdict } from '../../view/refusal'
import type { TransactionRules } from '../transaction-rules'
import { type OfferAmount, offerAmount, pay } from './nft-funds'
import { deleteOffer, isNFTokenOffer, isOfferAmount, type NFTokenOffer } from './nft-offers'
import { findToken, insertToken, removeToken } from './nft-pages'
import { NFT_FLAG, nftokenFlagsOf, nftokenIssuerOf, nftokenTransferFeeOf } from './nftoken-id'

const isSell = (offer: Readonly<NFTokenOffer>) => (offer.Flags & LSF.NFTokenOffer.SellNFToken) !== 0

// A refusal of this file's rules.
const refused = (result: string, rule: string, detail: string): Refusal =>
  refuse(result, rule, detail, SOURCE)

// An offer's amount as a sentence shows it: drops, or value currency/issuer.
const shown = (amount: unknown): string => {
  if (typeof amount === 'string') return `${amount} drops`
  const { value, currency, issuer } = amount as { value: string; currency: string; issuer: string }
  return `${value} ${currency}/${issuer}`
}

const noOffer = (id: unknown) =>
  refused('tecOBJECT_NOT_FOUND', 'offer-missing', `no NFTokenOffer ${String(id)} in the ledger`)
const notPermitted = (detail: string) => refused('tecNO_PERMISSION', 'not-permitted', detail)
const ownOffer = (offer: Readonly<NFTokenOffer>) =>
  refused(
    'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER',
    'own-offer',
    `${offer.Owner} placed the offer ${offer.index} and cannot accept it`,
  )
const mismatch = (detail: string) =>
  refused('tecNFTOKEN_BUY_SELL_MISMATCH', 'offers-mismatch', detail)
const shortPayment = (detail: string) => refused('tecINSUFFICIENT_PAYMENT', 'payment-short', detail)
const wrongType = (offer: Readonly<NFTokenOffer>, named: string) =>
  refused(
    'tecNFTOKEN_OFFER_TYPE_MISMATCH',
    'offer-type',
    `${named} ${offer.index} is a ${isSell(offer) ? 'sell' : 'buy'} offer`,
  )
// The buyer cannot cover the price (accountFunds, zero if frozen).
const unfunded = (buyer: string, held: LedgerAmount, amount: unknown) =>
  refused(
    'tecINSUFFICIENT_FUNDS',
    'buyer-unfunded',
    `${buyer} has ${shown(held.toJson())} to pay with, less than the offer's ${shown(amount)}`,
  )

// An offer the transaction names, checked (`NFTokenAcceptOffer::preclaim` checkOffer).
function namedOffer(
  view: ReadView,
  id: unknown,
): { offer?: Readonly<NFTokenOffer>; refused?: Verdict } {
  if (id === undefined) return {}
  if (id === ZERO_HASH) return { refused: noOffer(id) }
  const offer = view.read(String(id))
  if (!isNFTokenOffer(offer)) return { refused: noOffer(id) }
  const expired = expiredRefusal(view, offer.Expiration, "the offer's", SOURCE)
  if (expired) return { refused: expired }
  if (offerAmount(offer.Amount).signum() < 0) {
    const detail = `the offer's Amount ${shown(offer.Amount)} is negative`
    return { refused: refused('temBAD_OFFER', 'offer-negative', detail) }
  }
  return { offer }
}

// Brokered mode: the two offers must match and leave the seller what it asked after the broker's
// fee (fixNonFungibleTokensV1_2: no loop, a Destination must be the broker).
function brokeredRefusal(
  account: string,
  buy: Readonly<NFTokenOffer>,
  sell: Readonly<NFTokenOffer>,
  brokerFee: OfferAmount | undefined,
): Refusal | null {
  if (buy.NFTokenID !== sell.NFTokenID) {
    return mismatch(`the buy offer is for ${buy.NFTokenID}, the sell offer for ${sell.NFTokenID}`)
  }
  const offered = offerAmount(buy.Amount)
  const asked = offerAmount(sell.Amount)
  if (!sameAsset(offered.asset, asked.asset)) {
    return mismatch(
      `the buy offer pays ${shown(buy.Amount)}, the sell offer asks ${shown(sell.Amount)}: not the same asset`,
    )
  }
  if (buy.Owner === sell.Owner) {
    return refused(
      'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER',
      'offers-loop',
      `${buy.Owner} placed both offers`,
    )
  }
  if (asked.gt(offered)) {
    return shortPayment(
      `the buy offer's ${shown(buy.Amount)} is less than the sell offer's ${shown(sell.Amount)}`,
    )
  }
  for (const [named, offer] of [
    ['buy', buy],
    ['sell', sell],
  ] as const) {
    if (offer.Destination !== undefined && offer.Destination !== account) {
      return notPermitted(
        `the ${named} offer's Destination is ${offer.Destination}, not the broker ${account}`,
      )
    }
  }
  if (brokerFee === undefined) return null
  const fee = offerAmount(brokerFee)
  if (!sameAsset(fee.asset, offered.asset)) {
    return mismatch(
      `NFTokenBrokerFee ${shown(brokerFee)} is not in the buy offer's asset (${shown(buy.Amount)})`,
    )
  }
  if (fee.gte(offered)) {
    return shortPayment(
      `NFTokenBrokerFee ${shown(brokerFee)} is not less than the buy offer's ${shown(buy.Amount)}`,
    )
  }
  if (!asked.gt(offered.minus(fee))) return null
  return shortPayment(
    `the buy offer's ${shown(buy.Amount)} less NFTokenBrokerFee ${shown(brokerFee)} is less than the sell offer's ${shown(sell.Amount)}`,
  )
}

function buyOfferRefusal(
  view: ReadView,
  account: string,
  buy: Readonly<NFTokenOffer>,
  brokered: boolean,
) {
  if (isSell(buy)) return wrongType(buy, 'NFTokenBuyOffer')
  if (buy.Owner === account) return ownOffer(buy)
  if (!brokered) {
    if (!findToken(view, account, buy.NFTokenID)) {
      return notPermitted(
        `${account} does not hold the token ${buy.NFTokenID} the buy offer asks for`,
      )
    }
    if (buy.Destination !== undefined && buy.Destination !== account) {
      return notPermitted(`the buy offer's Destination is ${buy.Destination}, not ${account}`)
    }
  }
  const price = offerAmount(buy.Amount)
  const held = accountFunds(view, buy.Owner, price, 'zeroIfFrozen')
  return held.lt(price) ? unfunded(buy.Owner, held, buy.Amount) : null
}

function sellOfferRefusal(
  view: ReadView,
  account: string,
  sell: Readonly<NFTokenOffer>,
  brokered: boolean,
) {
  if (!isSell(sell)) return wrongType(sell, 'NFTokenSellOffer')
  if (sell.Owner === account) return ownOffer(sell)
  if (!findToken(view, sell.Owner, sell.NFTokenID)) {
    return notPermitted(`the seller ${sell.Owner} no longer holds the token ${sell.NFTokenID}`)
  }
  if (brokered) return null
  if (sell.Destination !== undefined && sell.Destination !== account) {
    return notPermitted(`the sell offer's Destination is ${sell.Destination}, not ${account}`)
  }
  const price = offerAmount(sell.Amount)
  const held = accountFunds(view, account, price, 'zeroIfFrozen')
  return held.lt(price) ? unfunded(account, held, sell.Amount) : null
}

// A transfer fee in an issued asset needs the token issuer's trust line for it
// (fixEnforceNFTokenTrustline), unless the issuer issues that asset.
function feeLineRefusal(view: ReadView, offer: Readonly<NFTokenOffer>): Refusal | null {
  const { NFTokenID: tokenId, Amount: amount } = offer
  if (!nftokenTransferFeeOf(tokenId) || (nftokenFlagsOf(tokenId) & NFT_FLAG.TrustLine) !== 0) {
    return null
  }
  if (!isIssued(amount)) return null
  const issuer = nftokenIssuerOf(tokenId)
  if (issuer === amount.issuer) return null
  if (view.read(rippleStateIndex(issuer, amount.issuer, amount.currency))) return null
  const detail = `the token's issuer ${issuer} has no trust line for ${amount.currency}/${amount.issuer}, the asset its transfer fee would be paid in`
  return refused('tecNO_LINE', 'issuer-line-missing', detail)
}

// The issuer's cut of a sale: `amount` × the token's TransferFee as a rate (rippled
// `multiply(amount, nft::transferFeeAsRate(fee))`, a fee of n parts in 100,000 is n × 10,000 per
// billion).
const cutOf = (amount: LedgerAmount, tokenId: string) =>
  multiplyRate(amount, nftokenTransferFeeOf(tokenId) * 10_000)

// A state the checks before rule out (rippled answers tecINTERNAL).
const internal = (detail: string) => refused('tecINTERNAL', 'internal', detail)

// Moves the token from seller to buyer; a buyer whose owner count grows must keep the reserve
// out of what it has left (fixNFTokenReserve).
function transferToken(view: ApplyView, buyer: string, seller: string, tokenId: string): Verdict {
  const token = findToken(view, seller, tokenId)
  if (!token) return internal(`the seller ${seller} holds no token ${tokenId}`)
  const removed = removeToken(view, seller, tokenId)
  if (removed !== 'tesSUCCESS') return removed
  const before = readAccount(view, buyer)?.OwnerCount ?? 0
  const inserted = insertToken(view, buyer, token)
  const root = readAccount(view, buyer)
  if (!root) return internal(`the buyer ${buyer} has no account`)
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
  source: SOURCE,
  amendment: 'NonFungibleTokensV1_1',
  flags: 0,
  preflight(tx) {
    const buy = tx.NFTokenBuyOffer
    const sell = tx.NFTokenSellOffer
    const malformed = (detail: string) => refused('temMALFORMED', 'accept-malformed', detail)
    if (buy === undefined && sell === undefined) {
      return malformed('neither NFTokenBuyOffer nor NFTokenSellOffer is given')
    }
    if ([buy, sell].some((id) => id !== undefined && !isLedgerIndex(id))) {
      return malformed('NFTokenBuyOffer or NFTokenSellOffer is not a 64-hex ledger index')
    }
    const fee = tx.NFTokenBrokerFee
    if (fee === undefined) return null
    if (buy === undefined || sell === undefined) {
      return malformed('NFTokenBrokerFee is given without both offers (brokered mode only)')
    }
    if (!isOfferAmount(fee)) return malformed('NFTokenBrokerFee is no amount')
    if (offerAmount(fee).signum() > 0) return null
    return malformed(`NFTokenBrokerFee ${shown(fee)} is not above zero`)
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
    return offer ? feeLineRefusal(view, offer) : internal('no offer to accept')
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
    if (!offer) return internal('the offer preclaim found is gone')
    const sale = isSell(offer)
      ? { buyer: account, seller: offer.Owner, tokenId: offer.NFTokenID }
      : { buyer: offer.Owner, seller: account, tokenId: offer.NFTokenID }
    return settle(view, sale, offerAmount(offer.Amount))
  },
}
