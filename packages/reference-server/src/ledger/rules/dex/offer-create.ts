import { ammContext } from '../../amm/amm-context'
import { ammLiquidity } from '../../amm/amm-liquidity'
import { divRound, divRoundStrict, mulRound } from '../../amounts/amount-arithmetic'
import { LedgerAmount, MAX_DROPS } from '../../amounts/ledger-amount'
import { isIssued, type LedgerAsset, sameAsset } from '../../amounts/ledger-asset'
import { Quality } from '../../amounts/quality'
import { divideRateRound, multiplyRateRound, QUALITY_ONE } from '../../amounts/transfer-rate'
import type { JsonObject } from '../../codec/json-object'
import { flow } from '../../paths/flow'
import { peekAccount, readAccount } from '../../state/account-root'
import { offerIndex } from '../../state/keylets'
import { type AccountRoot, LSF } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { accountFunds } from '../../view/account-holds'
import { expiredRefusal } from '../../view/expiration'
import { isDeepFrozen, isGlobalFrozen } from '../../view/freeze'
import { transferRate } from '../../view/issuer-transfer-rate'
import { deleteOffer, type Offer, placeOffer } from '../../view/order-book'
import { reserveRefusal } from '../../view/owned-objects'
import { requireAuth } from '../../view/require-auth'
import type { ApplyContext, TransactionRules } from '../transaction-rules'
import { roundToTickSize } from './offer-tick-size'

/**
 * OfferCreate's flags (xrpl.org "OfferCreate Flags", rippled `TxFlags.h`).
 *
 * @example
 * ```ts
 * const ioc = { TransactionType: 'OfferCreate', Flags: TF_OFFER_CREATE.ImmediateOrCancel, TakerPays, TakerGets }
 * ```
 */
export const TF_OFFER_CREATE = Object.freeze({
  Passive: 0x00010000,
  ImmediateOrCancel: 0x00020000,
  FillOrKill: 0x00040000,
  Sell: 0x00080000,
})

// The flags OfferCreate defines (TxFlags.h tfOfferCreateMask's complement).
const OWN_FLAGS = Object.values(TF_OFFER_CREATE).reduce((all, flag) => all | flag, 0)
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

const flagsOf = (tx: JsonObject) => (typeof tx.Flags === 'number' ? tx.Flags : 0)
const has = (tx: JsonObject, flag: number) => (flagsOf(tx) & flag) !== 0

// A decoded amount as the ledger's amount type, or null when it is none (rippled `isLegalNet`).
function amountOf(amount: unknown): LedgerAmount | null {
  try {
    return LedgerAmount.fromJson(amount)
  } catch {
    return null
  }
}

// rippled CreateOffer::checkAcceptAsset: may the account hold what the taker will pay it? Its
// issuer must exist; an account takes its own issuance; else the issuer's authorization, and no
// deep freeze on the line.
function acceptResult(view: ReadView, account: string, asset: LedgerAsset): string | null {
  if (!readAccount(view, asset.issuer as string)) return 'tecNO_ISSUER'
  if (asset.issuer === account) return null
  return (
    requireAuth(view, asset, account) ?? (isDeepFrozen(view, account, asset) ? 'tecFROZEN' : null)
  )
}

/** The offer the transaction would place: what the taker pays and gets. */
interface Terms {
  pays: LedgerAmount
  gets: LedgerAmount
}

const termsOf = (tx: JsonObject, native: string): Terms => ({
  pays: LedgerAmount.fromJson(tx.TakerPays, native),
  gets: LedgerAmount.fromJson(tx.TakerGets, native),
})

