import type { LedgerHeader } from '../../ledger'
import { networkCodec } from '../../ledger/codec/network-codec'
import { type ApiVersion, closedLookups, type NodeMethod, selectLedger } from '../node-request'
import { RpcError } from '../rpc-errors'
import { transactionJson } from '../transaction-json'

/**
 * A header as the `ledger` method shows it (rippled LedgerToJson.cpp `fillJson`): v1 writes
 * `ledger_index` as a string, v2 as a number; `total_coins` is a string in both.
 *
 * @example
 * ```ts
 * headerJson(header, 2).ledger_index // 5000001
 * ```
 */
export function headerJson(header: LedgerHeader, apiVersion: ApiVersion): Record<string, unknown> {
  return {
    account_hash: header.account_hash,
    close_flags: header.close_flags,
    close_time: header.close_time,
    close_time_human: closeTimeHuman(header.close_time_iso),
    close_time_iso: header.close_time_iso,
    close_time_resolution: header.close_time_resolution,
    closed: true,
    ledger_hash: header.ledger_hash,
    ledger_index: apiVersion === 1 ? String(header.ledger_index) : header.ledger_index,
    parent_close_time: header.parent_close_time,
    parent_hash: header.parent_hash,
    total_coins: header.total_coins,
    transaction_hash: header.transaction_hash,
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

// rippled's `to_string(NetClock::time_point)`: "2026-Jan-01 00:00:10.000000000 UTC".
const closeTimeHuman = (iso: string) => {
  const [date = '', time = ''] = iso.replace('Z', '').split('T')
  const [year, month, day] = date.split('-')
  return `${year}-${MONTHS[Number(month) - 1]}-${day} ${time}.000000000 UTC`
}

const flag = (params: Record<string, unknown>, name: string): boolean => {
  const value = params[name]
  if (value === undefined) return false
  if (typeof value !== 'boolean') throw new RpcError('invalidParams', `Invalid field '${name}'.`)
  return value
}

/** `ledger` (xrpl.org): a closed ledger's header, its transactions on request; the open one's index. */
const ledger: NodeMethod = (call) => {
  const selected = selectLedger(call, 'validated')
  const { params, apiVersion } = call
  const transactions = flag(params, 'transactions')
  const expand = flag(params, 'expand')
  const binary = flag(params, 'binary')
  if (selected.open) {
    return {
      ledger: {
        closed: false,
        ledger_index: apiVersion === 1 ? String(selected.index) : selected.index,
        parent_hash: call.ledger.header(call.network.key)?.ledger_hash,
      },
      ledger_current_index: selected.index,
      validated: false,
    }
  }
  const { header } = selected
  const listed = transactions
    ? closedLookups(call, header.ledger_index).map((lookup) =>
        expand
          ? transactionJson(lookup, apiVersion, header, binary ? networkCodec(call.network) : null)
          : lookup.txid,
      )
    : undefined
  return {
    ledger: { ...headerJson(header, apiVersion), ...(listed ? { transactions: listed } : {}) },
    ledger_hash: header.ledger_hash,
    ledger_index: header.ledger_index,
    validated: true,
  }
}

/** The ledger methods of docs/protocol.md §8.6 (`ledger_accept`: the stand-alone admin close). */
export const ledgerMethods: Record<string, NodeMethod> = {
  ledger,
  ledger_closed: ({ ledger, network }) => {
    const header = ledger.header(network.key)
    return { ledger_hash: header?.ledger_hash, ledger_index: header?.ledger_index }
  },
  ledger_current: ({ ledger, network }) => ({
    ledger_current_index: ledger.latestClosedIndex(network.key) + 1,
  }),
  ledger_accept: ({ ledger, network }) => {
    ledger.close(network.key)
    return { ledger_current_index: ledger.latestClosedIndex(network.key) + 1 }
  },
}
