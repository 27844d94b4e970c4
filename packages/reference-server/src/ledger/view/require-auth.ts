import type { LedgerAsset } from '../amounts/ledger-asset'
import { readAccount } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { LSF } from '../state/ledger-object'
import type { ReadView } from '../state/read-view'

/**
 * Whether `account` may hold `asset` (rippled View.cpp `requireAuth`): always the native asset
 * and an issuer's own; else, when the issuer set `RequireAuth`, only on a line the issuer
 * authorized (`tecNO_LINE` without a line, `tecNO_AUTH` on an unauthorized one). Null when it may.
 *
 * @example
 * ```ts
 * requireAuth(view, usd, holder) // 'tecNO_AUTH'
 * ```
 */
export function requireAuth(view: ReadView, asset: LedgerAsset, account: string): string | null {
  if (asset.issuer === null || asset.issuer === account) return null
  const issuer = readAccount(view, asset.issuer)
  if (!issuer || (issuer.Flags & LSF.AccountRoot.RequireAuth) === 0) return null
  const line = view.read(rippleStateIndex(account, asset.issuer, asset.currency))
  if (!line) return 'tecNO_LINE'
  // The issuer's side of the line carries the authorization.
  const issuerIsLow = (line.LowLimit as { issuer: string }).issuer === asset.issuer
  const auth = issuerIsLow ? LSF.RippleState.LowAuth : LSF.RippleState.HighAuth
  return (line.Flags & auth) === 0 ? 'tecNO_AUTH' : null
}
