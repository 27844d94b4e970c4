import type { IssuedJson } from '../state/ledger-object'
import { IssuedValue } from './issued-value'
import { isIssued, type LedgerAsset } from './ledger-asset'

/**
 * An amount as the order book works with it (rippled's STAmount): its asset and its value in
 * the ledger's own unit, whole drops for the native asset, the issued value otherwise.
 *
 * @example
 * ```ts
 * const fiveXrp: BookAmount = { asset: { currency: 'XRP', issuer: null }, value: new IssuedValue(5_000_000) }
 * ```
 */
export interface BookAmount {
  asset: LedgerAsset
  value: IssuedValue
}

/**
 * Reads a decoded amount (drops as a string, or `{currency, issuer, value}`); `native` names the
 * network's native asset.
 *
 * @example
 * ```ts
 * bookAmountOf('1000', 'XRP').value.toString() // '1000'
 * ```
 */
export function bookAmountOf(amount: unknown, native: string): BookAmount {
  if (isIssued(amount)) {
    return {
      asset: { currency: amount.currency, issuer: amount.issuer },
      value: new IssuedValue(amount.value),
    }
  }
  return { asset: { currency: native, issuer: null }, value: new IssuedValue(String(amount)) }
}

/**
 * The amount as the ledger writes it: drops as an integer string, or `{currency, issuer, value}`.
 *
 * @example
 * ```ts
 * amountJson({ asset: { currency: 'XRP', issuer: null }, value: new IssuedValue(12) }) // '12'
 * ```
 */
export function amountJson(amount: BookAmount): string | IssuedJson {
  const { asset, value } = amount
  if (asset.issuer === null) return value.toFixed(0)
  return { currency: asset.currency, issuer: asset.issuer, value: value.toString() }
}

/**
 * The same asset with another value.
 *
 * @example
 * ```ts
 * withValue(takerPays, new IssuedValue(0))
 * ```
 */
export const withValue = (amount: BookAmount, value: IssuedValue): BookAmount => ({
  asset: amount.asset,
  value,
})
