import type { JsonObject } from '../../codec/json-object'
import { currencyHex } from '../../state/keylets'
import type { LedgerValue } from '../../state/ledger-object'

/** One entry of an oracle's `PriceDataSeries`: `{ PriceData: { BaseAsset, QuoteAsset, AssetPrice?, Scale? } }`. */
export interface PriceData {
  BaseAsset: string
  QuoteAsset: string
  /** The price's digits, a UInt64 as hex (its JSON form); absent when not updated or deleting. */
  AssetPrice?: string
  /** The price's decimal places (0..20). */
  Scale?: number
}

/**
 * The price data of a series as written in a transaction or an Oracle (`{ PriceData: … }` each);
 * entries that are no object give an empty `PriceData`, which the rules refuse.
 *
 * @example
 * ```ts
 * priceDataOf(tx.PriceDataSeries)[0]?.BaseAsset // 'XRP'
 * ```
 */
export function priceDataOf(series: unknown): PriceData[] {
  if (!Array.isArray(series)) return []
  return series.map((entry) => {
    const inner = (entry as JsonObject | null)?.PriceData
    return (typeof inner === 'object' && inner !== null ? inner : {}) as unknown as PriceData
  })
}

/**
 * The key of a token pair (rippled SetOracle.cpp `tokenPairKey`): both currencies as the ledger
 * hashes them, so `'USD'` and its 40-hex form are one pair; keys sort as rippled's
 * `std::pair<Currency, Currency>`.
 *
 * @example
 * ```ts
 * pairKey({ BaseAsset: 'XRP', QuoteAsset: 'USD' }) // '000…000/000…5553440000000000'
 * ```
 */
export const pairKey = (data: Pick<PriceData, 'BaseAsset' | 'QuoteAsset'>): string =>
  `${currencyHex(data.BaseAsset)}/${currencyHex(data.QuoteAsset)}`

/**
 * The owner reserve items an oracle of `pairs` token pairs counts for (rippled SetOracle.cpp,
 * DeleteOracle.cpp): one up to five pairs, two from six.
 *
 * @example
 * ```ts
 * oracleReserveCount(6) // 2
 * ```
 */
export const oracleReserveCount = (pairs: number): number => (pairs > 5 ? 2 : 1)

/**
 * A series written back into a ledger object, in the order of its pairs' keys (rippled's
 * `std::map` of SetOracle.cpp).
 *
 * @example
 * ```ts
 * oracle.PriceDataSeries = sortedSeries(new Map([[pairKey(data), data]]))
 * ```
 */
export function sortedSeries(pairs: ReadonlyMap<string, PriceData>): LedgerValue {
  const keys = [...pairs.keys()].sort()
  return keys.map((key) => ({ PriceData: { ...pairs.get(key) } })) as unknown as LedgerValue
}
