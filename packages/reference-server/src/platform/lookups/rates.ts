import type { RatesResponse } from 'pullsign/wire'
import { notFound } from '../errors'

interface RatedCurrency {
  en: string
  symbol: string
  isoDecimals: number
  /** US dollars per unit. */
  usd: number
}

/** Price of one native unit (XRP) in US dollars that the reference server quotes. */
export const XRP_USD = 0.52

/** Fiat currencies the rates lookup knows (docs/protocol.md §2), with realistic US dollar rates. */
export const FIAT_CURRENCIES: Readonly<Record<string, RatedCurrency>> = Object.freeze({
  USD: { en: 'US Dollar', symbol: '$', isoDecimals: 2, usd: 1 },
  EUR: { en: 'Euro', symbol: '€', isoDecimals: 2, usd: 1.08 },
  GBP: { en: 'British Pound', symbol: '£', isoDecimals: 2, usd: 1.27 },
  JPY: { en: 'Japanese Yen', symbol: '¥', isoDecimals: 0, usd: 0.0067 },
  CHF: { en: 'Swiss Franc', symbol: 'CHF', isoDecimals: 2, usd: 1.13 },
  CAD: { en: 'Canadian Dollar', symbol: 'CA$', isoDecimals: 2, usd: 0.73 },
  AUD: { en: 'Australian Dollar', symbol: 'A$', isoDecimals: 2, usd: 0.66 },
  NZD: { en: 'New Zealand Dollar', symbol: 'NZ$', isoDecimals: 2, usd: 0.61 },
  CNY: { en: 'Chinese Yuan', symbol: 'CN¥', isoDecimals: 2, usd: 0.138 },
  INR: { en: 'Indian Rupee', symbol: '₹', isoDecimals: 2, usd: 0.012 },
  SEK: { en: 'Swedish Krona', symbol: 'kr', isoDecimals: 2, usd: 0.095 },
  NOK: { en: 'Norwegian Krone', symbol: 'kr', isoDecimals: 2, usd: 0.094 },
  DKK: { en: 'Danish Krone', symbol: 'kr.', isoDecimals: 2, usd: 0.145 },
  SGD: { en: 'Singapore Dollar', symbol: 'S$', isoDecimals: 2, usd: 0.74 },
  HKD: { en: 'Hong Kong Dollar', symbol: 'HK$', isoDecimals: 2, usd: 0.128 },
  BRL: { en: 'Brazilian Real', symbol: 'R$', isoDecimals: 2, usd: 0.2 },
  ZAR: { en: 'South African Rand', symbol: 'R', isoDecimals: 2, usd: 0.054 },
  MXN: { en: 'Mexican Peso', symbol: 'MX$', isoDecimals: 2, usd: 0.058 },
  KRW: { en: 'South Korean Won', symbol: '₩', isoDecimals: 0, usd: 0.00075 },
})

/**
 * Crypto currencies the rates lookup knows (docs/protocol.md §2: production answers BTC and ETH
 * too; its BTC answer has `isoDecimals: 4`), with realistic US dollar rates.
 */
export const CRYPTO_CURRENCIES: Readonly<Record<string, RatedCurrency>> = Object.freeze({
  BTC: { en: 'Bitcoin', symbol: '₿', isoDecimals: 4, usd: 65_000 },
  ETH: { en: 'Ether', symbol: 'Ξ', isoDecimals: 4, usd: 3_200 },
})

// Six decimals as production answers (`USD: 75.50455, XRP: 54.329676` for INR); a rate below one
// (a crypto code) keeps eight significant digits instead of rounding to zero.
const round = (value: number) =>
  value >= 1 ? Math.round(value * 1e6) / 1e6 : Number(value.toPrecision(8))

const rated = (code: string): RatedCurrency | undefined =>
  Object.hasOwn(FIAT_CURRENCIES, code)
    ? FIAT_CURRENCIES[code]
    : Object.hasOwn(CRYPTO_CURRENCIES, code)
      ? CRYPTO_CURRENCIES[code]
      : undefined

/**
 * GET `rates/{CODE}` (docs/protocol.md §2): `{USD, XRP, __meta}`, how many units of CODE one US
 * dollar and one XRP buy; the code is upper-cased; fiat and crypto codes; unknown → 404.
 *
 * @example
 * ```ts
 * ratesFor('inr') // { USD: 83.333333, XRP: 43.333333, __meta: { currency: { code: 'INR', … } } }
 * ```
 */
export function ratesFor(code: string): RatesResponse {
  const upper = String(code).toUpperCase()
  const currency = rated(upper)
  if (!currency) throw notFound(`rates for currency ${upper.slice(0, 16)}`)
  return {
    USD: round(1 / currency.usd),
    XRP: round(XRP_USD / currency.usd),
    __meta: {
      currency: {
        en: currency.en,
        code: upper,
        symbol: currency.symbol,
        isoDecimals: currency.isoDecimals,
      },
    },
  }
}

/**
 * Price of one native unit in `currency` from {@link ratesFor} (the `XRP` rate; Xahau's native
 * asset has none), or null: the market the simulated ledger converts pay-with-anything through
 * (docs/protocol.md §8.5).
 *
 * @example
 * ```ts
 * nativePrice('USD', 'XRP') // 0.52
 * nativePrice('USD', 'XAH') // null
 * ```
 */
export function nativePrice(currency: string, native: string): number | null {
  if (native !== 'XRP' || !Object.hasOwn(FIAT_CURRENCIES, currency)) return null
  return ratesFor(currency).XRP
}