// rippled CreateOffer::flowCross: crosses the book through the payment engine (the default path,
// and between two issued assets the native bridge), then sizes what is left to place at the
// offer's own quality. `crossed` when anything was taken.
function crossBook(context: ApplyContext, terms: Terms) {
  const { view, tx } = context
  const account = String(tx.Account)
  const takerIn = terms.gets
  const takerOut = terms.pays
  const start = accountFunds(view, account, takerIn, 'zeroIfFrozen')
  if (start.signum() <= 0) return { result: 'tecUNFUNDED_OFFER', removable: [] as string[] }
  // The gateway takes its cut of what the taker pays, without the taker's consent.
  const gatewayRate =
    takerIn.native || takerIn.asset.issuer === account
      ? QUALITY_ONE
      : transferRate(view, takerIn.asset.issuer as string)
  let sendMax = multiplyRateRound(takerIn, gatewayRate, true)
  let threshold = Quality.of({ in: sendMax, out: takerOut })
  if (has(tx, TF_OFFER_CREATE.Passive)) threshold = threshold.next()
  if (sendMax.gt(start)) sendMax = start
  const sell = has(tx, TF_OFFER_CREATE.Sell)
  const bridged = !takerIn.native && !takerOut.native
  // Selling, the taker takes as much as it can get: the most there is (half the largest value
  // for an issued asset, for the transfer rate's room).
  const deliver = !sell
    ? takerOut
    : takerOut.native
      ? LedgerAmount.drops(MAX_DROPS, takerOut.asset)
      : LedgerAmount.of(takerOut.asset, 4_999_999_999_999_999n, 80)
  // The AMM's view of this crossing (AMMContext.h): its strands and iterations.
  const pools = ammContext()
  const outcome = flow({
    view,
    deliver,
    source: account,
    destination: account,
    paths: bridged ? [[{ currency: 'XRP' }]] : [],
    defaultPaths: true,
    partial: !has(tx, TF_OFFER_CREATE.FillOrKill),
    ownerPaysTransferFee: true,
    offerCrossing: sell ? 'sell' : 'yes',
    limitQuality: threshold,
    sendMax,
    enabled: context.enabled,
    observer: pools,
    liquidity: ammLiquidity(account, threshold, pools, context.enabled),
  })
  const removable = [...outcome.removable]
  for (const index of removable) {
    const stale = view.peek(index) as Offer | undefined
    if (stale) deleteOffer(view, stale)
  }
  let left: Terms = terms
  if (outcome.result === 'tesSUCCESS') {
    if (accountFunds(view, account, takerIn, 'zeroIfFrozen').signum() <= 0) {
      // Crossing spent all the account had: no offer is placed.
      left = { gets: LedgerAmount.zero(takerIn.asset), pays: LedgerAmount.zero(takerOut.asset) }
    } else {
      const rate = Quality.of({ in: takerIn, out: takerOut }).rate()
      if (sell) {
        // What was sold, without the gateway's cut, scales down what is left to buy.
        const sold = divideRateRound(outcome.actualIn, gatewayRate, true)
        let gets = takerIn.minus(sold)
        if (gets.signum() < 0) gets = LedgerAmount.zero(takerIn.asset)
        const pays = context.enabled('fixReducedOffersV1')
          ? divRoundStrict(gets, rate, takerOut.asset, false)
          : divRound(gets, rate, takerOut.asset, true)
        left = { gets, pays }
      } else {
        let pays = takerOut.minus(outcome.actualOut)
        if (pays.signum() < 0) pays = LedgerAmount.zero(takerOut.asset)
        left = { pays, gets: mulRound(pays, rate, takerIn.asset, true) }
      }
    }
  }
  const crossed = !left.pays.eq(terms.pays) || !left.gets.eq(terms.gets)
  const done = left.gets.signum() <= 0 || left.pays.signum() <= 0
  return { result: 'tesSUCCESS', crossed, left: done ? null : left, removable }
}

const removeOffers = (indexes: readonly string[]) => (view: ApplyContext['view']) => {
  for (const index of indexes) {
    const offer = view.peek(index) as Offer | undefined
    if (offer) deleteOffer(view, offer)
  }
}

/**
 * OfferCreate (docs/protocol.md §8.7, rippled `CreateOffer.cpp`): cancels `OfferSequence` when
 * it is still there, crosses the book through the payment engine (paths/flow.ts, as
 * `CreateOffer::flowCross`) up to the offer's quality (`tfPassive`: better only), then places
 * what is left as an `Offer` at the original quality (an owner reserve: `tecINSUF_RESERVE_OFFER`
 * when nothing crossed). `tfImmediateOrCancel` places nothing (`tecKILLED` when nothing crossed),
 * `tfFillOrKill` all or `tecKILLED`, `tfSell` sells all of TakerGets even for more than
 * TakerPays. Before crossing, the amounts are rounded to the issuers' tick size
 * (rules/dex/offer-tick-size.ts).
 *
 * @example
 * ```ts
 * offerCreateRules.preflight({ TakerPays: '1', TakerGets: '2' }, context) // 'temBAD_OFFER'
 * ```
 */
