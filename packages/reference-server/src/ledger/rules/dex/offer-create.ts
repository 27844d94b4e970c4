import { amountJson, type BookAmount, bookAmountOf } from '../../amounts/book-amount'
import { divRound, IssuedValue, mulRound } from '../../amounts/issued-value'
import { isIssued, type LedgerAsset, sameAsset } from '../../amounts/ledger-asset'
import type { JsonObject } from '../../codec/json-object'
import { peekAccount, readAccount, reserveFor } from '../../state/account-root'
import { offerIndex, rippleStateIndex } from '../../state/keylets'
import { type AccountRoot, LSF } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { onlyFlags, TF_UNIVERSAL } from '../common/account-flags'
import { accountFunds, assetTransferRate, isGlobalFrozen } from '../common/offer-funds'
import type { ApplyContext, TransactionRules } from '../transaction-rules'
import { cross } from './offer-crossing'
import { offerQuality, qualityRate } from './offer-quality'
import { roundToTickSize } from './offer-tick-size'
import { deleteOffer, type Offer, placeOffer } from './order-book'

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

const ALLOWED = Object.values(TF_OFFER_CREATE).reduce((all, flag) => all | flag, TF_UNIVERSAL)
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

const flagsOf = (tx: JsonObject) => (typeof tx.Flags === 'number' ? tx.Flags : 0)
const has = (tx: JsonObject, flag: number) => (flagsOf(tx) & flag) !== 0

// A native amount in drops or an issued amount with a value (rippled `isLegalNet`).
function legalAmount(amount: unknown): boolean {
  if (isIssued(amount)) return amount.value !== '' && Number.isFinite(Number(amount.value))
  return typeof amount === 'string' && /^-?[0-9]+$/.test(amount)
}

const positive = (amount: unknown) =>
  isIssued(amount) ? Number(amount.value) > 0 : BigInt(String(amount)) > 0n

/**
 * Whether an offer or OfferCreate has expired: its `Expiration` at or before the parent ledger's
 * close time (rippled `hasExpired`).
 *
 * @example
 * ```ts
 * hasExpired(view, 800_000_000) // true once the ledger closed past it
 * ```
 */
export const hasExpired = (view: ReadView, expiration: unknown): boolean =>
  typeof expiration === 'number' && expiration <= view.info.parentCloseTime

// rippled CreateOffer::checkAcceptAsset: may the account hold what the taker will pay it?
function acceptResult(view: ReadView, account: string, asset: LedgerAsset): string | null {
  const issuer = readAccount(view, asset.issuer as string)
  if (!issuer) return 'tecNO_ISSUER'
  if (asset.issuer === account) return null
  const line = view.read(rippleStateIndex(account, asset.issuer as string, asset.currency))
  if ((issuer.Flags & LSF.AccountRoot.RequireAuth) !== 0) {
    if (!line) return 'tecNO_LINE'
    // The issuer's side of the line carries the authorization.
    const auth =
      account < (asset.issuer as string) ? LSF.RippleState.HighAuth : LSF.RippleState.LowAuth
    if ((line.Flags & auth) === 0) return 'tecNO_AUTH'
  }
  const deep = LSF.RippleState.LowDeepFreeze | LSF.RippleState.HighDeepFreeze
  return line && (line.Flags & deep) !== 0 ? 'tecFROZEN' : null
}

/** The offer the transaction would place: what the taker pays and gets, as BookAmounts. */
interface Terms {
  pays: BookAmount
  gets: BookAmount
}

const termsOf = (tx: JsonObject, native: string): Terms => ({
  pays: bookAmountOf(tx.TakerPays, native),
  gets: bookAmountOf(tx.TakerGets, native),
})

const ZERO = new IssuedValue(0)

