import { MAX_MPT_AMOUNT } from '../amounts/mpt-amount'
import { LedgerNumber } from '../number/ledger-number'
import { mptIssuanceIndex, mptokenIndex } from '../state/keylets'
import { type LedgerObject, LSF } from '../state/ledger-object'
import type { ApplyView, ReadView } from '../state/read-view'
import { type Refusal, refuse } from './refusal'

/**
 * The view helpers of Multi-Purpose Tokens (rippled src/libxrpl/ledger/View.cpp `requireAuth`,
 * `canTransfer`, `isGlobalFrozen`, `isIndividualFrozen`, `isAnyFrozen`, `accountHolds`,
 * `transferRate`, `rippleCreditMPT`, `rippleSendMPT`; Rate2.cpp `multiply`/`divide`): the one
 * copy every MPT rule asks. Balances are whole numbers (bigint); the ledger writes them as
 * base-10 strings, and an MPToken's `MPTAmount` of 0 is left out (soeDEFAULT).
 */

/** rippled `QUALITY_ONE`: a transfer rate of 1 in parts per billion. */
export const PARITY_RATE = 1_000_000_000n

const SOURCE = 'View.cpp'

/**
 * The MPTokenIssuance of an issuance id, or undefined.
 *
 * @example
 * ```ts
 * readIssuance(view, mptId)?.Issuer
 * ```
 */
export const readIssuance = (view: ReadView, mptId: string): Readonly<LedgerObject> | undefined =>
  view.read(mptIssuanceIndex(mptId))

/**
 * A holder's MPToken of an issuance, or undefined.
 *
 * @example
 * ```ts
 * readMPToken(view, mptId, holder)?.Flags
 * ```
 */
export const readMPToken = (
  view: ReadView,
  mptId: string,
  holder: string,
): Readonly<LedgerObject> | undefined => view.read(mptokenIndex(mptId, holder))

/**
 * A UInt64 field of an MPT entry as a bigint (absent: 0).
 *
 * @example
 * ```ts
 * mptField(issuance, 'OutstandingAmount') // 100n
 * ```
 */
export const mptField = (object: Readonly<LedgerObject>, field: string): bigint => {
  const value = object[field]
  return typeof value === 'string' ? BigInt(value) : 0n
}

const hasFlag = (object: Readonly<LedgerObject> | undefined, flag: number) =>
  object !== undefined && (object.Flags & flag) !== 0

/**
 * rippled `requireAuth` for an MPT: the issuer always passes; a holder without an MPToken, or
 * without `lsfMPTAuthorized` when the issuance requires it, is `tecNO_AUTH`; no issuance is
 * `tecOBJECT_NOT_FOUND`. Null when `account` may hold the token.
 *
 * @example
 * ```ts
 * const refusal = mptAuthRefusal(view, mptId, holder)
 * if (refusal) return refusal
 * ```
 */
export function mptAuthRefusal(view: ReadView, mptId: string, account: string): Refusal | null {
  const issuance = readIssuance(view, mptId)
  if (!issuance) {
    return refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
  }
  if (issuance.Issuer === account) return null
  const token = readMPToken(view, mptId, account)
  if (!token) {
    const detail = `${account} holds no MPToken of ${mptId} (MPTokenAuthorize first)`
    return refuse('tecNO_AUTH', 'mpt-not-held', detail, SOURCE)
  }
  if (
    hasFlag(issuance, LSF.MPTokenIssuance.RequireAuth) &&
    !hasFlag(token, LSF.MPToken.Authorized)
  ) {
    const detail = `the issuance ${mptId} requires authorization and ${account}'s MPToken is not authorized`
    return refuse('tecNO_AUTH', 'mpt-unauthorized', detail, SOURCE)
  }
  return null
}

/**
 * rippled `canTransfer`: without `lsfMPTCanTransfer`, only the issuer may send or be sent the
 * token (`tecNO_AUTH` between holders). Null when allowed.
 *
 * @example
 * ```ts
 * mptTransferRefusal(view, mptId, alice, bob) // tecNO_AUTH without CanTransfer
 * ```
 */
