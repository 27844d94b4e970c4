import type { Amount } from 'pullsign/wire'
import { LedgerAmount } from '../../ledger/amounts/ledger-amount'
import { isAccount, isCurrencyCode, type NodeCall, type NodeMethod } from '../node-request'
import { RpcError } from '../rpc-errors'

/**
 * `ripple_path_find` and `path_find`'s requests and answers (rippled
 * src/xrpld/rpc/handlers/RipplePathFind.cpp, PathFind.cpp; src/xrpld/app/paths/PathRequest.cpp
 * `parseJson`, `isValid`, `doUpdate`, `findPaths`; docs/protocol.md §8.14) over the ledger's path
 * search (`ledger.findPaths`, the payment engine's own).
 */

// RPC::Tuning::max_src_cur.
const MAX_SOURCE_CURRENCIES = 18
const DROPS = /^-?[0-9]+$/
const VALUE = /^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/
// The largest amounts there are: what "-1" (deliver all that can be) asks for.
const ALL_DROPS = '100000000000000000'
const ALL_VALUE = '9999999999999999e80'

interface ParsedAmount {
  amount: Amount
  all: boolean
}

// rippled `amountFromJsonNoThrow`: drops, or {currency, issuer, value}; null when malformed.
function amountOf(value: unknown): ParsedAmount | null {
  if (typeof value === 'string') {
    if (!DROPS.test(value)) return null
    if (value === '-1') return { amount: ALL_DROPS, all: true }
    return BigInt(value) > 0n && BigInt(value) <= BigInt(ALL_DROPS)
      ? { amount: value, all: false }
      : null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { currency, issuer, value: text } = value as Record<string, unknown>
  if (!isCurrencyCode(currency) || currency === 'XRP' || !isAccount(issuer)) return null
  const number = typeof text === 'number' ? String(text) : text
  if (typeof number !== 'string' || !VALUE.test(number)) return null
  if (Number(number) === -1) return { amount: { currency, issuer, value: ALL_VALUE }, all: true }
  try {
    const amount = LedgerAmount.fromJson({ currency, issuer, value: number })
    return amount.signum() > 0 ? { amount: amount.toJson(), all: false } : null
  } catch {
    return null
  }
}

/** A path request as PathRequest.cpp `parseJson` reads it. */
export interface PathRequestParams {
  source: string
  destination: string
  amount: Amount
  /** The destination_amount as given (answered back). */
  asked: unknown
  all: boolean
  sendMax?: Amount
  sourceCurrencies?: { currency: string; issuer?: string }[]
}

// A source_currencies entry (PathRequest.cpp): a currency, an issuer only on a token.
function sourceCurrency(entry: unknown): { currency: string; issuer?: string } {
  const { currency, issuer } = (entry ?? {}) as Record<string, unknown>
  if (typeof entry !== 'object' || entry === null || !isCurrencyCode(currency)) {
    throw new RpcError('srcCurMalformed')
  }
  if (issuer !== undefined && !isAccount(issuer)) throw new RpcError('srcIsrMalformed')
  if (currency === 'XRP' && issuer !== undefined) throw new RpcError('srcCurMalformed')
  return issuer === undefined ? { currency } : { currency, issuer }
}

/**
 * Reads a path request's fields in PathRequest.cpp's order, refusing with its errors.
 *
 * @example
 * ```ts
 * const request = pathRequestParams(call.params) // or throws RpcError('srcActMissing')
 * ```
 */
export function pathRequestParams(params: Record<string, unknown>): PathRequestParams {
  if (params.source_account === undefined) throw new RpcError('srcActMissing')
  if (params.destination_account === undefined) throw new RpcError('dstActMissing')
  if (params.destination_amount === undefined) throw new RpcError('dstAmtMissing')
  if (!isAccount(params.source_account)) throw new RpcError('srcActMalformed')
  if (!isAccount(params.destination_account)) throw new RpcError('dstActMalformed')
  const deliver = amountOf(params.destination_amount)
  if (!deliver) throw new RpcError('dstAmtMalformed')
  const request: PathRequestParams = {
    source: params.source_account,
    destination: params.destination_account,
    amount: deliver.amount,
    asked: params.destination_amount,
    all: deliver.all,
  }
  if (params.send_max !== undefined) {
    // send_max asks for destination_amount -1 (deliver what it buys).
    if (!deliver.all) throw new RpcError('dstAmtMalformed')
    const sendMax = amountOf(params.send_max)
    if (!sendMax || sendMax.all) throw new RpcError('sendMaxMalformed')
    request.sendMax = sendMax.amount
  }
  if (params.source_currencies !== undefined) {
    const list = params.source_currencies
    if (!Array.isArray(list) || list.length === 0 || list.length > MAX_SOURCE_CURRENCIES) {
      throw new RpcError('srcCurMalformed')
    }
    request.sourceCurrencies = list.map(sourceCurrency)
  }
  return request
}

// A path element as rippled's STPath::getJson writes it: its `type` bits (account 0x01,
// currency 0x10, issuer 0x20, STPathElement) and `type_hex` beside its fields.
const typedElement = (element: { account?: string; currency?: string; issuer?: string }) => {
  const type =
    (element.account === undefined ? 0 : 0x01) |
    (element.currency === undefined ? 0 : 0x10) |
    (element.issuer === undefined ? 0 : 0x20)
  return { ...element, type, type_hex: type.toString(16).toUpperCase().padStart(16, '0') }
}

/**
 * The path request's answer on the open ledger (PathRequest.cpp `isValid` then `doUpdate`):
 * `alternatives` (`paths_computed`, `source_amount`; `destination_amount` for "-1";
 * `paths_canonical: []` for `ripple_path_find`), the accounts, the amount, `full_reply`, and for
 * `ripple_path_find` the destination's currencies.
 *
 * @example
 * ```ts
 * pathAnswer(call, pathRequestParams(call.params), { legacy: true })
 * ```
 */
export function pathAnswer(
  call: NodeCall,
  request: PathRequestParams,
  { legacy }: { legacy: boolean },
): Record<string, unknown> {
  const { ledger, network } = call
  if (!ledger.account(network.key, request.source)) throw new RpcError('srcActNotFound')
  const receiver = ledger.account(network.key, request.destination)
  if (!receiver && typeof request.amount !== 'string') throw new RpcError('dstActNotFound')
  const found = ledger.findPaths(network.key, {
    source: request.source,
    destination: request.destination,
    amount: request.amount,
    partial: request.all,
    ...(request.sendMax === undefined ? {} : { sendMax: request.sendMax }),
    ...(request.sourceCurrencies === undefined
      ? {}
      : { sourceCurrencies: request.sourceCurrencies }),
  })
  const alternatives = found.map((alternative) => ({
    paths_computed: alternative.paths.map((path) => path.map(typedElement)),
    source_amount: alternative.source_amount,
    ...(request.all ? { destination_amount: alternative.destination_amount } : {}),
    ...(legacy ? { paths_canonical: [] } : {}),
  }))
  // rippled `accountDestCurrencies`: the native asset, and each line that can take more.
  const destinationCurrencies = [
    'XRP',
    ...(receiver?.lines ?? [])
      .filter((line) => Number(line.balance) < Number(line.limit))
      .map((line) => line.currency),
  ]
  return {
    alternatives,
    ...(legacy ? { destination_currencies: [...new Set(destinationCurrencies)] } : {}),
    destination_account: request.destination,
    destination_amount: request.asked,
    full_reply: true,
    source_account: request.source,
  }
}

// `ripple_path_find` (RipplePathFind.cpp): one search on the open ledger, as a stand-alone
// server answers when no ledger is named (reads `current` whatever the request names).
const ripplePathFind: NodeMethod = (call) => ({
  ...pathAnswer(call, pathRequestParams(call.params), { legacy: true }),
  ledger_current_index: call.ledger.latestClosedIndex(call.network.key) + 1,
  validated: false,
})

/**
 * The path methods of docs/protocol.md §8.14 without a connection: `ripple_path_find`, and
 * `path_find` over JSON-RPC (`noEvents`, PathFind.cpp: it answers on its socket after each close).
 */
export const pathMethods: Record<string, NodeMethod> = {
  ripple_path_find: ripplePathFind,
  path_find: ({ params }) => {
    if (typeof params.subcommand !== 'string') throw new RpcError('invalidParams')
    throw new RpcError('noEvents')
  },
}
