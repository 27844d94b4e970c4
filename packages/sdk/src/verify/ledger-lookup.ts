import { PullSignError } from '../core/errors/pull-sign-error'
import { isObject, positiveOr, requireString } from '../core/input'
import type { WebSocketConstructor } from '../core/websocket'
import type { XrplTxResponse } from '../wire/lookups'
import { NETWORK_IDS } from '../wire/networks'
import { balanceChanges } from './balance-changes'
import { malformed } from './ledger-node-error'
import { type NodeConnection, nodeRequest } from './node-request'
import type { TransactionLookup } from './transaction-lookup'

/**
 * Options of {@link createLedgerLookup}.
 *
 * @example
 * ```ts
 * const options: LedgerLookupOptions = { url: 'https://xrplcluster.com', timeoutMs: 10_000 }
 * ```
 */
export interface LedgerLookupOptions {
  /**
   * A rippled node: JSON-RPC (`https://…`) or WebSocket (`wss://…`, one socket per lookup, as
   * `response.dispatched_to` names it); a public node of the network, or the reference server's
   * `{api}/ledger/K` / `{ws-api}/ledger/K`.
   */
  url: string
  /** The fetch every JSON-RPC request goes through (default the global `fetch`). */
  fetch?: typeof globalThis.fetch
  /** The WebSocket constructor of a `ws(s)` URL (default the runtime's own, else `ws`). */
  WebSocket?: WebSocketConstructor
  /** How long one lookup may take before it fails with `ERR_NETWORK`; default 30 000 ms. */
  timeoutMs?: number
}

const HASH = /^[0-9A-Fa-f]{64}$/
const isAmount = (value: unknown) =>
  typeof value === 'string' ||
  (isObject(value) &&
    typeof value.currency === 'string' &&
    typeof value.issuer === 'string' &&
    typeof value.value === 'string')

// Xahau's networks pay in XAH, and their transactions always carry NetworkID (above 1024, §8.1).
const nativeAsset = (networkId: unknown) =>
  networkId === NETWORK_IDS.XAHAU || networkId === NETWORK_IDS.XAHAUTESTNET ? 'XAH' : 'XRP'

/** rippled's `tx` result (API v2, or v1 from a node that ignores the version) as `xrpl-tx`'s shape. */
function toXrplTx(result: Record<string, unknown>, hash: string, url: string): XrplTxResponse {
  const { tx_json, meta, validated, ledger_index } = result
  // v2 nests the transaction in `tx_json` with `hash` beside it; v1 puts the fields at the top.
  const fields = tx_json === undefined ? result : tx_json
  if (!isObject(fields)) throw malformed('result.tx_json', 'an object', fields)
  const answered = result.hash ?? fields.hash
  if (typeof answered !== 'string' || answered.toUpperCase() !== hash.toUpperCase()) {
    throw malformed('result.hash', `the hash asked for (${hash})`, answered)
  }
  if (typeof fields.TransactionType !== 'string') {
    throw malformed('result.tx_json.TransactionType', 'a string', fields.TransactionType)
  }
  if (validated !== undefined && typeof validated !== 'boolean') {
    throw malformed('result.validated', 'a boolean', validated)
  }
  if (ledger_index !== undefined && !Number.isSafeInteger(ledger_index)) {
    throw malformed('result.ledger_index', 'an integer', ledger_index)
  }
  // rippled sends no metadata for a transaction not yet in a closed ledger.
  if (meta !== undefined && !isObject(meta)) throw malformed('result.meta', 'an object', meta)
  if (validated === true) {
    if (!meta) throw malformed('result.meta', 'an object', meta)
    if (typeof meta.TransactionResult !== 'string') {
      throw malformed('result.meta.TransactionResult', 'a string', meta.TransactionResult)
    }
    if (!Number.isSafeInteger(meta.TransactionIndex)) {
      throw malformed('result.meta.TransactionIndex', 'an integer', meta.TransactionIndex)
    }
    if (meta.delivered_amount !== undefined && !isAmount(meta.delivered_amount)) {
      throw malformed('result.meta.delivered_amount', 'an amount', meta.delivered_amount)
    }
  }
  // v2 shows a Payment's Amount as DeliverMax (docs/protocol.md §8.6); xrpl-tx shows Amount.
  const { DeliverMax, tx_json: _nested, meta: _meta, validated: _v, ...rest } = fields
  const amount = rest.Amount ?? DeliverMax
  return {
    txid: answered.toUpperCase(),
    node: url,
    // The node's `tx` carries no balance changes: they are read from the metadata, as xrpl-tx's.
    balanceChanges: meta === undefined ? {} : balanceChanges(meta, nativeAsset(fields.NetworkID)),
    transaction: {
      ...rest,
      ...(amount === undefined ? {} : { Amount: amount }),
      TransactionType: fields.TransactionType,
      hash: answered.toUpperCase(),
      ...(ledger_index === undefined ? {} : { ledger_index }),
      ...(typeof result.ctid === 'string' ? { ctid: result.ctid } : {}),
      ...(typeof result.date === 'number' ? { date: result.date } : {}),
      meta: (meta ?? {}) as XrplTxResponse['transaction']['meta'],
      validated: validated === true,
    },
  }
}

