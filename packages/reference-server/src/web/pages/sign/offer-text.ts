import BigNumber from 'bignumber.js'
import type { TransactionJson } from 'pullsign/wire'
import { TF_OFFER_CREATE } from '../../../ledger/rules/dex/offer-create'
import { type AmountView, readAmount } from './amount-view'

const FLAG_WORDS: ReadonlyArray<[number, string]> = [
  [TF_OFFER_CREATE.Passive, 'passive (takes only better offers)'],
  [TF_OFFER_CREATE.ImmediateOrCancel, 'immediate or cancel'],
  [TF_OFFER_CREATE.FillOrKill, 'fill or kill'],
  [TF_OFFER_CREATE.Sell, 'sell all of what you give'],
]

// Decimal arithmetic for what the page shows (plain notation for the values amounts take).
const Decimal = BigNumber.clone({ EXPONENTIAL_AT: [-30, 40], DECIMAL_PLACES: 40 })

const units = (amount: AmountView) =>
  amount.kind === 'native'
    ? new Decimal(amount.units)
    : amount.kind === 'issued'
      ? new Decimal(amount.value)
      : null

const nameOf = (amount: AmountView, nativeAsset: string) =>
  amount.kind === 'issued' ? amount.currency : nativeAsset

/**
 * The price an OfferCreate asks, as a person reads it: what they give per unit they get (e.g.
 * "2 XRP per USD"), 15 significant digits; null when an amount is missing, malformed or zero.
 *
 * @example
 * ```ts
 * offerPriceText({ TransactionType: 'OfferCreate', TakerGets: '20000000', TakerPays: usd10 }, 'XRP') // '2 XRP per USD'
 * ```
 */
export function offerPriceText(tx: TransactionJson, nativeAsset: string): string | null {
  if (tx.TransactionType !== 'OfferCreate') return null
  const give = readAmount(tx.TakerGets)
  const get = readAmount(tx.TakerPays)
  const given = units(give)
  const got = units(get)
  if (!given || !got || !(got.gt(0) && given.gt(0))) return null
  const price = new Decimal(given.div(got).precision(15)).toString()
  return `${price} ${nameOf(give, nativeAsset)} per ${nameOf(get, nativeAsset)}`
}

/**
 * An OfferCreate's flags in words (xrpl.org "OfferCreate Flags"); null for another type or no
 * offer flag.
 *
 * @example
 * ```ts
 * offerFlagsText({ TransactionType: 'OfferCreate', Flags: 0x00080000 }) // 'sell all of what you give'
 * ```
 */
export function offerFlagsText(tx: TransactionJson): string | null {
  if (tx.TransactionType !== 'OfferCreate' || typeof tx.Flags !== 'number') return null
  const flags = tx.Flags
  const words = FLAG_WORDS.filter(([flag]) => (flags & flag) !== 0).map(([, word]) => word)
  return words.length > 0 ? words.join(', ') : null
}
