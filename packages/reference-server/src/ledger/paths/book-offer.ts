import type { LedgerAmount } from '../amounts/ledger-amount'
import type { InOut, Quality } from '../amounts/quality'
import type { Sandbox } from '../state/sandbox'
import type { Book, Offer } from '../view/order-book'
import { accountSend, XRP_ACCOUNT } from '../view/ripple-credit'
import { StrandFault } from './direct-step'
import type { StepOffer } from './step'

/**
 * An `Offer` of the order book as a book step takes it (rippled src/xrpld/app/tx/detail/Offer.h
 * `TOffer`): its amounts, its directory's quality, its owner; what it gives is limited with
 * rippled's rounding (fixReducedOffersV1/V2's strict forms when enabled), and taking it shrinks
 * its `TakerPays`/`TakerGets` in the sandbox.
 *
 * @example
 * ```ts
 * const offer = bookOffer(entry, tip.quality, amounts, context.enabled)
 * ```
 */
export function bookOffer(
  entry: Offer,
  quality: Quality,
  initial: InOut,
  enabled: (amendment: string) => boolean,
): StepOffer {
  let amounts = initial
  const strictOut = enabled('fixReducedOffersV1')
  const strictIn = enabled('fixReducedOffersV2')
  return {
    owner: entry.Account,
    key: entry.index,
    quality,
    amounts: () => amounts,
    selfFunded: amounts.out.asset.issuer === entry.Account,
    limitOut: (offered, limit, roundUp) =>
      strictOut ? quality.ceilOutStrict(offered, limit, roundUp) : quality.ceilOut(offered, limit),
    limitIn: (offered, limit, roundUp) =>
      strictIn ? quality.ceilInStrict(offered, limit, roundUp) : quality.ceilIn(offered, limit),
    adjustRates: (inRate, outRate) => [inRate, outRate] as const,
    transfer(view: Sandbox, book: Book, paid: LedgerAmount, gives: LedgerAmount) {
      const received = accountSend(view, issuerOf(book.in), entry.Account, paid)
      if (received !== 'tesSUCCESS') return received
      return accountSend(view, entry.Account, issuerOf(book.out), gives)
    },
    consume(view, taken) {
      if (taken.in.gt(amounts.in) || taken.out.gt(amounts.out)) {
        throw new StrandFault('tefEXCEPTION')
      }
      amounts = { in: amounts.in.minus(taken.in), out: amounts.out.minus(taken.out) }
      entry.TakerPays = amounts.in.toJson()
      entry.TakerGets = amounts.out.toJson()
      view.update(entry)
    },
    fullyConsumed: () => amounts.in.signum() <= 0 || amounts.out.signum() <= 0,
  }
}

/**
 * The account value of an asset passes through in the engine: its issuer, or for the native asset
 * the engine's pass-through account.
 *
 * @example
 * ```ts
 * accountSend(view, issuerOf(book.in), owner, paid)
 * ```
 */
export const issuerOf = (asset: { issuer: string | null }): string => asset.issuer ?? XRP_ACCOUNT
