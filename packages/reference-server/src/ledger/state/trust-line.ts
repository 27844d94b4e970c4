import { LedgerAmount } from '../amounts/ledger-amount'
import { LSF, type RippleState } from './ledger-object'

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
 * The flags of each side of a RippleState (rippled `LedgerFormats.h`): its reserve, NoRipple and
 * freeze bits.
 *
 * @example
 * ```ts
 * const { reserve } = LINE_SIDES[isLow(line, owner) ? 'Low' : 'High']
 * ```
 */
export const LINE_SIDES = {
  Low: {
    reserve: LSF.RippleState.LowReserve,
    noRipple: LSF.RippleState.LowNoRipple,
    freeze: LSF.RippleState.LowFreeze,
  },
  High: {
    reserve: LSF.RippleState.HighReserve,
    noRipple: LSF.RippleState.HighNoRipple,
    freeze: LSF.RippleState.HighFreeze,
  },
} as const

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
 * What `account` holds of its peer's asset on this line (negative: what it owes), as an amount of
 * the peer's issue.
 *
 * @example
 * ```ts
 * heldBy(line, holder).text() // '10'
 * ```
 */
export function heldBy(line: Readonly<RippleState>, account: string): LedgerAmount {
  const issuer = isLow(line, account) ? line.HighLimit.issuer : line.LowLimit.issuer
  const balance = LedgerAmount.fromJson({ ...line.Balance, issuer }, 'XRP')
  return isLow(line, account) ? balance : balance.negated()
}

/**
 * How much `account` is willing to hold of its peer's asset on this line.
 *
 * @example
 * ```ts
 * limitOf(line, holder).text() // '100'
 * ```
 */
export const limitOf = (line: Readonly<RippleState>, account: string): LedgerAmount =>
  LedgerAmount.fromJson(isLow(line, account) ? line.LowLimit : line.HighLimit, 'XRP')

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
    balance: heldBy(line, account).text(),
    limit: limitOf(line, account).text(),
    limit_peer: limitOf(line, low ? line.HighLimit.issuer : line.LowLimit.issuer).text(),
    quality_in: qualityOf(line, account, 'In'),
    quality_out: qualityOf(line, account, 'Out'),
  }
}
