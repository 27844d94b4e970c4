import type { BalanceChange } from 'pullsign/wire'
import { dropsToUnits } from '../amounts/native-amount'
import type { NetworkDefinition } from '../networks'
import type { BalanceRecord } from './balance-record'

// The issuer field of a RippleState balance is this neutral account (ACCOUNT_ONE) on the ledger.
const NO_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/**
 * The `AffectedNodes` of a transaction's metadata for the balances it changed: AccountRoot
 * (`Balance` in drops) and RippleState (`Balance` as `low`'s holding, with both limits) entries,
 * created or modified, as rippled writes them, so tools that read metadata (xrpl.js
 * `getBalanceChanges`) find the same changes as `balanceChanges` (docs/protocol.md §8.5).
 *
 * @example
 * ```ts
 * affectedNodes(stored.balances)[0] // { ModifiedNode: { LedgerEntryType: 'AccountRoot', ... } }
 * ```
 */
export function affectedNodes(record: BalanceRecord): object[] {
  const nodes: object[] = []
  for (const change of record.native) {
    const fields = { Account: change.address, Balance: change.after.toString() }
    nodes.push(
      change.created
        ? { CreatedNode: { LedgerEntryType: 'AccountRoot', NewFields: fields } }
        : {
            ModifiedNode: {
              LedgerEntryType: 'AccountRoot',
              FinalFields: fields,
              PreviousFields: { Balance: change.before.toString() },
            },
          },
    )
  }
  for (const line of record.lines) {
    const balance = (value: { toString(): string }) => ({
      currency: line.currency,
      issuer: NO_ACCOUNT,
      value: value.toString(),
    })
    nodes.push({
      ModifiedNode: {
        LedgerEntryType: 'RippleState',
        FinalFields: {
          Balance: balance(line.after),
          LowLimit: { currency: line.currency, issuer: line.low, value: line.lowLimit.toString() },
          HighLimit: {
            currency: line.currency,
            issuer: line.high,
            value: line.highLimit.toString(),
          },
        },
        PreviousFields: { Balance: balance(line.before) },
      },
    })
  }
  return nodes
}

/**
 * `balanceChanges` of `xrpl-tx` (docs/protocol.md §8.5): per account `{counterparty, currency,
 * value}`; the native asset with counterparty `""` (the fee counts as the sender's change), an
 * issued asset with the other side of the trust line (the issuer, for a holder).
 *
 * @example
 * ```ts
 * balanceChanges(stored.balances, network)[sender] // [{ counterparty: '', currency: 'XRP', value: '-1.000012' }]
 * ```
 */
export function balanceChanges(
  record: BalanceRecord,
  network: NetworkDefinition,
): Record<string, BalanceChange[]> {
  const changes: Record<string, BalanceChange[]> = {}
  const add = (account: string, change: BalanceChange) => {
    const list = changes[account]
    if (list) list.push(change)
    else changes[account] = [change]
  }
  for (const { address, before, after } of record.native) {
    add(address, {
      counterparty: '',
      currency: network.native_asset,
      value: dropsToUnits(after - before),
    })
  }
  for (const { low, high, currency, before, after } of record.lines) {
    const delta = after.minus(before)
    add(low, { counterparty: high, currency, value: delta.toString() })
    add(high, { counterparty: low, currency, value: delta.negated().toString() })
  }
  return changes
}
