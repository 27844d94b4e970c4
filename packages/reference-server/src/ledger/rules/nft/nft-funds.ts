import { type AmountJson, LedgerAmount } from '../../amounts/ledger-amount'
import type { ApplyView } from '../../state/read-view'
import { accountFunds } from '../../view/account-holds'
import { refuse, type Verdict } from '../../view/refusal'
import { accountSend } from '../../view/ripple-credit'

/**
 * An NFT offer's `Amount` as the ledger writes it: drops as a string, or an issued amount.
 *
 * @example
 * ```ts
 * const price: OfferAmount = { currency: 'USD', issuer, value: '10' }
 * ```
 */
export type OfferAmount = AmountJson

/**
 * An offer's amount as a value (rippled `STAmount`).
 *
 * @example
 * ```ts
 * offerAmount('1000').text() // '1000'
 * ```
 */
export const offerAmount = (amount: OfferAmount): LedgerAmount => LedgerAmount.fromJson(amount)

/**
 * Moves `amount` from one account to another as rippled's `NFTokenAcceptOffer::pay` does
 * (`accountSend`, the sender paying an issuer's transfer rate between holders), then checks
 * neither side's funds went negative (`tecINSUFFICIENT_FUNDS`, fixNonFungibleTokensV1_2).
 *
 * @example
 * ```ts
 * pay(view, buyer, seller, offerAmount('1000000')) // 'tesSUCCESS'
 * ```
 */
export function pay(view: ApplyView, from: string, to: string, amount: LedgerAmount): Verdict {
  if (amount.signum() < 0) {
    const detail = `a payment of ${amount.text()} from ${from} to ${to} is negative`
    return refuse('tecINTERNAL', 'internal', detail, SOURCE)
  }
  const sent = accountSend(view, from, to, amount)
  if (sent !== 'tesSUCCESS') return sent
  for (const account of [from, to]) {
    const funds = accountFunds(view, account, amount, 'zeroIfFrozen')
    if (funds.signum() < 0) {
      const detail = `paying ${amount.text()} from ${from} to ${to} leaves ${account} with ${funds.text()}, below zero`
      return refuse('tecINSUFFICIENT_FUNDS', 'funds-negative', detail, SOURCE)
    }
  }
  return 'tesSUCCESS'
}

// The rules follow rippled's NFTokenAcceptOffer.cpp (`pay`).
const SOURCE = 'NFTokenAcceptOffer.cpp'
