import type { AmendmentRules } from '../../amendments/amendment-table'
import { IssuedValue } from '../../amounts/issued-value'
import { accountIdOf } from '../../codec/account-ids'
import type { JsonObject } from '../../codec/json-object'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { LSF as LEDGER_FLAGS, type RippleState } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { onlyFlags, TF_UNIVERSAL } from './account-flags'

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
const QUALITY_ONE = 1_000_000_000
const ALLOWED = Object.values(TF).reduce((all, flag) => all | flag, TF_UNIVERSAL)
const has = (tx: JsonObject, flag: number) => (Number(tx.Flags ?? 0) & flag) !== 0

/**
 * The flag part of TrustSet's preflight (rippled `SetTrust::doPreflight`): flags outside the
 * mask, or a deep freeze without the DeepFreeze amendment → `temINVALID_FLAG`.
 *
 * @example
 * ```ts
 * trustSetFlagsPreflight({ Flags: TF_TRUST_SET.SetDeepFreeze }, table) // 'temINVALID_FLAG'
 * ```
 */
export function trustSetFlagsPreflight(tx: JsonObject, amendments: AmendmentRules): string | null {
  if (!onlyFlags(tx, ALLOWED)) return 'temINVALID_FLAG'
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
 * `tfClearFreeze` switch the freeze unless the sender set NoFreeze (then setting does nothing).
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
  const freeze = pick(LINE_FLAGS.LowFreeze, LINE_FLAGS.HighFreeze)
  if (has(tx, TF.SetFreeze) && !has(tx, TF.ClearFreeze) && !side.noFreeze) next |= freeze
  else if (has(tx, TF.ClearFreeze) && !has(tx, TF.SetFreeze)) next &= ~freeze
  return { flags: next >>> 0 }
}

/**
 * Whether a step of an issued payment from `src` to `dst` is frozen (rippled `checkFreeze`,
 * `StepChecks.h`): `dst` froze every line (`GlobalFreeze`), or froze this line. A payment that
 * only issues or only redeems (one step) is never frozen; a frozen step makes the payment fail
 * with `tecPATH_DRY` (`Payment.cpp` turns the path's `terNO_LINE` into it).
 *
 * @example
 * ```ts
 * stepFrozen({ dstHigh: true, dstFlags: 0, lineFlags: LSF.RippleState.HighFreeze }) // true
 * ```
 */
export function stepFrozen(step: {
  dstHigh: boolean
  dstFlags: number
  lineFlags: number
}): boolean {
  if ((step.dstFlags & LSF.GlobalFreeze) !== 0) return true
  const frozenByDst = step.dstHigh ? LINE_FLAGS.HighFreeze : LINE_FLAGS.LowFreeze
  return (step.lineFlags & frozenByDst) !== 0
}

/**
 * Whether an issuer's step to a holder lacks the authorization the issuer requires (rippled
 * `DirectIPaymentStep::check` → `terNO_AUTH`, a `tecPATH_DRY` payment): the issuer set
 * `RequireAuth`, did not authorize the line, and the line holds nothing.
 *
 * @example
 * ```ts
 * stepUnauthorized({ srcHigh: false, srcFlags: LSF.RequireAuth, lineFlags: 0, balanceZero: true }) // true
 * ```
 */
export function stepUnauthorized(step: {
  srcHigh: boolean
  srcFlags: number
  lineFlags: number
  balanceZero: boolean
}): boolean {
  if ((step.srcFlags & LSF.RequireAuth) === 0) return false
  const authorized = step.srcHigh ? LINE_FLAGS.HighAuth : LINE_FLAGS.LowAuth
  return (step.lineFlags & authorized) === 0 && step.balanceZero
}

/** One issuer's asset moving along a direct path, as {@link directPathResult} reads it. */
export interface DirectPath {
  sender: string
  destination: string
  currency: string
  issuer: string
}

// One step of a direct path: frozen (not for a path of one step) or missing the authorization the
// sending side requires.
function stepRefused(view: ReadView, src: string, dst: string, currency: string, only: boolean) {
  const line = view.read(rippleStateIndex(src, dst, currency)) as Readonly<RippleState> | undefined
  const srcRoot = readAccount(view, src)
  const dstRoot = readAccount(view, dst)
  if (!line || !srcRoot || !dstRoot) return false
  const srcHigh = accountIdOf(src) > accountIdOf(dst)
  const frozen =
    !only && stepFrozen({ dstHigh: !srcHigh, dstFlags: dstRoot.Flags, lineFlags: line.Flags })
  const balanceZero = new IssuedValue(line.Balance.value).isZero()
  return (
    frozen ||
    stepUnauthorized({ srcHigh, srcFlags: srcRoot.Flags, lineFlags: line.Flags, balanceZero })
  )
}

/**
 * Freezes and authorization along the path of an issued payment of one issuer's asset (rippled
 * `DirectStepI::check`, `DirectIPaymentStep::check`): holder to holder goes holder → issuer →
 * holder, and fails (`tecPATH_DRY`) when the issuer froze every line or the sender's line, when
 * the receiver froze its line, or when the issuer requires authorization of a receiving line it
 * has not authorized; a payment from or to the issuer itself is one step, never frozen, still
 * authorized. Null when the path is open.
 *
 * @example
 * ```ts
 * directPathResult(view, { sender: holder, destination: other, currency: 'USD', issuer }) // 'tecPATH_DRY'
 * ```
 */
export function directPathResult(view: ReadView, path: DirectPath): string | null {
  const { sender, destination, currency, issuer } = path
  const steps: Array<[string, string]> =
    sender === issuer || destination === issuer
      ? [[sender, destination]]
      : [
          [sender, issuer],
          [issuer, destination],
        ]
  const only = steps.length === 1
  const refused = steps.some(([src, dst]) => stepRefused(view, src, dst, currency, only))
  return refused ? 'tecPATH_DRY' : null
}

/**
 * The transfer rate an issuer charges when its asset moves between two holders (xrpl.org
 * "Transfer Fees", AccountRoot `TransferRate` / 1,000,000,000), 1 when it set none.
 *
 * @example
 * ```ts
 * transferRate(view, issuer) // 1.005 after an AccountSet with TransferRate: 1005000000
 * ```
 */
export function transferRate(view: ReadView, issuer: string): number {
  const rate = Number(readAccount(view, issuer)?.TransferRate ?? 0)
  return rate > QUALITY_ONE ? rate / QUALITY_ONE : 1
}
