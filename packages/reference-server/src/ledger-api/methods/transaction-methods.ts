import { type AffectedNode, affectedAccounts, type TransactionLookup } from '../../ledger'
import { parseCtid } from '../../ledger/codec/ctid'
import { networkCodec } from '../../ledger/codec/network-codec'
import {
  type ApiVersion,
  accountParam,
  closedLookups,
  limitParam,
  markerAt,
  markerParam,
  type NodeCall,
  type NodeMethod,
  selectLedger,
} from '../node-request'
import { expectedField, invalidField, RpcError } from '../rpc-errors'
import { transactionJson } from '../transaction-json'

const TXID = /^[0-9A-Fa-f]{64}$/

const binaryParam = (params: Record<string, unknown>): boolean => {
  const value = params.binary ?? false
  if (typeof value !== 'boolean') throw invalidField('binary')
  return value
}

// A `tx` range (rippled Tx.cpp): both or neither, min ≤ max, at most 1000 ledgers.
const ledgerRange = (params: Record<string, unknown>) => {
  const { min_ledger: min, max_ledger: max } = params
  if (min === undefined && max === undefined) return null
  if (
    ![min, max].every((value) => typeof value === 'number' && Number.isInteger(value) && value >= 0)
  ) {
    throw new RpcError('invalidLgrRange')
  }
  const [low, high] = [min as number, max as number]
  if (low > high) throw new RpcError('invalidLgrRange')
  if (high - low > 1000) throw new RpcError('excessiveLgrRange')
  return { low, high }
}

// Whether the node keeps every ledger of the range (`searched_all` of txnNotFound).
const keepsAll = (call: NodeCall, low: number, high: number) => {
  for (let index = low; index <= high; index++) {
    if (!call.ledger.header(call.network.key, index)) return false
  }
  return true
}

const shaped = (call: NodeCall, lookup: TransactionLookup, binary: boolean) => {
  const index = lookup.transaction.ledger_index
  const header = lookup.transaction.validated ? call.ledger.header(call.network.key, index) : null
  return transactionJson(
    lookup,
    call.apiVersion,
    header,
    binary ? networkCodec(call.network) : null,
  )
}

/**
 * `tx` (xrpl.org, rippled Tx.cpp): by `transaction` hash or `ctid`; a CTID of another network →
 * wrongNetwork; a malformed hash → notImpl, as rippled answers; unknown → txnNotFound, with
 * `searched_all` when a range was given.
 */
const tx: NodeMethod = (call) => {
  const { params } = call
  const binary = binaryParam(params)
  const range = ledgerRange(params)
  let lookup: TransactionLookup | null
  if (params.ctid !== undefined) {
    if (params.transaction !== undefined) throw new RpcError('invalidParams')
    const position = typeof params.ctid === 'string' ? parseCtid(params.ctid) : null
    if (!position) throw new RpcError('invalidParams', "Invalid field 'ctid'.")
    if (position.networkId !== call.network.chain_id) throw new RpcError('wrongNetwork')
    lookup = call.ledger.transactionByCtid(params.ctid as string)
  } else {
    const hash = params.transaction
    if (hash === undefined) throw new RpcError('invalidParams')
    if (typeof hash !== 'string' || !TXID.test(hash)) throw new RpcError('notImpl')
    lookup = call.ledger.transaction(hash, call.network.key)
  }
  if (!lookup) {
    throw new RpcError(
      'txnNotFound',
      undefined,
      range ? { searched_all: keepsAll(call, range.low, range.high) } : {},
    )
  }
  return shaped(call, lookup, binary)
}

/** `transaction_entry` (xrpl.org): a transaction of one closed ledger. */
const transactionEntry: NodeMethod = (call) => {
  const hash = call.params.tx_hash
  if (hash === undefined) throw new RpcError('invalidParams', "Missing field 'tx_hash'.")
  if (typeof hash !== 'string' || !TXID.test(hash)) throw invalidField('tx_hash')
  const selected = selectLedger(call, 'validated')
  if (selected.open) throw new RpcError('notImpl', 'Current ledger is not supported.')
  const lookup = closedLookups(call, selected.index).find(
    (found) => found.txid === hash.toUpperCase(),
  )
  if (!lookup) throw new RpcError('txnNotFound')
  const { tx_json, hash: _hash, meta, ...rest } = transactionJson(lookup, 2, selected.header, null)
  return call.apiVersion === 1
    ? {
        ledger_hash: selected.header.ledger_hash,
        ledger_index: selected.index,
        metadata: meta,
        tx_json: { ...(tx_json as object), hash },
        validated: true,
      }
    : { ...rest, hash, metadata: meta, tx_json, validated: true }
}

const wrapForAccountTx = (entry: Record<string, unknown>, apiVersion: ApiVersion) => {
  if (apiVersion > 1) return entry
  const { meta, validated, ...tx } = entry
  return { meta, tx, validated }
}

/**
 * `account_tx` (xrpl.org): the account's validated transactions in the kept ledgers, newest first
 * (`forward: true`: oldest first), default 200 a page, at most 400.
 */
const accountTx: NodeMethod = (call) => {
  const { params } = call
  const account = accountParam(params)
  const binary = binaryParam(params)
  const forward = params.forward ?? false
  if (typeof forward !== 'boolean') throw invalidField('forward')
  const limit = limitParam(params, 200, 400)
  const start = markerParam(params) ?? 0
  const bound = (name: 'ledger_index_min' | 'ledger_index_max') => {
    const value = params[name] ?? -1
    if (typeof value !== 'number' || !Number.isInteger(value)) throw expectedField(name, 'integer')
    return value
  }
  const kept = call.ledger
    .completeLedgers(call.network.key)
    .split(',')
    .map((range) => range.split('-').map(Number))
  const first = kept[0]?.[0] ?? 0
  const latest = call.ledger.latestClosedIndex(call.network.key)
  const min = bound('ledger_index_min') === -1 ? first : Math.max(first, bound('ledger_index_min'))
  const max =
    bound('ledger_index_max') === -1 ? latest : Math.min(latest, bound('ledger_index_max'))
  if (min > max) throw new RpcError('lgrIdxsInvalid')
  const { definitions } = networkCodec(call.network)
  const found: TransactionLookup[] = []
  for (let index = max; index >= min; index--) {
    const list = closedLookups(call, index)
    for (let i = list.length - 1; i >= 0; i--) {
      const lookup = list[i] as TransactionLookup
      if (
        affectedAccounts(lookup.transaction.meta.AffectedNodes as AffectedNode[], definitions).has(
          account,
        )
      )
        found.push(lookup)
    }
  }
  if (forward) found.reverse()
  const page = found.slice(start, start + limit)
  return {
    account,
    ledger_index_min: min,
    ledger_index_max: max,
    limit,
    transactions: page.map((lookup) =>
      wrapForAccountTx(shaped(call, lookup, binary), call.apiVersion),
    ),
    validated: true,
    ...(start + limit < found.length ? { marker: markerAt('0'.repeat(64), start + limit) } : {}),
  }
}

/** The transaction reads of docs/protocol.md §8.6. */
export const transactionMethods: Record<string, NodeMethod> = {
  tx,
  transaction_entry: transactionEntry,
  account_tx: accountTx,
}