/**
 * A {@link TransactionLookup} over any rippled node, by its JSON-RPC (`https://`) or WebSocket
 * (`wss://`) URL, so {@link verifyPayment} and {@link verifyTransaction} check a transaction on the
 * ledger directly (docs/protocol.md §9.1 rule 4) instead of through the platform's `xrpl-tx`,
 * which allows 60 calls a minute. It sends rippled's `tx` with `api_version: 2` (the version
 * xrpl.js sends and rippled's current one; an answer in v1's shape is read too) and gives
 * `xrpl-tx`'s shape back: the same verdicts. A transaction the node does not know throws a
 * {@link LedgerNodeError} with `rpcError: 'txnNotFound'`, which the verifiers wait on like
 * `xrpl-tx`'s 404; any other rippled error, or an answer that is not rippled's, throws one naming
 * rippled's error or the field. `balanceChanges` is read from the transaction's metadata, as
 * `xrpl-tx`'s is. `networkId()` asks the node's `server_info`, so a node of another network is
 * refused before any wait.
 *
 * @example
 * ```ts
 * import { createLedgerLookup, verifyPayment } from 'pullsign/verify'
 *
 * // production: a public node of the network; the reference server: environment.ledger.MAINNET.rpc
 * const lookup = createLedgerLookup({ url: 'https://xrplcluster.com' })
 * const verdict = await verifyPayment(record, { amount: '5000000' }, { lookup })
 * ```
 */
export function createLedgerLookup(options: LedgerLookupOptions): TransactionLookup {
  const url = requireString(
    options?.url,
    'options.url',
    /^(https?|wss?):\/\//i,
    'an http(s) or ws(s) URL',
  )
  const socket = /^wss?:/i.test(url)
  const fetchFn = options.fetch ?? globalThis.fetch
  if (!socket && typeof fetchFn !== 'function') {
    throw new PullSignError('ERR_INPUT', 'options.fetch must be a function (no global fetch here)')
  }
  if (options.WebSocket !== undefined && typeof options.WebSocket !== 'function') {
    throw new PullSignError('ERR_INPUT', 'options.WebSocket must be a WebSocket constructor')
  }
  const connection: NodeConnection = {
    url,
    fetch: fetchFn,
    WebSocket: options.WebSocket,
    timeoutMs: positiveOr(options.timeoutMs, 30_000, 'options.timeoutMs'),
  }
  return {
    async getTransaction(hash) {
      requireString(hash, 'hash', HASH, '64 hex characters')
      const result = await nodeRequest(connection, 'tx', { transaction: hash, api_version: 2 })
      return toXrplTx(result, hash, url)
    },
    // rippled NetworkOPs.cpp `getServerInfo`: `network_id` only when the node is configured with
    // one ([network_id]); absent, the node does not say.
    async networkId() {
      const { info } = await nodeRequest(connection, 'server_info', {})
      if (!isObject(info)) throw malformed('result.info', 'an object', info)
      const id = info.network_id
      if (id === undefined) return null
      if (!Number.isSafeInteger(id) || (id as number) < 0) {
        throw malformed('result.info.network_id', 'a network id', id)
      }
      return id as number
    },
  }
}
