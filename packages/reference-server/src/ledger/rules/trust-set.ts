import { IssuedValue } from '../amounts/issued-value'
import { isIssued } from '../amounts/ledger-asset'
import type { JsonObject } from '../codec/json-object'
import { adjustOwnerCount, balanceOf, readAccount, reserveFor } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { LSF, type RippleState } from '../state/ledger-object'
import { createLine, deleteLine, heldBy, isLow, reservedBy } from '../state/trust-line'
import type { TransactionRules } from './transaction-rules'

// TrustSet flag: the sender's side of a new line blocks rippling.
const TF_SET_NO_RIPPLE = 0x00020000

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
  preflight(tx: JsonObject) {
    const limit = tx.LimitAmount
    if (!isIssued(limit)) return 'temBAD_LIMIT'
    if (limit.currency === 'XRP') return 'temBAD_CURRENCY'
    if (limit.issuer === tx.Account) return 'temDST_IS_SRC'
    if (new IssuedValue(limit.value).isNegative()) return 'temBAD_LIMIT'
    return null
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
      if (value.isZero()) return 'tesSUCCESS'
      if (!affordable) return 'tecINSUFFICIENT_RESERVE'
      const noRipple = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF_SET_NO_RIPPLE) !== 0
      const created = createLine(view, {
        account: sender,
        peer: limit.issuer,
        currency: limit.currency,
        limit: value.toString(),
        noRipple,
      })
      return created ? 'tesSUCCESS' : 'tecDIR_FULL'
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
    view.update(line)
    const anyReserve = LSF.RippleState.LowReserve | LSF.RippleState.HighReserve
    if ((line.Flags & anyReserve) === 0 && new IssuedValue(line.Balance.value).isZero()) {
      deleteLine(view, line)
    }
    return 'tesSUCCESS'
  },
}
