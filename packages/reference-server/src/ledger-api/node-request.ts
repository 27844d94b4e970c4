import {
  type Ledger,
  type LedgerHeader,
  type LedgerObject,
  type LedgerSelector,
  type NetworkDefinition,
  type TransactionLookup,
  transactionLookup,
} from '../ledger'
import { accountIdOf } from '../ledger/codec/account-ids'
import { expectedField, invalidField, missingField, RpcError } from './rpc-errors'

/** The API versions the node speaks (rippled's `api_version`; 1 when a request names none). */
export type ApiVersion = 1 | 2

/** One method call as the methods get it: the network's ledger, the request's fields, its version. */
export interface NodeCall {
  ledger: Ledger
  network: NetworkDefinition
  params: Record<string, unknown>
  apiVersion: ApiVersion
}

/** A method of the node: its result object, or an {@link RpcError} thrown. */
export type NodeMethod = (call: NodeCall) => Record<string, unknown>

/** Whether `value` is a classic address (remembered AccountID conversions, ledger/codec). */
export const isAccount = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length < 25 || value.length > 35) return false
  try {
    accountIdOf(value)
    return true
  } catch {
    return false
  }
}

const STANDARD_CURRENCY = /^[A-Za-z0-9?!@#$%^&*<>(){}[\]|]{3}$/
const HEX_CURRENCY = /^[0-9A-Fa-f]{40}$/

/** Whether `value` is a currency code rippled's `to_currency` reads: three characters or 40 hex. */
export const isCurrencyCode = (value: unknown): value is string =>
  typeof value === 'string' && (STANDARD_CURRENCY.test(value) || HEX_CURRENCY.test(value))

/**
 * The classic address in `params[name]`: missing → invalidParams "Missing field", not a string →
 * invalidParams "Invalid field", not an address → actMalformed (rippled AccountInfo.cpp and kin).
 *
 * @example
 * ```ts
 * const account = accountParam(call.params) // 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
 * ```
 */
export function accountParam(params: Record<string, unknown>, name = 'account'): string {
  const value = params[name]
  if (value === undefined) throw missingField(name)
  if (typeof value !== 'string') throw invalidField(name)
  if (!isAccount(value)) throw new RpcError('actMalformed')
  return value
}

/**
 * A list method's `limit`: as given, clamped into the method's range (`min`, 1 unless rippled's
 * `RPC::Tuning` gives one, up to `max`: an admin's request on a stand-alone rippled,
 * docs/protocol.md §8.6), `fallback` when absent; not a non-negative integer → invalidParams
 * (rippled RPCHelpers.cpp `readLimitField`).
 *
 * @example
 * ```ts
 * limitParam(call.params, 200, 400) // 200 when no limit is given
 * limitParam({ limit: 5 }, 100, 400, 20) // 20
 * ```
 */
export function limitParam(
  params: Record<string, unknown>,
  fallback: number,
  max: number,
  min = 1,
): number {
  const value = params.limit
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw expectedField('limit', 'unsigned integer')
  }
  return Math.max(min, Math.min(value, max))
}

/**
 * The `marker` of a paged list: a string the node wrote (`[0-9A-F]{64}` plus a `,n` position);
 * any other value → invalidParams "Invalid field 'marker'." (a forged marker changes nothing).
 *
 * @example
 * ```ts
 * markerParam(call.params) // undefined on the first page
 * ```
 */
export function markerParam(params: Record<string, unknown>): number | undefined {
  const value = params.marker
  if (value === undefined) return undefined
  const position = typeof value === 'string' ? /^[0-9A-F]{64},(\d{1,9})$/.exec(value) : null
  if (!position) throw invalidField('marker')
  return Number(position[1])
}

/** The marker of the item at `position` of a list whose items are keyed by `key`. */
export const markerAt = (key: string, position: number) => `${key},${position}`

/**
 * The transactions a kept closed ledger validated, in ledger order, as lookups (`xrpl-tx`'s
 * shape, which the node's answers are shaped from).
 *
 * @example
 * ```ts
 * closedLookups(call, header.ledger_index).map((lookup) => lookup.txid)
 * ```
 */
export const closedLookups = ({ ledger, network }: NodeCall, index: number): TransactionLookup[] =>
  ledger.ledgerTransactions(network.key, index).map((stored) => transactionLookup(stored))

