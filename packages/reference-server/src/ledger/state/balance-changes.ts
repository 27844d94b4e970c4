import type { BalanceChange } from 'pullsign/wire'
import { IssuedValue } from '../amounts/issued-value'
import { dropsToUnits } from '../amounts/native-amount'
import type { NetworkDefinition } from '../networks'
import type { IssuedJson } from './ledger-object'
import type { NodeFields, TransactionMeta } from './transaction-meta'

const nodeFields = (node: object): NodeFields => Object.values(node)[0] as NodeFields

// The balance a node's object holds after the transaction, and how much it moved: from
// `NewFields`, or `FinalFields` less `PreviousFields` (what xrpl.js `getBalanceChanges` reads).
function balanceMove(fields: NodeFields): { final: unknown; delta: IssuedValue } | null {
  const final = fields.NewFields?.Balance ?? fields.FinalFields?.Balance
  const previous = fields.NewFields ? undefined : fields.PreviousFields?.Balance
  if (final === undefined || (fields.NewFields === undefined && previous === undefined)) return null
  const value = (balance: unknown) =>
    typeof balance === 'string'
      ? new IssuedValue(balance)
      : new IssuedValue((balance as IssuedJson).value)
  const delta = previous === undefined ? value(final) : value(final).minus(value(previous))
  return delta.isZero() ? null : { final, delta }
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
      const drops = BigInt(move.delta.toFixed())
      add(String(object.Account), {
        counterparty: '',
        currency: network.native_asset,
        value: dropsToUnits(drops),
      })
    } else if (fields.LedgerEntryType === 'RippleState') {
      const low = (object.LowLimit as IssuedJson).issuer
      const high = (object.HighLimit as IssuedJson).issuer
      const currency = (move.final as IssuedJson).currency
      add(low, { counterparty: high, currency, value: move.delta.toString() })
      add(high, { counterparty: low, currency, value: move.delta.negated().toString() })
    }
  }
  return changes
}