// rippled CreateOffer::flowCross: crosses the book, then sizes what is left to place.
function crossBook(context: ApplyContext, terms: Terms) {
  const { view, tx, network } = context
  const account = String(tx.Account)
  const takerIn = terms.gets
  const takerOut = terms.pays
  const start = accountFunds(view, account, takerIn.asset)
  if (start?.lte(0)) return { result: 'tecUNFUNDED_OFFER' }
  const native = takerIn.asset.issuer === null
  const gatewayRate =
    native || takerIn.asset.issuer === account
      ? new IssuedValue(1)
      : assetTransferRate(view, takerIn.asset)
  const sendMax = gatewayRate.eq(1)
    ? takerIn.value
    : mulRound(takerIn.value, gatewayRate, false, 'up')
  let threshold = offerQuality({ asset: takerIn.asset, value: sendMax }, takerOut)
  if (has(tx, TF_OFFER_CREATE.Passive)) threshold -= 1n
  const sell = has(tx, TF_OFFER_CREATE.Sell)
  const crossed = cross(
    view,
    context.before,
    {
      account,
      in: takerIn.asset,
      out: takerOut.asset,
      wanted: sell ? null : takerOut.value,
      budget: start === null ? sendMax : IssuedValue.min(sendMax, start),
      limitRate: qualityRate(threshold),
      now: view.info.parentCloseTime,
    },
    network.native_asset,
  )
  const removable = crossed.removable
  const took = crossed.out.gt(0)
  // Fill or kill: all of TakerPays (or, selling, all of TakerGets) or nothing.
  const filled = sell ? crossed.in.gte(sendMax) : crossed.out.gte(takerOut.value)
  if (has(tx, TF_OFFER_CREATE.FillOrKill) && !filled) return { result: 'tecKILLED', removable }
  let left: Terms = terms
  if (took) {
    const after = accountFunds(view, account, takerIn.asset)
    if (after?.lte(0)) return { result: 'tesSUCCESS', took, left: null }
    // The offer keeps its quality: TakerGets per TakerPays of the original terms.
    const rate = qualityRate(offerQuality(takerIn, takerOut))
    if (sell) {
      const spent = gatewayRate.eq(1) ? crossed.in : divRound(crossed.in, gatewayRate, false, 'up')
      const gets = IssuedValue.max(takerIn.value.minus(spent), ZERO)
      const pays = divRound(gets, rate, takerOut.asset.issuer === null, 'down')
      left = {
        gets: { asset: takerIn.asset, value: gets },
        pays: { asset: takerOut.asset, value: pays },
      }
    } else {
      const pays = IssuedValue.max(takerOut.value.minus(crossed.out), ZERO)
      const gets = mulRound(pays, rate, native, 'up')
      left = {
        gets: { asset: takerIn.asset, value: gets },
        pays: { asset: takerOut.asset, value: pays },
      }
    }
  }
  const done = left.gets.value.lte(0) || left.pays.value.lte(0)
  return { result: 'tesSUCCESS', took, left: done ? null : left, removable }
}

const removeOffers = (indexes: readonly string[]) => (view: ApplyContext['view']) => {
  for (const index of indexes) {
    const offer = view.peek(index) as Offer | undefined
    if (offer) deleteOffer(view, offer)
  }
}

/**
 * OfferCreate (docs/protocol.md §8.7, rippled `CreateOffer.cpp`): cancels `OfferSequence` when
 * it is still there, crosses the book (rules/dex/offer-crossing.ts) up to the offer's quality
 * (`tfPassive`: better only), then places what is left as an `Offer` at the original quality
 * (an owner reserve: `tecINSUF_RESERVE_OFFER` when nothing crossed). `tfImmediateOrCancel`
 * places nothing (`tecKILLED` when nothing crossed), `tfFillOrKill` all or `tecKILLED`, `tfSell`
 * sells all of TakerGets even for more than TakerPays. Before crossing, the amounts are rounded to
 * the issuers' tick size (rules/dex/offer-tick-size.ts).
 *
 * @example
 * ```ts
 * offerCreateRules.preflight({ TakerPays: '1', TakerGets: '2' }, context) // 'temBAD_OFFER'
 * ```
 */
