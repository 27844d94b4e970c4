import type { JsonObject } from '../codec/json-object'
import { parseCondition } from './crypto-condition'
import { hasUnknownFlags, isPositiveNative, lacks } from './preflight-fields'

// Escrow rules, rippled's src/xrpld/app/tx/detail/Escrow.cpp (docs/protocol.md §8.7). Native
// amounts only: token escrow (TokenEscrow) is a disabled amendment.

/**
 * EscrowCreate's preflight (`EscrowCreate::preflight`): a positive native `Amount`
 * (`temBAD_AMOUNT`), a `FinishAfter` or a `CancelAfter`, the cancel strictly after the finish
 * (`temBAD_EXPIRATION`), a `FinishAfter` or a `Condition`, and a condition that parses
 * (`temMALFORMED`).
 *
 * @example
 * ```ts
 * escrowCreatePreflight({ Amount: '1', Destination, CancelAfter: 10, FinishAfter: 10 }) // 'temBAD_EXPIRATION'
 * ```
 */
export function escrowCreatePreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Amount', 'Destination')) return 'temMALFORMED'
  if (!isPositiveNative(tx.Amount)) return 'temBAD_AMOUNT'
  const finishAfter = tx.FinishAfter
  const cancelAfter = tx.CancelAfter
  if (cancelAfter === undefined && finishAfter === undefined) return 'temBAD_EXPIRATION'
  if (
    typeof cancelAfter === 'number' &&
    typeof finishAfter === 'number' &&
    cancelAfter <= finishAfter
  ) {
    return 'temBAD_EXPIRATION'
  }
  // fix1571: without a FinishAfter, an escrow with no condition could be finished at once.
  if (finishAfter === undefined && tx.Condition === undefined) return 'temMALFORMED'
  if (typeof tx.Condition === 'string' && !parseCondition(Buffer.from(tx.Condition, 'hex')).ok) {
    return 'temMALFORMED'
  }
  return null
}

/**
 * EscrowFinish's preflight (`EscrowFinish::preflight`): a `Condition` and a `Fulfillment` come
 * together or not at all (`temMALFORMED`); `CredentialIDs` need the disabled Credentials
 * amendment (`temDISABLED`). Whether the fulfillment fulfills is judged when it applies
 * (`tecCRYPTOCONDITION_ERROR`).
 *
 * @example
 * ```ts
 * escrowFinishPreflight({ Owner, OfferSequence: 7, Fulfillment: 'A0028000' }) // 'temMALFORMED'
 * ```
 */
export function escrowFinishPreflight(tx: JsonObject): string | null {
  if (tx.CredentialIDs !== undefined) return 'temDISABLED'
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Owner', 'OfferSequence')) return 'temMALFORMED'
  if ((tx.Condition === undefined) !== (tx.Fulfillment === undefined)) return 'temMALFORMED'
  return null
}

/**
 * EscrowCancel's preflight (`EscrowCancel::preflight`): the universal flags only, and the
 * escrow's `Owner` and `OfferSequence`.
 *
 * @example
 * ```ts
 * escrowCancelPreflight({ Owner, OfferSequence: 7, Flags: 1 }) // 'temINVALID_FLAG'
 * ```
 */
export function escrowCancelPreflight(tx: JsonObject): string | null {
  if (hasUnknownFlags(tx)) return 'temINVALID_FLAG'
  if (lacks(tx, 'Owner', 'OfferSequence')) return 'temMALFORMED'
  return null
}

/**
 * What an EscrowFinish adds to the base fee for its `Fulfillment` (hex) (`EscrowFinish::calculateBaseFee`):
 * base fee × (32 + fulfillment bytes / 16, rounded down); nothing without one. A transaction that
 * pays less than the whole is `telINSUF_FEE_P`.
 *
 * @example
 * ```ts
 * escrowFinishExtraFee('A0028000', 10n) // 320n: 10 × (32 + 4 / 16)
 * ```
 */
export function escrowFinishExtraFee(fulfillment: unknown, base: bigint): bigint {
  if (typeof fulfillment !== 'string') return 0n
  const size = BigInt(Math.floor(fulfillment.length / 2))
  return base * (32n + size / 16n)
}
