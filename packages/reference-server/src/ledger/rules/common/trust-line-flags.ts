import type { AmendmentRules } from '../../amendments/amendment-table'
import type { JsonObject } from '../../codec/json-object'
import { LSF as LEDGER_FLAGS } from '../../state/ledger-object'
import { type Refusal, refuse } from '../../view/refusal'

const LSF = LEDGER_FLAGS.AccountRoot

/**
 * TrustSet's transaction flags (xrpl.org "TrustSet Flags", rippled `TxFlags.h`).
 *
 * @example
 * ```ts
 * const authorize = { TransactionType: 'TrustSet', Flags: TF_TRUST_SET.SetfAuth, LimitAmount }
 * ```
 */
export const TF_TRUST_SET = Object.freeze({
  SetfAuth: 0x00010000,
  SetNoRipple: 0x00020000,
  ClearNoRipple: 0x00040000,
  SetFreeze: 0x00100000,
  ClearFreeze: 0x00200000,
  SetDeepFreeze: 0x00400000,
  ClearDeepFreeze: 0x00800000,
})

// RippleState `Flags` (xrpl.org "RippleState", rippled `LedgerFormats.h`).
const LINE_FLAGS = LEDGER_FLAGS.RippleState

const TF = TF_TRUST_SET

/**
 * The flags TrustSet defines (TxFlags.h tfTrustSetMask's complement): its rules' `flags`.
 *
 * @example
 * ```ts
 * TRUST_SET_FLAGS & TF_TRUST_SET.SetFreeze // TF_TRUST_SET.SetFreeze
 * ```
 */
export const TRUST_SET_FLAGS = Object.values(TF).reduce((all, flag) => all | flag, 0)
const has = (tx: JsonObject, flag: number) => (Number(tx.Flags ?? 0) & flag) !== 0

/**
 * The flag part of TrustSet's preflight (rippled `SetTrust::doPreflight`) beyond its mask (the
 * rules' `flags`): a deep freeze without the DeepFreeze amendment → `temINVALID_FLAG`.
 *
 * @example
 * ```ts
 * trustSetFlagsPreflight({ Flags: TF_TRUST_SET.SetDeepFreeze }, table) // 'temINVALID_FLAG'
 * ```
 */
export function trustSetFlagsPreflight(tx: JsonObject, amendments: AmendmentRules): string | null {
  const deep = has(tx, TF.SetDeepFreeze) || has(tx, TF.ClearDeepFreeze)
  return deep && !amendments.enabled('DeepFreeze') ? 'temINVALID_FLAG' : null
}

/**
 * The flag part of TrustSet's preclaim (rippled `SetTrust::preclaim`): authorizing a line needs
 * `RequireAuth` on the authorizing account (`tefNO_AUTH_REQUIRED`).
 *
 * @example
 * ```ts
 * trustSetFlagsPreclaim({ Flags: TF_TRUST_SET.SetfAuth }, 0) // 'tefNO_AUTH_REQUIRED'
 * ```
 */
export function trustSetFlagsPreclaim(tx: JsonObject, accountFlags: number): string | null {
  return has(tx, TF.SetfAuth) && (accountFlags & LSF.RequireAuth) === 0
    ? 'tefNO_AUTH_REQUIRED'
    : null
}

/** The sender's side of the line and what it knows of itself, for {@link trustLineFlagsAfter}. */
export interface TrustSide {
  /** The sender is the line's high account (its AccountID sorts above the other's). */
  high: boolean
  /** The sender's AccountRoot has `lsfNoFreeze`: it can no longer freeze. */
  noFreeze: boolean
  /** What the sender holds on the line (negative: it owes). */
  holdsNegative: boolean
}

/**
 * The RippleState `Flags` a TrustSet leaves on the sender's side (rippled `SetTrust::doApply`):
 * `tfSetfAuth` authorizes the line (once set, for good), `tfSetNoRipple`/`tfClearNoRipple` switch
 * NoRipple (setting it while the sender owes → `tecNO_PERMISSION`, fix1578), `tfSetFreeze`/
 * `tfClearFreeze` and the deep freeze flags switch the freezes ({@link freezeFlagsAfter}).
 *
 * @example
 * ```ts
 * trustLineFlagsAfter(0, { Flags: TF_TRUST_SET.SetFreeze }, { high: true, noFreeze: false, holdsNegative: false })
 * // { flags: LSF.RippleState.HighFreeze }
 * ```
 */
