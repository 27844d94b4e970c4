import { IssuedValue } from '../amounts/issued-value'
import { accountIdOf } from '../codec/account-ids'
import { adjustOwnerCount, peekAccount, readAccount } from './account-root'
import { describeOwnerDir, dirInsert, dirRemove, uint64Json, uint64Of } from './directory'
import { ownerDirIndex, rippleStateIndex } from './keylets'
import { type IssuedJson, LSF, type RippleState } from './ledger-object'
import type { ApplyView } from './read-view'

// The issuer written in a RippleState's Balance: the neutral ACCOUNT_ONE.
const NO_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/**
 * What one side of a line sees, as in `account_lines` (docs/protocol.md §10).
 *
 * @example
 * ```ts
 * const view: LineView = { currency: 'USD', counterparty: issuer, balance: '10', limit: '100', limit_peer: '0', quality_in: 0, quality_out: 0 }
 * ```
 */
export interface LineView {
  currency: string
  counterparty: string
  balance: string
  limit: string
  limit_peer: string
  /** The account's `QualityIn` on its side, 0 when it set none (rippled `AccountLines.cpp`). */
  quality_in: number
  /** The account's `QualityOut` on its side, 0 when it set none. */
  quality_out: number
}

/**
 * Whether `account` is the low side of a line (the lower AccountID, rippled's order).
 *
 * @example
 * ```ts
 * isLow(line, holder) // true when holder's AccountID sorts first
 * ```
 */
export const isLow = (line: Readonly<RippleState>, account: string): boolean =>
  line.LowLimit.issuer === account

/**
 * What `account` holds of its peer's asset on this line (negative: what it owes).
 *
 * @example
 * ```ts
 * heldBy(line, holder).toString() // '10'
 * ```
 */
export function heldBy(line: Readonly<RippleState>, account: string): IssuedValue {
  const balance = new IssuedValue(line.Balance.value)
  return isLow(line, account) ? balance : balance.negated()
}

/**
 * How much `account` is willing to hold of its peer's asset on this line.
 *
 * @example
 * ```ts
 * limitOf(line, holder).toString() // '100'
 * ```
 */
export const limitOf = (line: Readonly<RippleState>, account: string): IssuedValue =>
  new IssuedValue(isLow(line, account) ? line.LowLimit.value : line.HighLimit.value)

/**
 * Whether `account`'s side of the line counts against its reserve (`lsfLowReserve` /
 * `lsfHighReserve`).
 *
 * @example
 * ```ts
 * reservedBy(line, holder) // true once the holder set a limit
 * ```
 */
export const reservedBy = (line: Readonly<RippleState>, account: string): boolean =>
  (line.Flags &
    (isLow(line, account) ? LSF.RippleState.LowReserve : LSF.RippleState.HighReserve)) !==
  0

/**
 * The `QualityIn` or `QualityOut` `account` set on its side of the line (`LowQualityIn`,
 * `HighQualityOut`…), 0 when it set none (rippled `TrustLineBase::getQualityIn`).
 *
 * @example
 * ```ts
 * qualityOf(line, holder, 'In') // 970000000 after a TrustSet with QualityIn: 970000000
 * ```
 */
export function qualityOf(line: Readonly<RippleState>, account: string, way: 'In' | 'Out'): number {
  return Number(line[`${isLow(line, account) ? 'Low' : 'High'}Quality${way}`] ?? 0)
}

/**
 * Moves `value` of a peeked line's asset to `receiver` (from its peer) and updates the line:
 * the receiver's holding grows by `value`.
 *
 * @example
 * ```ts
 * shiftTo(view, line, holder, new IssuedValue(5))
 * ```
 */
export function shiftTo(
  view: ApplyView,
  line: RippleState,
  receiver: string,
  value: IssuedValue,
): void {
  const balance = new IssuedValue(line.Balance.value)
  const next = isLow(line, receiver) ? balance.plus(value) : balance.minus(value)
  line.Balance = { ...line.Balance, value: next.toString() }
  view.update(line)
}