export function mptTransferRefusal(
  view: ReadView,
  mptId: string,
  from: string,
  to: string,
): Refusal | null {
  const issuance = readIssuance(view, mptId)
  if (!issuance) {
    return refuse('tecOBJECT_NOT_FOUND', 'mpt-missing', `no MPT issuance ${mptId}`, SOURCE)
  }
  if (hasFlag(issuance, LSF.MPTokenIssuance.CanTransfer)) return null
  if (from === issuance.Issuer || to === issuance.Issuer) return null
  const detail = `the issuance ${mptId} is not transferable (no lsfMPTCanTransfer): ${from} cannot send it to ${to}`
  return refuse('tecNO_AUTH', 'mpt-not-transferable', detail, SOURCE)
}

/**
 * rippled `isAnyFrozen` for an MPT: the issuance is locked, or one of `accounts`' MPTokens is.
 *
 * @example
 * ```ts
 * isAnyMptLocked(view, mptId, [alice, bob])
 * ```
 */
export function isAnyMptLocked(
  view: ReadView,
  mptId: string,
  accounts: readonly string[],
): boolean {
  if (hasFlag(readIssuance(view, mptId), LSF.MPTokenIssuance.Locked)) return true
  return accounts.some((account) => hasFlag(readMPToken(view, mptId, account), LSF.MPToken.Locked))
}

/**
 * What `account` holds of an MPT (rippled `accountHolds` with `fhIGNORE_FREEZE`,
 * `ahIGNORE_AUTH`): its MPToken's `MPTAmount`, 0 without one.
 *
 * @example
 * ```ts
 * mptHolds(view, mptId, holder) // 40n
 * ```
 */
export function mptHolds(view: ReadView, mptId: string, account: string): bigint {
  const token = readMPToken(view, mptId, account)
  return token ? mptField(token, 'MPTAmount') : 0n
}

/**
 * rippled `transferRate(view, MPTID)`: 1,000,000,000 + 10,000 × `TransferFee` parts per billion,
 * parity without a fee.
 *
 * @example
 * ```ts
 * mptTransferRate(view, mptId) // 1_005_000_000n for a TransferFee of 500 (0.5 %)
 * ```
 */
export function mptTransferRate(view: ReadView, mptId: string): bigint {
  const fee = readIssuance(view, mptId)?.TransferFee
  return typeof fee === 'number' ? PARITY_RATE + 10_000n * BigInt(fee) : PARITY_RATE
}

/**
 * An MPT amount times a transfer rate (rippled `multiply(STAmount, Rate)`: `Number` arithmetic,
 * the product rounded to the nearest whole unit, ties to even).
 *
 * @example
 * ```ts
 * multiplyByRate(1000n, 1_005_000_000n) // 1005n
 * ```
 */
export function multiplyByRate(amount: bigint, rate: bigint): bigint {
  if (rate === PARITY_RATE || amount === 0n) return amount
  return LedgerNumber.of(amount).times(LedgerNumber.of(rate, -9)).toBigInt()
}

// Brings a whole number up to a 16-digit mantissa (rippled STAmount::cMinValue), as divide does.
function mantissaOf(value: bigint): { mantissa: bigint; exponent: number } {
  let mantissa = value
  let exponent = 0
  while (mantissa < 1_000_000_000_000_000n) {
    mantissa *= 10n
    exponent -= 1
  }
  return { mantissa, exponent }
}

/**
 * An MPT amount divided by a transfer rate (rippled `divide(STAmount, Rate)`: the mantissas
 * divided with 17 more digits, 5 added, then made a whole number to the nearest, ties to even).
 *
 * @example
 * ```ts
 * divideByRate(1005n, 1_005_000_000n) // 1000n
 * ```
 */