export const offerCreateRules: TransactionRules = {
  source: 'CreateOffer.cpp',
  amendment: null,
  flags: OWN_FLAGS,
  preflight(tx) {
    // Permissioned domains (PermissionedDEX) are not modelled.
    if (tx.DomainID !== undefined) return 'temDISABLED'
    if (has(tx, TF_OFFER_CREATE.ImmediateOrCancel) && has(tx, TF_OFFER_CREATE.FillOrKill)) {
      return 'temINVALID_FLAG'
    }
    if (tx.Expiration === 0) return 'temBAD_EXPIRATION'
    if (tx.OfferSequence === 0) return 'temBAD_SEQUENCE'
    const { TakerPays: pays, TakerGets: gets } = tx
    const payAmount = amountOf(pays)
    const getAmount = amountOf(gets)
    if (!payAmount || !getAmount) return 'temBAD_AMOUNT'
    if (payAmount.native && getAmount.native) return 'temBAD_OFFER'
    if (payAmount.signum() <= 0 || getAmount.signum() <= 0) return 'temBAD_OFFER'
    if (sameAsset(payAmount.asset, getAmount.asset)) return 'temREDUNDANT'
    if (
      (isIssued(pays) && pays.currency === 'XRP') ||
      (isIssued(gets) && gets.currency === 'XRP')
    ) {
      return 'temBAD_CURRENCY'
    }
    if (
      (isIssued(pays) && pays.issuer === ACCOUNT_ZERO) ||
      (isIssued(gets) && gets.issuer === ACCOUNT_ZERO)
    ) {
      return 'temBAD_ISSUER'
    }
    return null
  },

  preclaim(view, tx, context) {
    const account = String(tx.Account)
    const root = readAccount(view, account) as Readonly<AccountRoot>
    const { pays, gets } = termsOf(tx, context.network.native_asset)
    if (isGlobalFrozen(view, pays.asset) || isGlobalFrozen(view, gets.asset)) return 'tecFROZEN'
    if (accountFunds(view, account, gets, 'zeroIfFrozen').signum() <= 0) return 'tecUNFUNDED_OFFER'
    if (typeof tx.OfferSequence === 'number' && root.Sequence <= tx.OfferSequence) {
      return 'temBAD_SEQUENCE'
    }
    const expired = expiredRefusal(view, tx.Expiration, "the offer's", 'CreateOffer.cpp')
    if (expired) return expired
    return pays.native ? null : acceptResult(view, account, pays.asset)
  },

  doApply(context) {
    const { view, tx, network, priorBalance } = context
    const account = String(tx.Account)
    if (typeof tx.OfferSequence === 'number') {
      const cancelled = view.peek(offerIndex(account, tx.OfferSequence)) as Offer | undefined
      if (cancelled) deleteOffer(view, cancelled)
    }
    const expired = expiredRefusal(view, tx.Expiration, "the offer's", 'CreateOffer.cpp')
    if (expired) return expired
    // An offer rounded to nothing by its issuers' tick size does nothing more.
    const terms = roundToTickSize(
      view,
      termsOf(tx, network.native_asset),
      has(tx, TF_OFFER_CREATE.Sell),
    )
    if (!terms) return 'tesSUCCESS'
    const crossing = crossBook(context, terms)
    // Offers found stale go even when the offer is killed (rippled's cancel sandbox).
    if (crossing.removable.length > 0) context.afterClaim(removeOffers(crossing.removable))
    if (crossing.result !== 'tesSUCCESS' || !('left' in crossing)) return crossing.result
    const { left, crossed } = crossing
    if (!left) return 'tesSUCCESS'
    if (has(tx, TF_OFFER_CREATE.FillOrKill)) return 'tecKILLED'
    if (has(tx, TF_OFFER_CREATE.ImmediateOrCancel)) {
      return crossed || !context.enabled('ImmediateOfferKilled') ? 'tesSUCCESS' : 'tecKILLED'
    }
    const creator = peekAccount(view, account) as AccountRoot
    const result = 'tecINSUF_RESERVE_OFFER'
    const short = reserveRefusal(
      view,
      priorBalance,
      creator.OwnerCount + 1,
      'CreateOffer.cpp',
      result,
    )
    if (short) return crossed ? 'tesSUCCESS' : short
    const placed = placeOffer(view, {
      owner: account,
      sequence: Number(tx.TicketSequence ?? tx.Sequence),
      book: { in: terms.pays.asset, out: terms.gets.asset },
      quality: Quality.of({ in: terms.pays, out: terms.gets }).value,
      takerPays: left.pays.toJson(),
      takerGets: left.gets.toJson(),
      flags:
        (has(tx, TF_OFFER_CREATE.Passive) ? LSF.Offer.Passive : 0) |
        (has(tx, TF_OFFER_CREATE.Sell) ? LSF.Offer.Sell : 0),
      ...(typeof tx.Expiration === 'number' ? { expiration: tx.Expiration } : {}),
    })
    return placed === 'tecDIR_FULL' ? placed : 'tesSUCCESS'
  },
}