/**
 * The line as `account` sees it.
 *
 * @example
 * ```ts
 * lineView(line, holder) // { currency: 'USD', counterparty: issuer, balance: '10', limit: '100', limit_peer: '0', quality_in: 0, quality_out: 0 }
 * ```
 */
export function lineView(line: Readonly<RippleState>, account: string): LineView {
  const low = isLow(line, account)
  return {
    currency: line.Balance.currency,
    counterparty: low ? line.HighLimit.issuer : line.LowLimit.issuer,
    balance: heldBy(line, account).toString(),
    limit: low ? line.LowLimit.value : line.HighLimit.value,
    limit_peer: low ? line.HighLimit.value : line.LowLimit.value,
    quality_in: qualityOf(line, account, 'In'),
    quality_out: qualityOf(line, account, 'Out'),
  }
}

const amount = (currency: string, issuer: string, value: string): IssuedJson => ({
  currency,
  issuer,
  value,
})

/**
 * Creates the line between `account` and `peer` in `currency` with `account`'s limit, as
 * rippled's `trustCreate` does: in both owner directories (`LowNode`, `HighNode`), `account`'s
 * side reserved (one more owned object), and the peer's side `NoRipple` unless the peer set
 * `DefaultRipple`. Null when an owner directory is full (`tecDIR_FULL`).
 *
 * @example
 * ```ts
 * const line = createLine(view, { account: holder, peer: issuer, currency: 'USD', limit: '100' })
 * ```
 */
export function createLine(
  view: ApplyView,
  input: { account: string; peer: string; currency: string; limit: string; noRipple?: boolean },
): RippleState | null {
  const { account, peer, currency } = input
  const accountLow = accountIdOf(account) < accountIdOf(peer)
  const [low, high] = accountLow ? [account, peer] : [peer, account]
  const index = rippleStateIndex(low, high, currency)
  const lowNode = dirInsert(view, ownerDirIndex(low), index, describeOwnerDir(low))
  if (lowNode === null) return null
  const highNode = dirInsert(view, ownerDirIndex(high), index, describeOwnerDir(high))
  if (highNode === null) return null
  const { RippleState: flags } = LSF
  let Flags = accountLow ? flags.LowReserve : flags.HighReserve
  if (input.noRipple) Flags |= accountLow ? flags.LowNoRipple : flags.HighNoRipple
  const peerRoot = readAccount(view, peer)
  if (peerRoot && (peerRoot.Flags & LSF.AccountRoot.DefaultRipple) === 0) {
    Flags |= accountLow ? flags.HighNoRipple : flags.LowNoRipple
  }
  const line: RippleState = {
    LedgerEntryType: 'RippleState',
    Flags,
    Balance: amount(currency, NO_ACCOUNT, '0'),
    LowLimit: amount(currency, low, accountLow ? input.limit : '0'),
    HighLimit: amount(currency, high, accountLow ? '0' : input.limit),
    LowNode: uint64Json(lowNode),
    HighNode: uint64Json(highNode),
    index,
  }
  view.insert(line)
  const root = peekAccount(view, account)
  if (root) adjustOwnerCount(view, root, 1)
  return line
}

/**
 * Removes a peeked line (rippled `trustDelete`): out of both owner directories, erased. The
 * caller adjusts the owner counts of the sides that reserved it.
 *
 * @example
 * ```ts
 * deleteLine(view, line)
 * ```
 */
export function deleteLine(view: ApplyView, line: RippleState): void {
  const low = line.LowLimit.issuer
  const high = line.HighLimit.issuer
  dirRemove(view, ownerDirIndex(low), uint64Of(line.LowNode), line.index, false)
  dirRemove(view, ownerDirIndex(high), uint64Of(line.HighNode), line.index, false)
  view.erase(line)
}
