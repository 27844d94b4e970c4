import { decodeAccountID } from 'ripple-address-codec'
import { IssuedValue } from '../amounts/issued-value'

/**
 * A trust line (the ledger's RippleState) between two accounts in one currency. As on the XRP
 * Ledger, the two sides are ordered by AccountID: `balance` is what `low` holds of `high`'s
 * asset (negative: what `high` holds of `low`'s), and each side has its own limit and owns the
 * line (one owner reserve) while it keeps a non-zero limit (docs/protocol.md §8.5).
 *
 * @example
 * ```ts
 * const line = newLine(holder, issuer, 'USD')
 * heldBy(line, holder).toString() // '0'
 * ```
 */
export interface TrustLine {
  currency: string
  low: string
  high: string
  balance: IssuedValue
  lowLimit: IssuedValue
  highLimit: IssuedValue
  lowOwns: boolean
  highOwns: boolean
}

/**
 * What one side of a line sees, as in `account_lines` (docs/protocol.md §10).
 *
 * @example
 * ```ts
 * const view: LineView = { currency: 'USD', counterparty: issuer, balance: '10', limit: '100', limit_peer: '0' }
 * ```
 */
export interface LineView {
  currency: string
  counterparty: string
  balance: string
  limit: string
  limit_peer: string
}

/**
 * The key of the line between two accounts in a currency, the same whichever side asks.
 *
 * @example
 * ```ts
 * lineKey(a, b, 'USD') === lineKey(b, a, 'USD') // true
 * ```
 */
export function lineKey(a: string, b: string, currency: string): string {
  return a < b ? `${a}|${b}|${currency}` : `${b}|${a}|${currency}`
}

const accountIdHex = (address: string) => Buffer.from(decodeAccountID(address)).toString('hex')

/**
 * A new line with zero balance and limits, its sides ordered by AccountID as the ledger orders
 * them (the order decides the sign of `balance` in RippleState metadata).
 *
 * @example
 * ```ts
 * const line = newLine(holder, issuer, 'USD')
 * ```
 */
export function newLine(a: string, b: string, currency: string): TrustLine {
  const [low, high] = accountIdHex(a) < accountIdHex(b) ? [a, b] : [b, a]
  const zero = new IssuedValue(0)
  return {
    currency,
    low,
    high,
    balance: zero,
    lowLimit: zero,
    highLimit: zero,
    lowOwns: false,
    highOwns: false,
  }
}

/**
 * What `account` holds of its peer's asset on this line (negative: what it owes).
 *
 * @example
 * ```ts
 * heldBy(line, holder).toString() // '10'
 * ```
 */
export function heldBy(line: TrustLine, account: string): IssuedValue {
  return account === line.low ? line.balance : line.balance.negated()
}

/**
 * How much `account` is willing to hold of its peer's asset on this line.
 *
 * @example
 * ```ts
 * limitOf(line, holder).toString() // '100'
 * ```
 */
export function limitOf(line: TrustLine, account: string): IssuedValue {
  return account === line.low ? line.lowLimit : line.highLimit
}

/**
 * Moves `value` of the asset on this line to `receiver` (from its peer): the receiver's holding
 * grows by `value`.
 *
 * @example
 * ```ts
 * shiftTo(line, holder, new IssuedValue(5)) // holder now holds 5 more of the issuer's asset
 * ```
 */
export function shiftTo(line: TrustLine, receiver: string, value: IssuedValue): void {
  line.balance = receiver === line.low ? line.balance.plus(value) : line.balance.minus(value)
}

/**
 * The line as `account` sees it.
 *
 * @example
 * ```ts
 * lineView(line, holder) // { currency: 'USD', counterparty: issuer, balance: '10', limit: '100', limit_peer: '0' }
 * ```
 */
export function lineView(line: TrustLine, account: string): LineView {
  const low = account === line.low
  return {
    currency: line.currency,
    counterparty: low ? line.high : line.low,
    balance: heldBy(line, account).toString(),
    limit: (low ? line.lowLimit : line.highLimit).toString(),
    limit_peer: (low ? line.highLimit : line.lowLimit).toString(),
  }
}