export const offerCreateRules: TransactionRules = {
  preflight(tx) {
    // Permissioned domains (PermissionedDEX) are not modelled.
    if (tx.DomainID !== undefined) return 'temDISABLED'
    if (!onlyFlags(tx, ALLOWED)) return 'temINVALID_FLAG'
    if (has(tx, TF_OFFER_CREATE.ImmediateOrCancel) && has(tx, TF_OFFER_CREATE.FillOrKill)) {
      return 'temINVALID_FLAG'
    }
    if (tx.Expiration === 0) return 'temBAD_EXPIRATION'
    if (tx.OfferSequence === 0) return 'temBAD_SEQUENCE'
    const { TakerPays: pays, TakerGets: gets } = tx
    if (!legalAmount(pays) || !legalAmount(gets)) return 'temBAD_AMOUNT'
    if (!isIssued(pays) && !isIssued(gets)) return 'temBAD_OFFER'
    if (!positive(pays) || !positive(gets)) return 'temBAD_OFFER'
    const payAsset = bookAmountOf(pays, 'XRP').asset
    const getAsset = bookAmountOf(gets, 'XRP').asset
    if (sameAsset(payAsset, getAsset)) return 'temREDUNDANT'
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
    const funds = accountFunds(view, account, gets.asset)
    if (funds?.lte(0)) return 'tecUNFUNDED_OFFER'
    if (typeof tx.OfferSequence === 'number' && root.Sequence <= tx.OfferSequence) {
      return 'temBAD_SEQUENCE'
    }
    if (hasExpired(view, tx.Expiration)) return 'tecEXPIRED'
    return pays.asset.issuer === null ? null : acceptResult(view, account, pays.asset)
  },

  doApply(context) {
    const { view, tx, network, priorBalance } = context
    const account = String(tx.Account)
    if (typeof tx.OfferSequence === 'number') {
      const cancelled = view.peek(offerIndex(account, tx.OfferSequence)) as Offer | undefined
      if (cancelled) deleteOffer(view, cancelled)
    }
    if (hasExpired(view, tx.Expiration)) return 'tecEXPIRED'
    // An offer rounded to nothing by its issuers' tick size does nothing more.
    const terms = roundToTickSize(
      view,
      termsOf(tx, network.native_asset),
      has(tx, TF_OFFER_CREATE.Sell),
    )
    if (!terms) return 'tesSUCCESS'
    const crossing = crossBook(context, terms)
    if (crossing.removable && crossing.result !== 'tesSUCCESS') {
      context.afterClaim(removeOffers(crossing.removable))
    }
    if (crossing.result !== 'tesSUCCESS' || !('left' in crossing)) return crossing.result
    const { left, took } = crossing
    if (!left) return 'tesSUCCESS'
    if (has(tx, TF_OFFER_CREATE.ImmediateOrCancel)) {
      return took || !context.enabled('ImmediateOfferKilled') ? 'tesSUCCESS' : 'tecKILLED'
    }
    const creator = peekAccount(view, account) as AccountRoot
    if (priorBalance < reserveFor(view.fees, creator.OwnerCount + 1)) {
      return took ? 'tesSUCCESS' : 'tecINSUF_RESERVE_OFFER'
    }
    const placed = placeOffer(view, {
      owner: account,
      sequence: Number(tx.TicketSequence ?? tx.Sequence),
      book: { in: terms.pays.asset, out: terms.gets.asset },
      quality: offerQuality(terms.pays, terms.gets),
      takerPays: amountJson(left.pays),
      takerGets: amountJson(left.gets),
      flags:
        (has(tx, TF_OFFER_CREATE.Passive) ? LSF.Offer.Passive : 0) |
        (has(tx, TF_OFFER_CREATE.Sell) ? LSF.Offer.Sell : 0),
      ...(typeof tx.Expiration === 'number' ? { expiration: tx.Expiration } : {}),
    })
    return placed === 'tecDIR_FULL' ? placed : 'tesSUCCESS'
  },
}
