import type { LedgerAmount } from '../../amounts/ledger-amount'
import { sameAsset } from '../../amounts/ledger-asset'
import { divideRate } from '../../amounts/transfer-rate'
import { balanceOf, peekAccount, readAccount } from '../../state/account-root'
import type { AccountRoot } from '../../state/ledger-object'
import type { ApplyView, ReadView } from '../../state/read-view'
import { accountFunds } from '../../view/account-holds'
import { transferRate } from '../../view/issuer-transfer-rate'
import { coversReserve } from '../../view/owned-objects'
import { type Refusal, refuse, type Verdict } from '../../view/refusal'
import { accountSend, rippleCredit } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { trustTransferRefusal } from './trust-transfer'
import { moveUriToken, readUriToken, type URIToken } from './uritoken-entry'
import { legalAmount, uriTokenPreflight } from './uritoken-preflight'

const SOURCE = 'URIToken.cpp'

// What the buyer offers against what the token asks (URIToken.cpp preclaim and doApply, in
// their order): an offer there (tecNO_PERMISSION), for this buyer, in the same asset
// (temBAD_CURRENCY), and at least the price (tecINSUFFICIENT_PAYMENT).
function offerRefusal(token: Readonly<URIToken>, buyer: string, purchase: LedgerAmount) {
  const price = token.Amount === undefined ? null : legalAmount(token.Amount)
  if (!price)
    return refuse('tecNO_PERMISSION', 'not-for-sale', `${token.index} has no sell offer`, SOURCE)
  if (token.Destination !== undefined && token.Destination !== buyer) {
    const detail = `${token.index} is for sale to ${token.Destination} only`
    return refuse('tecNO_PERMISSION', 'sold-to-another', detail, SOURCE)
  }
  if (!sameAsset(purchase.asset, price.asset)) {
    return refuse('temBAD_CURRENCY', 'asset-differs', 'Amount is not in the asking asset', SOURCE)
  }
  if (purchase.lt(price)) {
    const detail = `Amount ${purchase.text()} is below the asking price ${price.text()}`
    return refuse('tecINSUFFICIENT_PAYMENT', 'price-short', detail, SOURCE)
  }
  return null
}

// The buyer can pay (fixXahauV1): in the native asset, the price, the fee and the reserve of one
// more object out of `balance`; in an issued one, what it holds (frozen lines hold nothing).
function fundsRefusal(
  view: ReadView,
  buyer: Readonly<AccountRoot>,
  balance: bigint,
  fee: bigint,
  purchase: LedgerAmount,
): Refusal | null {
  if (purchase.native) {
    const needed =
      view.fees.reserve +
      view.fees.increment * BigInt(buyer.OwnerCount + 1) +
      fee +
      purchase.mantissa
    if (needed <= balance) return null
    const detail = `the price, the fee and the reserve need ${needed} drops; the buyer has ${balance}`
    return refuse('tecINSUFFICIENT_FUNDS', 'funds-short', detail, SOURCE)
  }
  const funds = accountFunds(view, buyer.Account, purchase, 'zeroIfFrozen')
  if (!purchase.gt(funds)) return null
  const detail = `the buyer holds ${funds.text()} ${purchase.asset.currency}, not ${purchase.text()}`
  return refuse('tecINSUFFICIENT_FUNDS', 'funds-short', detail, SOURCE)
}

// xahaud's accountSend with senderPaysXferFees false (View.cpp rippleSend): the buyer sends the
// price, the seller receives it less the issuer's transfer fee.
function sendPrice(view: ApplyView, from: string, to: string, amount: LedgerAmount): string {
  const issuer = amount.asset.issuer
  if (amount.native || issuer === from || issuer === to) return accountSend(view, from, to, amount)
  const issuerAccount = issuer as string
  const received = divideRate(amount, transferRate(view, issuerAccount))
  const credited = rippleCredit(view, issuerAccount, to, received)
  return credited === 'tesSUCCESS' ? rippleCredit(view, from, issuerAccount, amount) : credited
}

