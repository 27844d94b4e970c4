import { isObject } from '../core/input'
import type { BalanceChange } from '../wire/lookups'
import { type Decimal, onOneExponent, parseDecimal } from './decimal'
import { malformed } from './ledger-node-error'

const DROPS = /^-?\d{1,20}$/

const decimal = (value: unknown): Decimal | null =>
  typeof value === 'string' ? parseDecimal(value) : null

const minus = (a: Decimal, b: Decimal): Decimal => {
  const [left, right, exponent] = onOneExponent(a, b)
  return { digits: left - right, exponent }
}

// As the platform's xrpl-tx prints a value (bignumber.js with EXPONENTIAL_AT [-30, 40]): plain
// digits, or `1.5e+41` / `1e-31` outside that range. Never zero: a zero move is no change.
const text = ({ digits, exponent }: Decimal): string => {
  const sign = digits < 0n ? '-' : ''
  const all = (digits < 0n ? -digits : digits).toString()
  const significant = all.replace(/0+$/, '')
  const power = exponent + all.length - significant.length
  const magnitude = power + significant.length - 1
  if (magnitude <= -30 || magnitude >= 40) {
    const rest = significant.slice(1)
    const e = `e${magnitude < 0 ? '-' : '+'}${Math.abs(magnitude)}`
    return `${sign}${significant[0]}${rest ? `.${rest}` : ''}${e}`
  }
  if (power >= 0) return `${sign}${significant}${'0'.repeat(power)}`
  const point = significant.length + power
  return point > 0
    ? `${sign}${significant.slice(0, point)}.${significant.slice(point)}`
    : `${sign}0.${'0'.repeat(-point)}${significant}`
}

// How much an AccountRoot (drops) or RippleState balance moved: `NewFields`, or `FinalFields`
// less `PreviousFields` (what xrpl.js `getBalanceChanges` reads); null when it did not.
function balanceMove(fields: Record<string, unknown>, at: string): Decimal | null {
  const { LedgerEntryType: type, NewFields, FinalFields, PreviousFields } = fields
  const created = isObject(NewFields)
  const object = created ? NewFields : FinalFields
  const previous = created || !isObject(PreviousFields) ? undefined : PreviousFields.Balance
  if (!isObject(object) || object.Balance === undefined || (!created && previous === undefined)) {
    return null
  }
  const read = (balance: unknown, where: string) => {
    const native = type === 'AccountRoot'
    const value = !native && isObject(balance) ? balance.value : balance
    const parsed = native && !DROPS.test(String(value)) ? null : decimal(value)
    if (!parsed) throw malformed(`${at}.${where}.Balance`, native ? 'drops' : 'an amount', balance)
    return parsed
  }
  const final = read(object.Balance, created ? 'NewFields' : 'FinalFields')
  const move = previous === undefined ? final : minus(final, read(previous, 'PreviousFields'))
  return move.digits === 0n ? null : move
}

/**
 * `balanceChanges` of the platform's `xrpl-tx` (docs/protocol.md §8.5) read from a transaction's
 * metadata as the platform and xrpl.js `getBalanceChanges` read it: each AccountRoot's balance
 * move in `nativeAsset` with counterparty `""` (the fee counts as the sender's), each
 * RippleState's for both sides of the line, in the order of `AffectedNodes`. A node's answer that
 * is not rippled's throws a {@link LedgerNodeError} naming the field.
 */
export function balanceChanges(
  meta: Record<string, unknown>,
  nativeAsset: string,
): Record<string, BalanceChange[]> {
  const changes: Record<string, BalanceChange[]> = {}
  const add = (account: string, change: BalanceChange) => {
    changes[account] = [...(changes[account] ?? []), change]
  }
  const nodes = meta.AffectedNodes
  if (!Array.isArray(nodes)) throw malformed('result.meta.AffectedNodes', 'an array', nodes)
  nodes.forEach((node: unknown, i) => {
    const [kind, fields] = isObject(node) ? (Object.entries(node)[0] ?? []) : []
    const at = `result.meta.AffectedNodes[${i}]`
    if (!isObject(fields)) throw malformed(at, 'an affected node', node)
    const type = fields.LedgerEntryType
    const move =
      type === 'AccountRoot' || type === 'RippleState' ? balanceMove(fields, `${at}.${kind}`) : null
    if (!move) return
    const object = (isObject(fields.NewFields) ? fields.NewFields : fields.FinalFields) as Record<
      string,
      unknown
    >
    if (type === 'AccountRoot') {
      if (typeof object.Account !== 'string') {
        throw malformed(`${at}.${kind}.Account`, 'an address', object.Account)
      }
      const units = text({ ...move, exponent: move.exponent - 6 })
      add(object.Account, { counterparty: '', currency: nativeAsset, value: units })
      return
    }
    const { LowLimit: low, HighLimit: high, Balance: balance } = object
    if (
      !isObject(low) ||
      !isObject(high) ||
      typeof low.issuer !== 'string' ||
      typeof high.issuer !== 'string'
    ) {
      throw malformed(`${at}.${kind}`, 'a trust line with LowLimit and HighLimit', fields)
    }
    const currency = isObject(balance) ? String(balance.currency) : ''
    add(low.issuer, { counterparty: high.issuer, currency, value: text(move) })
    const negated = text({ ...move, digits: -move.digits })
    add(high.issuer, { counterparty: low.issuer, currency, value: negated })
  })
  return changes
}
