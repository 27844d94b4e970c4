import { IssuedValue } from '../amounts/issued-value'
import { isIssued } from '../amounts/ledger-asset'
import type { JsonObject } from '../codec/json-object'
import { adjustOwnerCount, readAccount, reserveFor } from '../state/account-root'
import { rippleStateIndex } from '../state/keylets'
import { type AccountRoot, LSF, type RippleState } from '../state/ledger-object'
import type { ApplyView, LedgerFees } from '../state/read-view'
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
 * The balance a TrustSet needs to reserve a line (SetTrust::doApply's `reserveCreate`): nothing
 * while the account owns fewer than 2 objects, so a gateway can fund a new user's account
 * reserve alone and the user can still open lines; else the account reserve with one more object.
 *
 * @example
 * ```ts
 * lineReserve({ base: 10n, reserve: 1_000_000n, increment: 200_000n }, 1) // 0n
 * ```
 */
export function lineReserve(fees: LedgerFees, ownerCount: number): bigint {
  return ownerCount < 2 ? 0n : reserveFor(fees, ownerCount + 1)
}

/**
 * TrustSet (docs/protocol.md §8.5, §8.7; rippled SetTrust::doApply): creates or changes the
 * sender's side of a trust line (a RippleState in both owner directories) to the `LimitAmount`
 * issuer. A side with a non-zero limit or a positive holding reserves the line
 * (`lsfLowReserve`/`lsfHighReserve`, one owned object), judged on the balance before the fee
 * against {@link lineReserve}: a new line → `tecNO_LINE_INSUF_RESERVE`, an existing line that
 * newly reserves → `tecINSUF_RESERVE_LINE`. A zero limit for a line that does not exist is
 * `tecNO_LINE_REDUNDANT`; a line no side reserves, at zero balance, is deleted. With
 * DisallowIncoming (SetTrust::preclaim) a missing peer is `tecNO_DST` and a peer that set
 * `lsfDisallowIncomingTrustline` refuses a new line (`tecNO_PERMISSION`); an existing line may
 * still change (fixDisallowIncomingV1).
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
  preclaim(view, tx, context) {
    const root = readAccount(view, String(tx.Account))
    if (!root) return 'terNO_ACCOUNT'
    const flagged = trustSetFlagsPreclaim(tx, root.Flags)
    if (flagged || !context.enabled('DisallowIncoming')) return flagged
    const limit = tx.LimitAmount as { currency: string; issuer: string }
    const peer = readAccount(view, limit.issuer)
    if (!peer) return 'tecNO_DST'
    // The peer refuses new lines; an existing one may still change (fixDisallowIncomingV1).
    if ((peer.Flags & LSF.AccountRoot.DisallowIncomingTrustline) === 0) return null
    const exists = view.read(rippleStateIndex(root.Account, limit.issuer, limit.currency))
    return exists && context.enabled('fixDisallowIncomingV1') ? null : 'tecNO_PERMISSION'
  },
  doApply({ view, tx, account, priorBalance }) {
    const limit = tx.LimitAmount as { currency: string; issuer: string; value: string }
    const sender = String(tx.Account)
    if (!readAccount(view, limit.issuer)) return 'tecNO_DST'
    const value = new IssuedValue(limit.value)
    const affordable = priorBalance >= lineReserve(view.fees, account.OwnerCount)
    const line = view.peek(rippleStateIndex(sender, limit.issuer, limit.currency)) as
      | RippleState
      | undefined
    if (!line) {
      // An authorization creates the line even at a zero limit (SetTrust::doApply).
      const authorizes = ((typeof tx.Flags === 'number' ? tx.Flags : 0) & TF.SetfAuth) !== 0
      if (value.isZero() && !authorizes) return 'tecNO_LINE_REDUNDANT'
      if (!affordable) return 'tecNO_LINE_INSUF_RESERVE'
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
    if (wantsReserve && !reserved && !affordable) return 'tecINSUF_RESERVE_LINE'
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
