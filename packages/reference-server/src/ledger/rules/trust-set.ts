import { IssuedValue } from '../amounts/issued-value'
import { isIssued } from '../amounts/ledger-asset'
import type { JsonObject } from '../codec/json-object'
import { adjustOwnerCount, balanceOf, readAccount, reserveFor } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { type AccountRoot, LSF, type RippleState } from '../state/ledger-object'
import type { ApplyView } from '../state/read-view'
import { createLine, deleteLine, heldBy, isLow, reservedBy } from '../state/trust-line'
import type { TransactionRules } from './transaction-rules'
import {
  TF_TRUST_SET,
  trustLineFlagsAfter,
  trustSetFlagsPreclaim,
  trustSetFlagsPreflight,
} from './trust-line-flags'

const TF = TF_TRUST_SET

// The sender's side of the line's auth, NoRipple and freeze flags (trust-line-flags.ts).
function switchLineFlags(
  view: ApplyView,
  line: RippleState,
  tx: JsonObject,
  account: Readonly<AccountRoot>,
): string {
  const outcome = trustLineFlagsAfter(line.Flags, tx, {
    high: !isLow(line, account.Account),
    noFreeze: (account.Flags & LSF.AccountRoot.NoFreeze) !== 0,
    holdsNegative: heldBy(line, account.Account).isNegative(),
  })
  if ('result' in outcome) return outcome.result
  line.Flags = outcome.flags
  view.update(line)
  return 'tesSUCCESS'
}

/**
 * TrustSet (docs/protocol.md §8.5): creates or changes the sender's side of a trust line (a
 * RippleState in both owner directories) to the `LimitAmount` issuer. A side with a non-zero
 * limit or a positive holding reserves the line (`lsfLowReserve`/`lsfHighReserve`, one owned
 * object: a new one the account cannot afford → `tecINSUFFICIENT_RESERVE`); a line no side
 * reserves, at zero balance, is deleted.
 *
 * @example
 * ```ts
 * trustSetRules.preflight({ LimitAmount: { currency: 'USD', issuer: sender, value: '1' }, Account: sender }, context) // 'temDST_IS_SRC'
 * ```
 */
export const trustSetRules: TransactionRules = {
  preflight(tx: JsonObject, context) {
    const flagged = trustSetFlagsPreflight(tx, context)
    if (flagged) return flagged
    const limit = tx.LimitAmount
    if (!isIssued(limit)) return 'temBAD_LIMIT'
    if (limit.currency === 'XRP') return 'temBAD_CURRENCY'
    if (limit.issuer === tx.Account) return 'temDST_IS_SRC'
    if (new IssuedValue(limit.value).isNegative()) return 'temBAD_LIMIT'
    return null
  },
  preclaim(view, tx) {
    const root = readAccount(view, String(tx.Account))
    return root ? trustSetFlagsPreclaim(tx, root.Flags) : 'terNO_ACCOUNT'
  },
  doApply({ view, tx, account }) {
    const limit = tx.LimitAmount as { currency: string; issuer: string; value: string }
    const sender = String(tx.Account)
    if (!readAccount(view, limit.issuer)) return 'tecNO_DST'
    const value = new IssuedValue(limit.value)
    const affordable = balanceOf(account) >= reserveFor(view.fees, account.OwnerCount + 1)
    const line = view.peek(rippleStateIndex(sender, limit.issuer, limit.currency)) as
      | RippleState
      | undefined
    if (!line) {
      // An authorization creates the line even at a zero limit (SetTrust::doApply).
      const authorizes = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF.SetfAuth) !== 0
      if (value.isZero() && !authorizes) return 'tesSUCCESS'
      if (!affordable) return 'tecINSUFFICIENT_RESERVE'
      const created = createLine(view, {
        account: sender,
        peer: limit.issuer,
        currency: limit.currency,
        limit: value.toString(),
      })
      if (!created) return 'tecDIR_FULL'
      return switchLineFlags(view, created, tx, account)
    }
    const low = isLow(line, sender)
    const reserved = reservedBy(line, sender)
    const wantsReserve = !value.isZero() || heldBy(line, sender).gt(0)
    if (wantsReserve && !reserved && !affordable) return 'tecINSUFFICIENT_RESERVE'
    const side = low ? 'LowLimit' : 'HighLimit'
    line[side] = { ...line[side], value: value.toString() }
    if (wantsReserve !== reserved) {
      line.Flags ^= low ? LSF.RippleState.LowReserve : LSF.RippleState.HighReserve
      adjustOwnerCount(view, account, wantsReserve ? 1 : -1)
    }
    const switched = switchLineFlags(view, line, tx, account)
    if (switched !== 'tesSUCCESS') return switched
    const anyReserve = LSF.RippleState.LowReserve | LSF.RippleState.HighReserve
    if ((line.Flags & anyReserve) === 0 && new IssuedValue(line.Balance.value).isZero()) {
      deleteLine(view, line)
    }
    return 'tesSUCCESS'
  },
}
