import type { JsonObject } from '../codec/json-object'
import { hasUnknownFlags, isBadCurrency, isPositive, lacks } from './preflight-fields'

// Check rules, rippled's CreateCheck.cpp, CashCheck.cpp and CancelCheck.cpp
// (docs/protocol.md §8.7).

// An amount in a multi-purpose token: MPTokensV2 is a disabled amendment.
const isMptAmount = (amount: unknown) =>
  typeof amount === 'object' && amount !== null && 'mpt_issuance_id' in amount

/**
 * CheckCreate's preflight (`CreateCheck::preflight`): not to oneself (`temREDUNDANT`), a
 * positive `SendMax` (`temBAD_AMOUNT`) in a currency other than "XRP" issued
 * (`temBAD_CURRENCY`), an `Expiration` other than 0 (`temBAD_EXPIRATION`).
 *
 * @example
 * ```ts
 * checkCreatePreflight({ Account: alice, Destination: alice, SendMax: '1' }) // 'temREDUNDANT'
 * ```
 */
export function checkCreatePreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Destination', 'SendMax')) return 'temMALFORMED'
  if (tx.Account === tx.Destination) return 'temREDUNDANT'
  if (isMptAmount(tx.SendMax)) return 'temDISABLED'
  if (!isPositive(tx.SendMax)) return 'temBAD_AMOUNT'
  if (isBadCurrency(tx.SendMax)) return 'temBAD_CURRENCY'
  if (tx.Expiration === 0) return 'temBAD_EXPIRATION'
  return null
}

/**
 * CheckCash's preflight (`CashCheck::preflight`): exactly one of `Amount` and `DeliverMin`
 * (`temMALFORMED`), positive (`temBAD_AMOUNT`), not issued "XRP" (`temBAD_CURRENCY`).
 *
 * @example
 * ```ts
 * checkCashPreflight({ CheckID, Amount: '1', DeliverMin: '1' }) // 'temMALFORMED'
 * ```
 */
export function checkCashPreflight(tx: JsonObject): string | null {
  if (isMptAmount(tx.Amount) || isMptAmount(tx.DeliverMin)) return 'temDISABLED'
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  if ((tx.Amount === undefined) === (tx.DeliverMin === undefined)) return 'temMALFORMED'
  const value = tx.Amount ?? tx.DeliverMin
  if (!isPositive(value)) return 'temBAD_AMOUNT'
  if (isBadCurrency(value)) return 'temBAD_CURRENCY'
  return null
}

/**
 * CheckCancel's preflight (`CancelCheck::preflight`): the universal flags and a `CheckID`.
 *
 * @example
 * ```ts
 * checkCancelPreflight({ CheckID }) // null
 * ```
 */
export function checkCancelPreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'CheckID')) return 'temMALFORMED'
  return null
}
