/**
 * Amounts of Multi-Purpose Tokens (rippled `MPTAmount.h`, `STAmount` holding an `MPTIssue`): a
 * whole number of the token's smallest unit, at most 2^63 − 1 (`maxMPTokenAmount`), written in
 * JSON as `{mpt_issuance_id, value}` with `value` a base-10 integer string. `AssetScale` only
 * says where a wallet puts the decimal point.
 */

/** rippled `maxMPTokenAmount` (Protocol.h): 2^63 − 1. */
export const MAX_MPT_AMOUNT = 0x7fffffffffffffffn

/** An MPT amount read from JSON: the issuance's 48-hex id and the integer value. */
export interface MptAmount {
  readonly mptId: string
  readonly value: bigint
}

const MPT_ID = /^[0-9A-Fa-f]{48}$/
const INTEGER = /^-?\d{1,20}$/

/**
 * Whether a decoded amount names an MPT (`{mpt_issuance_id, value}`), valid or not.
 *
 * @example
 * ```ts
 * isMptJson({ mpt_issuance_id: id, value: '5' }) // true
 * isMptJson('1000') // false
 * ```
 */
export const isMptJson = (amount: unknown): amount is Record<string, unknown> =>
  typeof amount === 'object' && amount !== null && 'mpt_issuance_id' in amount

/**
 * The MPT amount of a decoded JSON amount, or null when it is none or not well formed (a 48-hex
 * id, an integer value).
 *
 * @example
 * ```ts
 * parseMptAmount({ mpt_issuance_id: id, value: '100' }) // { mptId: id, value: 100n }
 * ```
 */
export function parseMptAmount(amount: unknown): MptAmount | null {
  if (!isMptJson(amount)) return null
  const { mpt_issuance_id: id, value } = amount
  if (typeof id !== 'string' || !MPT_ID.test(id)) return null
  if (typeof value !== 'string' || !INTEGER.test(value)) return null
  return { mptId: id.toUpperCase(), value: BigInt(value) }
}

/**
 * An MPT amount as JSON.
 *
 * @example
 * ```ts
 * mptJson(id, 5n) // { mpt_issuance_id: id, value: '5' }
 * ```
 */
export const mptJson = (
  mptId: string,
  value: bigint,
): { mpt_issuance_id: string; value: string } => ({
  mpt_issuance_id: mptId,
  value: value.toString(),
})