export function trustLineFlagsAfter(
  flags: number,
  tx: JsonObject,
  side: TrustSide,
): { flags: number } | { result: string } {
  const pick = (low: number, high: number) => (side.high ? high : low)
  let next = flags
  if (has(tx, TF.SetfAuth)) next |= pick(LINE_FLAGS.LowAuth, LINE_FLAGS.HighAuth)
  const noRipple = pick(LINE_FLAGS.LowNoRipple, LINE_FLAGS.HighNoRipple)
  if (has(tx, TF.SetNoRipple) && !has(tx, TF.ClearNoRipple)) {
    if (side.holdsNegative) return { result: 'tecNO_PERMISSION' }
    next |= noRipple
  } else if (has(tx, TF.ClearNoRipple) && !has(tx, TF.SetNoRipple)) {
    next &= ~noRipple
  }
  return { flags: freezeFlagsAfter(next, tx, side) }
}

/**
 * The freeze and deep-freeze flags of the sender's side after a TrustSet (rippled SetTrust.cpp
 * `computeFreezeFlags`): `tfSetFreeze`/`tfClearFreeze` and `tfSetDeepFreeze`/`tfClearDeepFreeze`
 * each switch their flag, neither set when the sender set NoFreeze, a set and a clear of one
 * flag together doing nothing.
 *
 * @example
 * ```ts
 * freezeFlagsAfter(0, { Flags: TF_TRUST_SET.SetFreeze | TF_TRUST_SET.SetDeepFreeze }, side)
 * // LowFreeze | LowDeepFreeze for a low sender
 * ```
 */
export function freezeFlagsAfter(
  flags: number,
  tx: JsonObject,
  side: Pick<TrustSide, 'high' | 'noFreeze'>,
): number {
  const pick = (low: number, high: number) => (side.high ? high : low)
  let next = flags
  const switchFlag = (set: number, clear: number, flag: number) => {
    if (has(tx, set) && !has(tx, clear) && !side.noFreeze) next |= flag
    else if (has(tx, clear) && !has(tx, set)) next &= ~flag
  }
  switchFlag(TF.SetFreeze, TF.ClearFreeze, pick(LINE_FLAGS.LowFreeze, LINE_FLAGS.HighFreeze))
  switchFlag(
    TF.SetDeepFreeze,
    TF.ClearDeepFreeze,
    pick(LINE_FLAGS.LowDeepFreeze, LINE_FLAGS.HighDeepFreeze),
  )
  return next >>> 0
}

/**
 * DeepFreeze's part of TrustSet's preclaim (rippled SetTrust.cpp `preclaim`, "Checking all
 * freeze/deep freeze flag invariants"): a sender that set NoFreeze cannot freeze or deep freeze,
 * freezing and unfreezing in one transaction is refused, and the line after it may not be deep
 * frozen without being frozen (setting a deep freeze on a line not frozen, or clearing the freeze
 * of a deep-frozen one): each `tecNO_PERMISSION`. `lineFlags` is the line's `Flags` (0 without
 * one).
 *
 * @example
 * ```ts
 * deepFreezePreclaim({ Flags: TF_TRUST_SET.SetDeepFreeze }, 0, { high: false, noFreeze: false }) // refused: not frozen
 * ```
 */
export function deepFreezePreclaim(
  tx: JsonObject,
  lineFlags: number,
  side: Pick<TrustSide, 'high' | 'noFreeze'>,
): Refusal | null {
  const source = 'SetTrust.cpp'
  const setting = has(tx, TF.SetFreeze) || has(tx, TF.SetDeepFreeze)
  if (side.noFreeze && setting) {
    return refuse(
      'tecNO_PERMISSION',
      'freeze-with-no-freeze',
      'the sender set NoFreeze: it can no longer freeze',
      source,
    )
  }
  if (setting && (has(tx, TF.ClearFreeze) || has(tx, TF.ClearDeepFreeze))) {
    return refuse(
      'tecNO_PERMISSION',
      'freeze-and-unfreeze',
      'the transaction both freezes and unfreezes the line',
      source,
    )
  }
  const after = freezeFlagsAfter(lineFlags, tx, side)
  const pick = (low: number, high: number) => (side.high ? high : low)
  const frozen = after & pick(LINE_FLAGS.LowFreeze, LINE_FLAGS.HighFreeze)
  const deep = after & pick(LINE_FLAGS.LowDeepFreeze, LINE_FLAGS.HighDeepFreeze)
  if (deep && !frozen) {
    return refuse(
      'tecNO_PERMISSION',
      'deep-freeze-unfrozen',
      'the line would be deep frozen without being frozen',
      source,
    )
  }
  return null
}
