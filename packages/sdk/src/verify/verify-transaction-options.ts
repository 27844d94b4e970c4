import { PullSignError } from '../core/errors/pull-sign-error'
import { CLASSIC_ADDRESS, describeValue, isObject, positiveOr, requireString } from '../core/input'
import type { Clock } from '../core/seams'
import type { WebSocketConstructor } from '../core/websocket'
import { isNetworkKey, type NetworkKey } from '../wire/networks'
import type { TransactionLookup } from './transaction-lookup'

/**
 * Options of {@link verifyTransaction}: what the transaction must be (its network, its account),
 * where to look it up (a node URL, or any {@link TransactionLookup}; by default the node the
 * record names), and the wait (`signal`, `clock`, `intervalMs`, `timeoutMs`). Any other key is an
 * `ERR_INPUT` naming it.
 *
 * @example
 * ```ts
 * const options: VerifyTransactionOptions = {
 *   network: 'TESTNET',
 *   account: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
 *   signal: AbortSignal.timeout(120_000),
 * }
 * ```
 */
export interface VerifyTransactionOptions {
  /**
   * The network the transaction must be on. Default: the payload's `force_network`, else
   * `MAINNET` (real value lives there, docs/protocol.md §9.1 rule 3); a test network on purpose.
   */
  network?: NetworkKey
  /**
   * The account the transaction must be from (its `Account`: the ledger validated it only when
   * signed by that account's key, regular key or signer list). A record's own account is always
   * checked too (`response.multisign_account`, else `response.account`).
   */
  account?: string
  /**
   * A rippled node to look up on: JSON-RPC (`https://…`) or WebSocket (`wss://…`). Default: the
   * node the record names (`response.dispatched_to`, else `environment_nodeuri`). Required with a
   * txid, unless `lookup` is given.
   */
  node?: string
  /** Any {@link TransactionLookup} instead of a node, e.g. the client (`xrpl-tx`): `{ lookup: pullsign }`. */
  lookup?: TransactionLookup
  /** Aborting stops the wait: `verifyTransaction` rejects with an `AbortError`. */
  signal?: AbortSignal
  /** Time source of the wait (default the process clock). */
  clock?: Clock
  /** How long to wait between lookups; default 4000 ms, the ledger close rhythm (§8.1). */
  intervalMs?: number
  /** How long to wait for validation before answering `not-validated`; default 60 000 ms. */
  timeoutMs?: number
  /** The fetch of a JSON-RPC `node` (default the global `fetch`). */
  fetch?: typeof globalThis.fetch
  /** The WebSocket constructor of a `ws(s)` node (default the runtime's own, else `ws`). */
  WebSocket?: WebSocketConstructor
}

const OPTIONS = [
  'network',
  'account',
  'node',
  'lookup',
  'signal',
  'clock',
  'intervalMs',
  'timeoutMs',
  'fetch',
  'WebSocket',
]
const NODE_URL = /^(https?|wss?):\/\//i
/** An `ERR_INPUT` with the message given. */
export const input = (message: string) => new PullSignError('ERR_INPUT', message)

/** The options checked before anything is asked: an `ERR_INPUT` names the first one that is wrong. */
export function checkOptions(raw: unknown): VerifyTransactionOptions {
  if (raw === undefined) return {}
  if (!isObject(raw)) {
    throw input(`options must be an object of ${OPTIONS.join(', ')}, got ${describeValue(raw)}`)
  }
  const options = raw as VerifyTransactionOptions
  const stray = Object.keys(options).find((key) => !OPTIONS.includes(key))
  if (stray !== undefined) {
    throw input(`options.${stray} is not an option of verifyTransaction (${OPTIONS.join(', ')})`)
  }
  const { network, account, node, lookup, fetch, WebSocket } = options
  if (network !== undefined && !isNetworkKey(network)) {
    throw input(
      `options.network must be a rails key (MAINNET, TESTNET…), got ${describeValue(network)}`,
    )
  }
  if (account !== undefined) {
    requireString(account, 'options.account', CLASSIC_ADDRESS, 'a classic address (r…)')
  }
  if (node !== undefined) requireString(node, 'options.node', NODE_URL, 'an http(s) or ws(s) URL')
  if (lookup !== undefined) {
    if (typeof lookup?.getTransaction !== 'function') {
      throw input('options.lookup must have getTransaction(hash), e.g. { lookup: pullsign }')
    }
    const nodeOnly = (['node', 'fetch', 'WebSocket'] as const).find(
      (key) => options[key] !== undefined,
    )
    if (nodeOnly !== undefined) {
      throw input(
        `options.${nodeOnly} is for a node lookup: give options.lookup or options.node, not both`,
      )
    }
  }
  if (fetch !== undefined && typeof fetch !== 'function')
    throw input('options.fetch must be a function')
  if (WebSocket !== undefined && typeof WebSocket !== 'function') {
    throw input('options.WebSocket must be a WebSocket constructor')
  }
  if (options.signal !== undefined && typeof options.signal?.addEventListener !== 'function') {
    throw input('options.signal must be an AbortSignal')
  }
  if (options.clock !== undefined && typeof options.clock?.now !== 'function') {
    throw input('options.clock must be a clock: {now, setTimeout, clearTimeout}')
  }
  positiveOr(options.intervalMs, 4000, 'options.intervalMs')
  positiveOr(options.timeoutMs, 60_000, 'options.timeoutMs')
  return options
}