/**
 * URITokenBuy (xahaud `URIToken.cpp`, ttURITOKEN_BUY, with fixXahauV1): the buyer pays the
 * token's asking price (or more) in its asset and becomes its owner; the offer is cleared. Its
 * own token is `tecCANT_ACCEPT_OWN_NFTOKEN_OFFER`; a token not for sale, or for sale to another,
 * `tecNO_PERMISSION`; too little, `tecINSUFFICIENT_PAYMENT`; funds short of price, fee and
 * reserve, `tecINSUFFICIENT_FUNDS`; an issued price goes through `trustTransferAllowed`
 * (`tecFROZEN`, `tecNO_AUTH`, `tecPATH_DRY`) and the seller receives it less the transfer fee.
 * After the move the buyer must cover its reserve (`tecINSUFFICIENT_RESERVE`) and so must the
 * seller (`tecINSUF_RESERVE_SELLER`).
 *
 * @example
 * ```ts
 * uriTokenBuyRules.preflight({ TransactionType: 'URITokenBuy', URITokenID: id }, context) // temMALFORMED
 * ```
 */
export const uriTokenBuyRules: TransactionRules = {
  source: SOURCE,
  amendment: 'URIToken',
  flags: 0,
  preflight: (tx) => uriTokenPreflight(tx),
  preclaim(view, tx) {
    const token = readUriToken(view, tx.URITokenID)
    if (!token)
      return refuse('tecNO_ENTRY', 'token-missing', `no URIToken ${tx.URITokenID}`, SOURCE)
    const buyer = readAccount(view, String(tx.Account)) as Readonly<AccountRoot>
    if (token.Owner === buyer.Account) {
      const detail = `${buyer.Account} already owns ${token.index}`
      return refuse('tecCANT_ACCEPT_OWN_NFTOKEN_OFFER', 'own-token', detail, SOURCE)
    }
    const purchase = legalAmount(tx.Amount) as LedgerAmount
    const fee = BigInt(String(tx.Fee))
    return (
      offerRefusal(token, buyer.Account, purchase) ??
      fundsRefusal(view, buyer, balanceOf(buyer), fee, purchase)
    )
  },
  doApply({ view, tx, account, priorBalance, fee }): Verdict {
    const reserve = view.fees.reserve + view.fees.increment * BigInt(account.OwnerCount + 1)
    if (priorBalance - fee < reserve) {
      const detail = `the balance of ${priorBalance - fee} drops after the fee is below the reserve of ${reserve} drops`
      return refuse('tecINSUFFICIENT_RESERVE', 'reserve', detail, SOURCE)
    }
    const token = view.peek(String(tx.URITokenID)) as URIToken
    const purchase = legalAmount(tx.Amount) as LedgerAmount
    const refused =
      offerRefusal(token, account.Account, purchase) ??
      (purchase.native
        ? null
        : trustTransferRefusal(view, [account.Account, token.Owner], purchase.asset, SOURCE)) ??
      fundsRefusal(view, account, priorBalance, fee, purchase)
    if (refused) return refused
    const sent = sendPrice(view, account.Account, token.Owner, purchase)
    if (sent !== 'tesSUCCESS') return sent
    const seller = peekAccount(view, token.Owner) as AccountRoot
    const buyer = peekAccount(view, account.Account) as AccountRoot
    const moved = moveUriToken(view, token, seller, buyer)
    if (moved !== 'tesSUCCESS') return moved
    if (!coversReserve(view, balanceOf(buyer), buyer.OwnerCount)) {
      const detail = `the buyer's ${buyer.Balance} drops do not cover the reserve of ${buyer.OwnerCount} objects`
      return refuse('tecINSUFFICIENT_RESERVE', 'reserve', detail, SOURCE)
    }
    if (!coversReserve(view, balanceOf(seller), seller.OwnerCount)) {
      const detail = `the seller's ${seller.Balance} drops do not cover the reserve of ${seller.OwnerCount} objects`
      return refuse('tecINSUF_RESERVE_SELLER', 'seller-reserve', detail, SOURCE)
    }
    return 'tesSUCCESS'
  },
}
