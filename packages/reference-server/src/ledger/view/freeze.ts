import type { LedgerAsset } from '../amounts/ledger-asset'
import { readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { LSF, type RippleState } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'

/**
 * The freeze checks every rule asks (rippled src/libxrpl/ledger/View.cpp `isGlobalFrozen`,
 * `isIndividualFrozen`, `isFrozen`, `isDeepFrozen`; xrpl.org "Freezes", "Deep Freeze"): the one
 * copy of them.
 */

const line = (view: ReadView, account: string, asset: LedgerAsset) =>
  view.read(rippleStateIndex(account, asset.issuer as string, asset.currency)) as
    | Readonly<RippleState>
    | undefined

/**
 * Whether the issuer of an asset set `GlobalFreeze` (rippled `isGlobalFrozen`); never the native
 * asset.
 *
 * @example
 * ```ts
 * isGlobalFrozen(view, { currency: 'USD', issuer }) // false
 * ```
 */
export function isGlobalFrozen(view: ReadView, asset: LedgerAsset): boolean {
  if (asset.issuer === null) return false
  const root = readAccount(view, asset.issuer)
  return root !== undefined && (root.Flags & LSF.AccountRoot.GlobalFreeze) !== 0
}

/**
 * Whether the issuer froze `account`'s line for the asset (rippled `isIndividualFrozen`).
 *
 * @example
 * ```ts
 * isIndividualFrozen(view, holder, usd) // true after the issuer's tfSetFreeze
 * ```
 */
export function isIndividualFrozen(view: ReadView, account: string, asset: LedgerAsset): boolean {
  if (asset.issuer === null || asset.issuer === account) return false
  const found = line(view, account, asset)
  if (!found) return false
  // The issuer's side of the line carries its freeze.
  const issuerIsLow = found.LowLimit.issuer === asset.issuer
  return (
    (found.Flags & (issuerIsLow ? LSF.RippleState.LowFreeze : LSF.RippleState.HighFreeze)) !== 0
  )
}

/**
 * Whether `account`'s holding of an asset is frozen (rippled `isFrozen`): the issuer's
 * `GlobalFreeze` (for its own account too), or the issuer's freeze on the line.
 *
 * @example
 * ```ts
 * isFrozen(view, holder, usd)
 * ```
 */
export const isFrozen = (view: ReadView, account: string, asset: LedgerAsset): boolean =>
  isGlobalFrozen(view, asset) || isIndividualFrozen(view, account, asset)

const DEEP_FREEZE = LSF.RippleState.LowDeepFreeze | LSF.RippleState.HighDeepFreeze

/**
 * Whether `account`'s line for an asset is deep frozen by either side (rippled `isDeepFrozen`,
 * DeepFreeze): it can then neither send nor receive the asset.
 *
 * @example
 * ```ts
 * isDeepFrozen(view, owner, usd) // false
 * ```
 */
export function isDeepFrozen(view: ReadView, account: string, asset: LedgerAsset): boolean {
  if (asset.issuer === null || asset.issuer === account) return false
  const found = line(view, account, asset)
  return found !== undefined && (found.Flags & DEEP_FREEZE) !== 0
}