export function divideByRate(amount: bigint, rate: bigint): bigint {
  if (rate === PARITY_RATE || amount === 0n) return amount
  const num = mantissaOf(amount)
  // The rate as an IOU amount of rate × 10^-9, normalized to 16 digits.
  const den = mantissaOf(rate)
  const quotient = (num.mantissa * 10n ** 17n) / den.mantissa + 5n
  const shift = -(num.exponent - (den.exponent - 9) - 17)
  if (shift <= 0) return quotient * 10n ** BigInt(-shift)
  const scale = 10n ** BigInt(shift)
  const whole = quotient / scale
  const twice = (quotient % scale) * 2n
  return twice > scale || (twice === scale && whole % 2n === 1n) ? whole + 1n : whole
}

function setAmount(view: ApplyView, object: LedgerObject, field: string, value: bigint): void {
  if (value === 0n && field === 'MPTAmount') delete object[field]
  else object[field] = value.toString()
  view.update(object)
}

/**
 * rippled `rippleCreditMPT`: moves `amount` from `sender` to `receiver`, the issuer's side
 * changing `OutstandingAmount` (issued when it sends, redeemed when it receives). A holder
 * short of the amount is `tecINSUFFICIENT_FUNDS`; one without an MPToken `tecNO_AUTH`.
 * Authorization is the caller's to check first.
 *
 * @example
 * ```ts
 * mptCredit(view, mptId, holder, issuer, 5n) // a burn
 * ```
 */
export function mptCredit(
  view: ApplyView,
  mptId: string,
  sender: string,
  receiver: string,
  amount: bigint,
): string {
  const issuance = view.peek(mptIssuanceIndex(mptId))
  if (!issuance) return 'tecOBJECT_NOT_FOUND'
  const issuer = String(issuance.Issuer)
  if (sender === issuer) {
    setAmount(view, issuance, 'OutstandingAmount', mptField(issuance, 'OutstandingAmount') + amount)
  } else {
    const token = view.peek(mptokenIndex(mptId, sender))
    if (!token) return 'tecNO_AUTH'
    const held = mptField(token, 'MPTAmount')
    if (held < amount) return 'tecINSUFFICIENT_FUNDS'
    setAmount(view, token, 'MPTAmount', held - amount)
  }
  if (receiver === issuer) {
    const current = view.peek(mptIssuanceIndex(mptId)) as LedgerObject
    const outstanding = mptField(current, 'OutstandingAmount')
    if (outstanding < amount) return 'tecINTERNAL'
    setAmount(view, current, 'OutstandingAmount', outstanding - amount)
  } else {
    const token = view.peek(mptokenIndex(mptId, receiver))
    if (!token) return 'tecNO_AUTH'
    setAmount(view, token, 'MPTAmount', mptField(token, 'MPTAmount') + amount)
  }
  return 'tesSUCCESS'
}

/**
 * rippled `rippleSendMPT` (through `accountSend`): from or to the issuer, a direct credit, an
 * issue above `MaximumAmount` (default 2^63 − 1) being `tecPATH_DRY`; between holders, the
 * issuer issues `amount` to the receiver and the sender redeems `amount` × the transfer rate,
 * so the fee is burned.
 *
 * @example
 * ```ts
 * mptSend(view, mptId, alice, bob, 100n) // 'tesSUCCESS': bob +100, alice −100 × rate
 * ```
 */
export function mptSend(
  view: ApplyView,
  mptId: string,
  sender: string,
  receiver: string,
  amount: bigint,
): string {
  const issuance = view.read(mptIssuanceIndex(mptId))
  if (!issuance) return 'tecOBJECT_NOT_FOUND'
  const issuer = String(issuance.Issuer)
  if (sender === issuer || receiver === issuer) {
    if (sender === issuer) {
      const maximum =
        issuance.MaximumAmount === undefined ? MAX_MPT_AMOUNT : mptField(issuance, 'MaximumAmount')
      const outstanding = mptField(issuance, 'OutstandingAmount')
      if (amount > maximum || outstanding > maximum - amount) return 'tecPATH_DRY'
    }
    return mptCredit(view, mptId, sender, receiver, amount)
  }
  const actual = multiplyByRate(amount, mptTransferRate(view, mptId))
  const issued = mptCredit(view, mptId, issuer, receiver, amount)
  if (issued !== 'tesSUCCESS') return issued
  return mptCredit(view, mptId, sender, issuer, actual)
}
