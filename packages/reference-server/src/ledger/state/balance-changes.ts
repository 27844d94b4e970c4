import type { BalanceChange } from 'pullsign/wire'
import { LedgerAmount } from '../amounts/ledger-amount'
import { dropsToUnits } from '../amounts/native-amount'
import type { NetworkDefinition } from '../networks'
import { plainDecimal } from '../number/ledger-number'
import type { IssuedJson } from './ledger-object'
import type { NodeFields, TransactionMeta } from './transaction-meta'

const nodeFields = (node: object): NodeFields => Object.values(node)[0] as NodeFields

// A balance as exact digits and an exponent (drops, or an issued value's mantissa).
const exactOf = (balance: unknown) => {
  const amount = LedgerAmount.fromJson(balance)
  return { digits: amount.mantissa, exponent: amount.exponent }
}

// `a − b` exactly (two canonical balances can differ by more than 16 digits): digits, exponent.
function exactDifference(a: unknown, b: unknown): { digits: bigint; exponent: number } {
  const x = exactOf(a)
  const y = exactOf(b)
  const low = Math.min(x.exponent, y.exponent)
  const scale = (v: { digits: bigint; exponent: number }) =>
    v.digits * 10n ** BigInt(v.exponent - low)
  return { digits: scale(x) - scale(y), exponent: low }
}

// The balance a node's object holds after the transaction, and how much it moved: from
// `NewFields`, or `FinalFields` less `PreviousFields` (what xrpl.js `getBalanceChanges` reads).
function balanceMove(
  fields: NodeFields,
): { final: unknown; delta: { digits: bigint; exponent: number } } | null {
  const final = fields.NewFields?.Balance ?? fields.FinalFields?.Balance
  const previous = fields.NewFields ? undefined : fields.PreviousFields?.Balance
  if (final === undefined || (fields.NewFields === undefined && previous === undefined)) return null
  const delta = previous === undefined ? exactOf(final) : exactDifference(final, previous)
  return delta.digits === 0n ? null : { final, delta }
}

// A difference as plain decimals, negated when asked.
const decimal = (delta: { digits: bigint; exponent: number }, negate = false) => {
  const digits = negate ? -delta.digits : delta.digits
  const sign = digits < 0n ? '-' : ''
  return `${sign}${plainDecimal(digits < 0n ? -digits : digits, delta.exponent)}`
}

/**
 * `balanceChanges` of `xrpl-tx` (docs/protocol.md §8.5), read from the transaction's metadata as
 * xrpl.js `getBalanceChanges` reads it (one source of truth): per account `{counterparty,
 * currency, value}`; the native asset with counterparty `""` (the fee counts as the sender's
 * change), an issued asset with the other side of the trust line (the issuer, for a holder).
 *
 * @example
 * ```ts
 * balanceChanges(stored.meta, network)[sender] // [{ counterparty: '', currency: 'XRP', value: '-1.000012' }]
 * ```
 */
export function balanceChanges(
  meta: TransactionMeta,
  network: NetworkDefinition,
): Record<string, BalanceChange[]> {
  const changes: Record<string, BalanceChange[]> = {}
  const add = (account: string, change: BalanceChange) => {
    const list = changes[account]
    if (list) list.push(change)
    else changes[account] = [change]
  }
  for (const node of meta.AffectedNodes) {
    const fields = nodeFields(node)
    const move = balanceMove(fields)
    if (!move) continue
    const object = fields.NewFields ?? fields.FinalFields ?? {}
    if (fields.LedgerEntryType === 'AccountRoot') {
      const drops = move.delta.digits * 10n ** BigInt(move.delta.exponent)
      add(String(object.Account), {
        counterparty: '',
        currency: network.native_asset,
        value: dropsToUnits(drops),
      })
    } else if (fields.LedgerEntryType === 'RippleState') {
      const low = (object.LowLimit as IssuedJson).issuer
      const high = (object.HighLimit as IssuedJson).issuer
      const currency = (move.final as IssuedJson).currency
      add(low, { counterparty: high, currency, value: decimal(move.delta) })
      add(high, { counterparty: low, currency, value: decimal(move.delta, true) })
    }
  }
  return changes
}
