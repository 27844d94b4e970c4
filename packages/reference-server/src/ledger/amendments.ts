import type { NetworkDefinition } from './networks'

// The amendments whose rules the simulated ledger applies today, by rippled's names
// (`include/xrpl/protocol/detail/features.macro`): tickets, the one-reserve SignerList, accounts
// that start at the ledger index, Batch, and threading of every object type. The amendment table
// of docs/protocol.md §8.7 (feature, server_definitions) grows from here, per network.
const IMPLEMENTED = Object.freeze([
  'Batch',
  'DeletableAccounts',
  'fixPreviousTxnID',
  'MultiSignReserve',
  'TicketBatch',
])

const tables = new Map<string, ReadonlySet<string>>()

/**
 * The amendments enabled on a network (docs/protocol.md §8.7): what a rule's `preflight` context
 * answers with `enabled(name)`, and what makes a type's `amendment` `temDISABLED` when absent.
 *
 * @example
 * ```ts
 * enabledAmendments(networkDefinition('TESTNET')).has('TicketBatch') // true
 * ```
 */
export function enabledAmendments(network: NetworkDefinition): ReadonlySet<string> {
  let table = tables.get(network.key)
  if (!table) {
    table = new Set(IMPLEMENTED)
    tables.set(network.key, table)
  }
  return table
}
