import { hexText } from './hex-text'

// What a person reads for the fields of OracleSet and OracleDelete (xrpl.org "OracleSet";
// rippled SetOracle.cpp): each price pair as "BTC/USD 67,000.12 (scale 2)", a pair without a price
// said to be removed, the update time (Unix seconds) as a UTC date, provider and class as text.

/**
 * Labels of the oracle fields.
 *
 * @example
 * ```ts
 * ORACLE_FIELD_LABELS.PriceDataSeries // 'Prices'
 * ```
 */
export const ORACLE_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  OracleDocumentID: 'Oracle',
  Provider: 'Provider',
  AssetClass: 'Asset class',
  LastUpdateTime: 'Prices as of',
  PriceDataSeries: 'Prices',
})

const ORACLE_TYPES = new Set(['OracleSet', 'OracleDelete'])

// A UInt64 price: a number, or hex digits as the binary codec takes a string.
function priceDigits(price: unknown): bigint | null {
  if (typeof price === 'number' && Number.isSafeInteger(price) && price >= 0) return BigInt(price)
  if (typeof price === 'string' && /^[0-9A-Fa-f]{1,16}$/.test(price)) return BigInt(`0x${price}`)
  return null
}

// `digits × 10^-scale` with thousands separators: 6700012, 2 → '67,000.12'.
function scaledText(digits: bigint, scale: number): string {
  const text = digits.toString().padStart(scale + 1, '0')
  const whole = text.slice(0, text.length - scale).replace(/\B(?=(\d{3})+$)/g, ',')
  const fraction = text.slice(text.length - scale)
  return fraction ? `${whole}.${fraction}` : whole
}

function pairText(entry: unknown): string {
  const data = (entry as { PriceData?: Record<string, unknown> } | null)?.PriceData ?? {}
  const pair = `${String(data.BaseAsset)}/${String(data.QuoteAsset)}`
  if (data.AssetPrice === undefined) return `${pair} removed (no price)`
  const digits = priceDigits(data.AssetPrice)
  const scale = typeof data.Scale === 'number' ? data.Scale : 0
  if (digits === null || scale < 0 || scale > 20)
    return `${pair} ${JSON.stringify(data.AssetPrice)}`
  return `${pair} ${scaledText(digits, scale)} (scale ${scale})`
}

/**
 * The readable text of an oracle field of `tx` (an OracleSet or OracleDelete), or null when it
 * is none of them.
 *
 * @example
 * ```ts
 * oracleFieldText('PriceDataSeries', [{ PriceData: { BaseAsset: 'BTC', QuoteAsset: 'USD', AssetPrice: 6700012, Scale: 2 } }], tx)
 * // 'BTC/USD 67,000.12 (scale 2)'
 * ```
 */
export function oracleFieldText(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): string | null {
  if (!ORACLE_TYPES.has(String(tx.TransactionType))) return null
  if (field === 'PriceDataSeries' && Array.isArray(value)) return value.map(pairText).join('; ')
  if (field === 'LastUpdateTime' && typeof value === 'number') {
    const iso = new Date(value * 1000).toISOString().replace('.000Z', ' UTC').replace('T', ' ')
    return `${iso} (${value})`
  }
  if (field === 'Provider' || field === 'AssetClass') return hexText(value)
  return null
}