/** The ledger a read names: the open one, or a closed (on this node: validated) one. */
export type SelectedLedger =
  | { open: true; index: number }
  | { open: false; index: number; header: LedgerHeader }

const LEDGER_HASH = /^[0-9A-Fa-f]{64}$/

/**
 * The ledger a request names with `ledger_hash` or `ledger_index` (a number, a numeric string,
 * "validated", "closed" or "current"; `fallback` when neither is given), as rippled's
 * RPCHelpers.cpp `ledgerFromRequest`: malformed → invalidParams "ledgerIndexMalformed" /
 * "ledgerHashMalformed", a ledger the node does not keep → lgrNotFound "ledgerNotFound". Every
 * closed ledger of the node is validated (a stand-alone node's, docs/protocol.md §8.6).
 *
 * @example
 * ```ts
 * const selected = selectLedger(call, 'current') // { open: true, index: 5000001 }
 * ```
 */
export function selectLedger(
  { ledger, network, params }: NodeCall,
  fallback: 'current' | 'validated',
): SelectedLedger {
  const key = network.key
  const closed = (index: number): SelectedLedger => {
    const header = ledger.header(key, index)
    if (!header) throw new RpcError('lgrNotFound', 'ledgerNotFound')
    return { open: false, index, header }
  }
  const latest = ledger.latestClosedIndex(key)
  if (params.ledger_hash !== undefined) {
    const hash = params.ledger_hash
    if (typeof hash !== 'string') throw new RpcError('invalidParams', 'ledgerHashNotString')
    if (!LEDGER_HASH.test(hash)) throw new RpcError('invalidParams', 'ledgerHashMalformed')
    const wanted = hash.toUpperCase()
    for (let index = latest; ; index--) {
      const header = ledger.header(key, index)
      if (!header) throw new RpcError('lgrNotFound', 'ledgerNotFound')
      if (header.ledger_hash === wanted) return { open: false, index, header }
    }
  }
  const value = params.ledger_index ?? fallback
  if (value === 'current') return { open: true, index: latest + 1 }
  if (value === 'validated' || value === 'closed') return closed(latest)
  const index =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d{1,10}$/.test(value)
        ? Number(value)
        : Number.NaN
  if (!Number.isInteger(index) || index < 0 || index > 0xffff_ffff) {
    throw new RpcError('invalidParams', 'ledgerIndexMalformed')
  }
  if (index === latest + 1) return { open: true, index }
  return closed(index)
}

/**
 * The fields a read answers with for the ledger it read: `ledger_current_index` for the open
 * ledger, `ledger_index` and `ledger_hash` for a closed one, and `validated`.
 *
 * @example
 * ```ts
 * ledgerFields({ open: true, index: 7 }) // { ledger_current_index: 7, validated: false }
 * ```
 */
export function ledgerFields(selected: SelectedLedger): Record<string, unknown> {
  return selected.open
    ? { ledger_current_index: selected.index, validated: false }
    : { ledger_hash: selected.header.ledger_hash, ledger_index: selected.index, validated: true }
}

/**
 * The state a read of `selected` sees: the open ledger's objects, or the latest closed ledger's
 * for any closed one (the node keeps no older state: an older index is read as the latest,
 * docs/protocol.md §8.6).
 *
 * @example
 * ```ts
 * ledgerSelector(selectLedger(call, 'validated')) // 'validated'
 * ```
 */
export const ledgerSelector = (selected: SelectedLedger): LedgerSelector =>
  selected.open ? 'current' : 'validated'

/**
 * Every object of one `LedgerEntryType` in an account's owner directory of the selected ledger,
 * page after page (`account_channels`, `noripple_check`).
 *
 * @example
 * ```ts
 * for (const line of ownedObjects(call, selected, account, 'RippleState')) console.log(line.index)
 * ```
 */
export function* ownedObjects(
  { ledger, network }: NodeCall,
  selected: SelectedLedger,
  account: string,
  type: string,
): Generator<Readonly<LedgerObject>> {
  const at = ledgerSelector(selected)
  let marker: string | undefined
  do {
    const page = ledger.accountObjects(network.key, account, {
      types: [type],
      limit: 400,
      marker,
      ledger: at,
    })
    if (!page) return
    yield* page.objects
    marker = page.marker
  } while (marker)
}
