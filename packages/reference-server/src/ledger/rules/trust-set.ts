import { IssuedValue } from '../amounts/issued-value'
import { isIssued } from '../amounts/ledger-asset'
import type { JsonObject } from '../codec/json-object'
import { reserve } from '../state/account-state'
import { heldBy, type TrustLine } from '../state/trust-line'
import type { TransactionRules } from './apply-context'

const owns = (line: TrustLine, account: string) =>
  account === line.low ? line.lowOwns : line.highOwns

/**
 * TrustSet (docs/protocol.md §8.5): creates or changes the sender's side of a trust line to the
 * `LimitAmount` issuer. A side with a non-zero limit owns the line (one owner reserve: a new one
 * the account cannot afford → `tecINSUFFICIENT_RESERVE`); a line back at zero limits and zero
 * balance is removed, and its reserve released.
 *
 * @example
 * ```ts
 * trustSetRules.preflight({ LimitAmount: { currency: 'USD', issuer: sender, value: '1' }, Account: sender }) // 'temDST_IS_SRC'
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
  apply({ network, tx, account, lookup, line, createLine, deleteLine }) {
    const limit = tx.LimitAmount as { currency: string; issuer: string; value: string }
    const sender = String(tx.Account)
    if (!lookup(limit.issuer)) return { result: 'tecNO_DST' }
    const value = new IssuedValue(limit.value)
    const existing = line(sender, limit.issuer, limit.currency)
    if (!existing && value.isZero()) return { result: 'tesSUCCESS' }
    const target = existing ?? createLine(sender, limit.issuer, limit.currency)
    const owned = owns(target, sender)
    const wantsOwn = !value.isZero() || heldBy(target, sender).gt(0)
    if (wantsOwn && !owned && account.balance < reserve(network, account.ownerCount + 1)) {
      if (!existing) deleteLine(target)
      return { result: 'tecINSUFFICIENT_RESERVE' }
    }
    const low = sender === target.low
    if (low) target.lowLimit = value
    else target.highLimit = value
    if (wantsOwn !== owned) {
      account.ownerCount += wantsOwn ? 1 : -1
      if (low) target.lowOwns = wantsOwn
      else target.highOwns = wantsOwn
    }
    if (!target.lowOwns && !target.highOwns && target.balance.isZero()) deleteLine(target)
    return { result: 'tesSUCCESS' }
  },
}
