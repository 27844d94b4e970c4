import type { LedgerAsset } from '../../amounts/ledger-asset'
import { accountIdOf } from '../../codec/account-ids'
import { readAccount } from '../../state/account-root'
import { rippleStateIndex } from '../../state/keylets'
import { LSF, type RippleState } from '../../state/ledger-object'
import type { ReadView } from '../../state/read-view'
import { isGlobalFrozen } from '../../view/freeze'
import { type Refusal, refuse } from '../../view/refusal'

/**
 * Whether an issued asset may move between `parties` outside the payment engine (xahaud View.h
 * `trustTransferAllowed`, used by URITokenBuy and Remit): the issuer must exist (`tecNO_ISSUER`)
 * and not freeze globally; for each party but the issuer, a missing line bars only under
 * RequireAuth (`tecNO_AUTH`), and a line frozen on the issuer's side (`tecFROZEN`), with NoRipple
 * on the issuer's side when two parties trade (`tecPATH_DRY`), or not authorized under
 * RequireAuth (`tecNO_AUTH`) bars it. Null when it may move. (xahaud's checks of a line's
 * `LockedBalance` are left out: this node makes no locked balances.)
 *
 * @example
 * ```ts
 * const barred = trustTransferRefusal(view, [buyer, seller], { currency: 'USD', issuer }, 'URIToken.cpp')
 * if (barred) return barred
 * ```
 */
export function trustTransferRefusal(
  view: ReadView,
  parties: readonly string[],
  asset: LedgerAsset,
  source: string,
): Refusal | null {
  const issuer = asset.issuer as string
  const issuerRoot = readAccount(view, issuer)
  if (!issuerRoot) return refuse('tecNO_ISSUER', 'issuer-missing', `no account ${issuer}`, source)
  if (isGlobalFrozen(view, asset)) {
    return refuse('tecFROZEN', 'global-freeze', `${issuer} froze ${asset.currency}`, source)
  }
  const requireAuth = (issuerRoot.Flags & LSF.AccountRoot.RequireAuth) !== 0
  for (const party of parties) {
    if (party === issuer) continue
    const line = view.read(rippleStateIndex(party, issuer, asset.currency)) as
      | Readonly<RippleState>
      | undefined
    if (!line) {
      if (!requireAuth) continue
      const detail = `${issuer} requires authorization and ${party} has no ${asset.currency} line`
      return refuse('tecNO_AUTH', 'line-unauthorized', detail, source)
    }
    // The issuer's side of the line: low when the party's AccountID is the higher.
    const issuerLow = accountIdOf(party) > accountIdOf(issuer)
    const side = LSF.RippleState
    const flags = line.Flags
    if ((flags & (issuerLow ? side.LowFreeze : side.HighFreeze)) !== 0) {
      const detail = `${issuer} froze the ${asset.currency} line of ${party}`
      return refuse('tecFROZEN', 'line-frozen', detail, source)
    }
    if (parties.length > 1 && (flags & (issuerLow ? side.LowNoRipple : side.HighNoRipple)) !== 0) {
      const detail = `${issuer} set NoRipple on the ${asset.currency} line of ${party}`
      return refuse('tecPATH_DRY', 'line-no-ripple', detail, source)
    }
    if (requireAuth && (flags & (issuerLow ? side.LowAuth : side.HighAuth)) === 0) {
      const detail = `${issuer} has not authorized the ${asset.currency} line of ${party}`
      return refuse('tecNO_AUTH', 'line-unauthorized', detail, source)
    }
  }
  return null
}
