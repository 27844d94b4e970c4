import { isObject } from '../core/input'
import type { BalanceChange } from '../wire/lookups'
import { malformed } from './ledger-node-error'

// A decimal as an integer times a power of ten: exact for every amount the ledger writes (16
// significant digits from 10^-96 to 10^80, or 17 digits of drops), in rippled's plain or
// `1234e-20` form. The bounds keep a hostile node from asking for a huge power of ten.
interface Decimal {
  digits: bigint
  exponent: number
}
const DECIMAL = /^(-?)(\d{1,40})(?:\.(\d{1,40}))?(?:e([+-]?\d{1,3}))?$/i
const DROPS = /^-?\d{1,20}$/

const decimal = (text: unknown): Decimal | null => {
  const match = typeof text === 'string' ? DECIMAL.exec(text) : null
  if (!match) return null
  const [, sign, whole, fraction = '', exponent = '0'] = match
  return {
    digits: BigInt(`${sign}${whole}${fraction}`),
    exponent: Number(exponent) - fraction.length,
  }
}

const minus = (a: Decimal, b: Decimal): Decimal => {
  const exponent = Math.min(a.exponent, b.exponent)
  const scaled = (d: Decimal) => d.digits * 10n ** BigInt(d.exponent - exponent)
  return { digits: scaled(a) - scaled(b), exponent }
}

// As the platform's xrpl-tx prints a value (bignumber.js with EXPONENTIAL_AT [-30, 40]): plain
// digits, or `1.5e+41` / `1e-31` outside that range.
const text = ({ digits, exponent }: Decimal): string => {
  const sign = digits < 0n ? '-' : ''
  const all = (digits < 0n ? -digits : digits).toString()
  const significant = all.replace(/0+$/, '') || '0'
  const power = exponent + all.length - significant.length
  const magnitude = power + significant.length - 1
  if (digits !== 0n && (magnitude <= -30 || magnitude >= 40)) {
    const rest = significant.slice(1)
    return `${sign}${significant[0]}${rest ? `.${rest}` : ''}e${magnitude < 0 ? '-' : '+'}${Math.abs(magnitude)}`
  }
  if (power >= 0) return `${sign}${significant}${'0'.repeat(digits === 0n ? 0 : power)}`
  const point = significant.length + power
  return point > 0
    ? `${sign}${significant.slice(0, point)}.${significant.slice(point)}`
    : `${sign}0.${'0'.repeat(-point)}${significant}`
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
    const field = `result.meta.AffectedNodes[${i}]`
    const fields = isObject(node) ? Object.values(node)[0] : undefined
    if (!isObject(fields)) throw malformed(field, 'an affected node', node)
    const { LedgerEntryType: type, NewFields, FinalFields, PreviousFields } = fields
    if (type !== 'AccountRoot' && type !== 'RippleState') return
    const object = isObject(NewFields) ? NewFields : FinalFields
    const previous = isObject(NewFields)
      ? undefined
      : isObject(PreviousFields)
        ? PreviousFields.Balance
        : undefined
    if (!isObject(object) || object.Balance === undefined) return
    if (!isObject(NewFields) && previous === undefined) return
    const read = (balance: unknown, at: string) => {
      const value = type === 'AccountRoot' ? balance : isObject(balance) ? balance.value : balance
      const parsed = type === 'AccountRoot' && !DROPS.test(String(value)) ? null : decimal(value)
      if (!parsed)
        throw malformed(
          `${field}.${at}.Balance`,
          type === 'AccountRoot' ? 'drops' : 'an amount',
          balance,
        )
      return parsed
    }
    const final = read(object.Balance, isObject(NewFields) ? 'NewFields' : 'FinalFields')
    const move = previous === undefined ? final : minus(final, read(previous, 'PreviousFields'))
    if (move.digits === 0n) return
    if (type === 'AccountRoot') {
      if (typeof object.Account !== 'string')
        throw malformed(`${field}.Account`, 'an address', object.Account)
      add(object.Account, {
        counterparty: '',
        currency: nativeAsset,
        value: text({ ...move, exponent: move.exponent - 6 }),
      })
      return
    }
    const { LowLimit: low, HighLimit: high, Balance: balance } = object
    if (
      !isObject(low) ||
      !isObject(high) ||
      typeof low.issuer !== 'string' ||
      typeof high.issuer !== 'string'
    ) {
      throw malformed(`${field}.LowLimit`, 'the two limits of a trust line', low)
    }
    const currency = isObject(balance) ? String(balance.currency) : ''
    add(low.issuer, { counterparty: high.issuer, currency, value: text(move) })
    add(high.issuer, {
      counterparty: low.issuer,
      currency,
      value: text({ ...move, digits: -move.digits }),
    })
  })
  return changes
}
