import { adjustLPTokens, getFee, toAmount } from '../../amm/amm-formulas'
import { type AmmEntry, ammLPHolds, lpAsset, lpBalance, readAmm } from '../../amm/amm-pool'
import { LedgerAmount } from '../../amounts/ledger-amount'
import type { LedgerAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { LedgerNumber } from '../../number/ledger-number'
import { power } from '../../number/number-roots'
import { readAccount } from '../../state/account-root'
import { refuse } from '../../view/refusal'
import { accountSend, rippleCredit } from '../../view/ripple-credit'
import type { TransactionRules } from '../transaction-rules'
import { DISCOUNTED_FEE_FRACTION, TOTAL_TIME_SLOT_SECS } from './amm-account'
import { amountField, assetPair, invalidAmount, sameIssue } from './amm-fields'

// AMMBid, rippled src/xrpld/app/tx/detail/AMMBid.cpp with fixAMMv1_3 (docs/protocol.md §8.13).
const SOURCE = 'AMMBid.cpp'
/** AMMCore.h: 20 intervals of 72 minutes, at most 4 authorized accounts, a minimum of fee/25. */
const TIME_INTERVALS = 20
const INTERVAL_SECS = TOTAL_TIME_SLOT_SECS / TIME_INTERVALS
const MAX_AUTH_ACCOUNTS = 4
const MIN_FEE_FRACTION = LedgerNumber.from(25)

const authAccounts = (tx: JsonObject): string[] =>
  Array.isArray(tx.AuthAccounts)
    ? tx.AuthAccounts.map((entry) =>
        String((entry as { AuthAccount?: { Account?: unknown } }).AuthAccount?.Account),
      )
    : []

/**
 * The interval (0..19) of the auction slot that `now` falls in, or null when the slot is not
 * running (AMMCore.cpp `ammAuctionTimeSlot`).
 */
export function auctionTimeSlot(now: number, expiration: number | undefined): number | null {
  if (expiration === undefined || expiration < TOTAL_TIME_SLOT_SECS) return null
  const start = expiration - TOTAL_TIME_SLOT_SECS
  if (now < start || now - start >= TOTAL_TIME_SLOT_SECS) return null
  return Math.floor((now - start) / INTERVAL_SECS)
}

export const ammBidRules: TransactionRules = {
  source: SOURCE,
  amendment: 'AMM',
  flags: 0,
  preflight(tx) {
    const pair = assetPair(tx)
    if (typeof pair === 'string') return pair
    for (const field of ['BidMin', 'BidMax']) {
      if (tx[field] === undefined) continue
      const bid = amountField(tx, field)
      if (!bid) return 'temBAD_AMOUNT'
      const bad = invalidAmount(bid)
      if (bad) return bad
    }
    if (tx.AuthAccounts !== undefined) {
      const accounts = authAccounts(tx)
      if (accounts.length > MAX_AUTH_ACCOUNTS) {
        const detail = `${accounts.length} AuthAccounts, at most ${MAX_AUTH_ACCOUNTS}`
        return refuse('temMALFORMED', 'auth-accounts', detail, SOURCE)
      }
      // fixAMMv1_3: neither the bidder nor a duplicate.
      if (accounts.includes(String(tx.Account)) || new Set(accounts).size !== accounts.length) {
        const detail = 'AuthAccounts names the bidder or an account twice'
        return refuse('temMALFORMED', 'auth-accounts', detail, SOURCE)
      }
    }
    return null
  },
  preclaim(view, tx) {
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const amm = readAmm(view, pair[0], pair[1])
    if (!amm) return refuse('terNO_AMM', 'no-amm', 'there is no AMM for these two assets', SOURCE)
    const lpt = lpBalance(amm)
    if (lpt.isZero()) return refuse('tecAMM_EMPTY', 'empty', 'the AMM is empty', SOURCE)
    for (const account of authAccounts(tx)) {
      if (!readAccount(view, account)) {
        return refuse(
          'terNO_ACCOUNT',
          'auth-account',
          `AuthAccount ${account} does not exist`,
          SOURCE,
        )
      }
    }
    const held = ammLPHolds(view, amm, String(tx.Account))
    if (held.isZero()) {
      return refuse('tecAMM_INVALID_TOKENS', 'not-lp', 'the bidder holds no LP tokens', SOURCE)
    }
    const bidMin = amountField(tx, 'BidMin')
    const bidMax = amountField(tx, 'BidMax')
    for (const bid of [bidMin, bidMax]) {
      if (!bid) continue
      if (!sameIssue(bid, held)) return 'temBAD_AMM_TOKENS'
      if (bid.gt(held) || bid.gte(lpt)) {
        const detail = `the bid ${bid.text()} is above the ${held.text()} LP tokens held or the supply`
        return refuse('tecAMM_INVALID_TOKENS', 'bid', detail, SOURCE)
      }
    }
    if (bidMin && bidMax && bidMin.gt(bidMax)) {
      return refuse('tecAMM_INVALID_TOKENS', 'bid', 'BidMin is above BidMax', SOURCE)
    }
    return null
  },
  doApply({ view, tx, account }) {
    const bidder = account.Account
    const pair = assetPair(tx) as [LedgerAsset, LedgerAsset]
    const found = readAmm(view, pair[0], pair[1])
    if (!found) return 'tecINTERNAL'
    const amm = view.peek(found.index) as AmmEntry
    const lpt = lpBalance(amm)
    const held = ammLPHolds(view, amm, bidder)
    const lpIssue = lpAsset(amm)
    const slot = amm.AuctionSlot ?? {}
    const now = view.info.parentCloseTime
    const tfee = amm.TradingFee ?? 0
    const discountedFee = Math.trunc(tfee / DISCOUNTED_FEE_FRACTION)
    const minSlotPrice = lpt.toNumber().times(getFee(tfee)).div(MIN_FEE_FRACTION)
    const timeSlot = auctionTimeSlot(now, slot.Expiration)
    const bidMin = amountField(tx, 'BidMin')?.toNumber()
    const bidMax = amountField(tx, 'BidMax')?.toNumber()
    const payPriceOf = (computed: LedgerNumber) => {
      let pay: LedgerNumber | null = computed
      if (bidMax && computed.gt(bidMax)) pay = null
      else if (bidMin?.gt(computed)) pay = bidMin
      if (pay === null) {
        const detail = `the slot costs ${computed.toString()}, above BidMax`
        return refuse('tecAMM_FAILED', 'bid-max', detail, SOURCE)
      }
      if (pay.gt(held.toNumber())) {
        const detail = `the slot costs ${pay.toString()}, more than the ${held.text()} LP tokens held`
        return refuse('tecAMM_INVALID_TOKENS', 'bid-price', detail, SOURCE)
      }
      return pay
    }
    const updateSlot = (price: LedgerNumber, burn: LedgerNumber) => {
      const next: NonNullable<AmmEntry['AuctionSlot']> = {
        Account: bidder,
        Expiration: now + TOTAL_TIME_SLOT_SECS,
        Price: toAmount(lpIssue, price).toJson() as NonNullable<AmmEntry['AuctionSlot']>['Price'],
      }
      if (discountedFee !== 0) next.DiscountedFee = discountedFee
      if (tx.AuthAccounts !== undefined) {
        next.AuthAccounts = authAccounts(tx).map((who) => ({ AuthAccount: { Account: who } }))
      }
      const saBurn = adjustLPTokens(lpt, toAmount(lpt.asset, burn), 'withdraw')
      if (saBurn.gte(lpt)) return 'tecINTERNAL'
      const redeemed = rippleCredit(view, bidder, amm.Account, saBurn)
      if (redeemed !== 'tesSUCCESS') return redeemed
      const after = view.peek(amm.index) as AmmEntry
      after.AuctionSlot = next
      after.LPTokenBalance = { ...after.LPTokenBalance, value: lpt.minus(saBurn).text() }
      view.update(after)
      return 'tesSUCCESS'
    }
    const owner = slot.Account
    const owned =
      owner !== undefined &&
      timeSlot !== null &&
      timeSlot < TIME_INTERVALS - 1 &&
      readAccount(view, owner) !== undefined
    if (!owned) {
      const pay = payPriceOf(minSlotPrice)
      if (!(pay instanceof LedgerNumber)) return pay
      return updateSlot(pay, pay)
    }
    const purchased = LedgerAmount.fromJson(slot.Price).toNumber()
    const fractionUsed = LedgerNumber.from(timeSlot + 1).div(LedgerNumber.from(TIME_INTERVALS))
    const fractionRemaining = LedgerNumber.ONE.minus(fractionUsed)
    const p105 = LedgerNumber.from('1.05')
    const computed =
      timeSlot === 0
        ? purchased.times(p105).plus(minSlotPrice)
        : purchased
            .times(p105)
            .times(LedgerNumber.ONE.minus(power(fractionUsed, 60)))
            .plus(minSlotPrice)
    const pay = payPriceOf(computed)
    if (!(pay instanceof LedgerNumber)) return pay
    // The previous holder gets back the unused part of its price.
    const refund = fractionRemaining.times(purchased)
    if (refund.gt(pay)) return 'tecINTERNAL'
    const refunded = accountSend(view, bidder, owner, toAmount(lpIssue, refund))
    if (refunded !== 'tesSUCCESS') return refunded
    return updateSlot(pay, pay.minus(refund))
  },
}
