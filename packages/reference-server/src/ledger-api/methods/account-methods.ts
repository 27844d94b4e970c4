import { createHash } from 'node:crypto'
import { createSharedCache } from '../../bounded-cache'
import type { AccountView, LedgerObject } from '../../ledger'
import { LedgerAmount } from '../../ledger/amounts/ledger-amount'
import { accountIdOf } from '../../ledger/codec/account-ids'
import {
  accountParam,
  ledgerFields,
  ledgerSelector,
  limitParam,
  markerAt,
  markerParam,
  type NodeCall,
  type NodeMethod,
  type SelectedLedger,
  selectLedger,
} from '../node-request'
import { RpcError } from '../rpc-errors'

// The space key of an AccountRoot (rippled include/xrpl/protocol/LedgerFormats.h: 'a').
const ACCOUNT_SPACE = Buffer.from('0061', 'hex')

// Indexes of the accounts asked about lately: a SHA-512 per read is a tenth of an account_info.
const indexes = createSharedCache<string>({ maxKeyLength: 35, maxEntries: 4096 })

/** An AccountRoot's `index`: SHA-512Half(0x0061 + AccountID) (xrpl.js `hashes.hashAccountRoot`). */
export const accountRootIndex = (address: string): string => {
  const known = indexes.get(address)
  if (known !== undefined) return known
  const index = createHash('sha512')
    .update(ACCOUNT_SPACE)
    .update(Buffer.from(accountIdOf(address), 'hex'))
    .digest('hex')
    .slice(0, 64)
    .toUpperCase()
  indexes.set(address, index)
  return index
}

// AccountRoot flags account_info reports in `account_flags` (xrpl.org account_info).
const ACCOUNT_FLAGS = {
  defaultRipple: 0x0080_0000,
  depositAuth: 0x0100_0000,
  disableMasterKey: 0x0010_0000,
  disallowIncomingXRP: 0x0008_0000,
  globalFreeze: 0x0040_0000,
  noFreeze: 0x0020_0000,
  requireAuthorization: 0x0004_0000,
  requireDestinationTag: 0x0002_0000,
} as const

/**
 * The AccountRoot of `address` in the ledger a request selected: an account the open ledger
 * created is not in a closed one until its ledger closes (actNotFound names the account and the
 * ledger read, as rippled's).
 *
 * @example
 * ```ts
 * accountAt(call, address, selectLedger(call, 'current')).Sequence
 * ```
 */
export function accountAt(
  call: NodeCall,
  address: string,
  selected: SelectedLedger,
): Readonly<LedgerObject> {
  const root = call.ledger.entry(
    call.network.key,
    accountRootIndex(address),
    ledgerSelector(selected),
  )
  if (!root) {
    throw new RpcError('actNotFound', undefined, { account: address, ...ledgerFields(selected) })
  }
  return root
}

// The `account` a read is about, the ledger it selected and the account's AccountRoot there.
const readAccount = (call: NodeCall, fallback: 'current' | 'validated') => {
  const address = accountParam(call.params)
  const selected = selectLedger(call, fallback)
  return { address, selected, root: accountAt(call, address, selected) }
}

// The account as the selected ledger keeps it (its lines, its signer list); it exists there.
const accountView = (call: NodeCall, address: string, selected: SelectedLedger) =>
  call.ledger.account(call.network.key, address, ledgerSelector(selected)) as AccountView

/** `account_info` (xrpl.org): v1 nests `signer_lists` in `account_data`, v2 puts it beside. */
const accountInfo: NodeMethod = (call) => {
  const { address, selected, root } = readAccount(call, 'current')
  const wantsSigners = call.params.signer_lists
  if (wantsSigners !== undefined && typeof wantsSigners !== 'boolean') {
    throw new RpcError('invalidParams', "Invalid field 'signer_lists'.")
  }
  // The AccountRoot itself as the ledger read keeps it (PreviousTxnID…), open or validated.
  const data: Record<string, unknown> = { ...root }
  const signerList = wantsSigners ? accountView(call, address, selected).signerList : undefined
  const signerLists = wantsSigners ? (signerList ? [signerList] : []) : undefined
  if (signerLists && call.apiVersion === 1) data.signer_lists = signerLists
  return {
    account_data: data,
    account_flags: Object.fromEntries(
      Object.entries(ACCOUNT_FLAGS).map(([name, bit]) => [name, (root.Flags & bit) !== 0]),
    ),
    ...(signerLists && call.apiVersion > 1 ? { signer_lists: signerLists } : {}),
    ...ledgerFields(selected),
  }
}

/** `account_lines` (xrpl.org): default 200 lines a page, at most 400 (rippled Tuning.h). */
const accountLines: NodeMethod = (call) => {
  const { address, selected } = readAccount(call, 'current')
  const peer = call.params.peer === undefined ? undefined : accountParam(call.params, 'peer')
  const limit = limitParam(call.params, 200, 400)
  const start = markerParam(call.params) ?? 0
  const all = accountView(call, address, selected).lines.filter(
    (line) => peer === undefined || line.counterparty === peer,
  )
  const page = all.slice(start, start + limit)
  const next = start + limit
  return {
    account: address,
    lines: page.map((line) => ({
      account: line.counterparty,
      balance: line.balance,
      currency: line.currency,
      limit: line.limit,
      limit_peer: line.limit_peer,
      quality_in: line.quality_in,
      quality_out: line.quality_out,
    })),
    ...ledgerFields(selected),
    ...(call.params.limit === undefined ? {} : { limit }),
    ...(next < all.length ? { marker: markerAt(accountRootIndex(address), next) } : {}),
  }
}

// A line's value (balance or limit) as the ledger's amount type, to compare and sum exactly.
const lineValue = (currency: string, value: string) =>
  LedgerAmount.fromJson({ currency, issuer: NO_ISSUER, value })
const NO_ISSUER = 'rrrrrrrrrrrrrrrrrrrrBZbvji'

/** `account_currencies` (xrpl.org, rippled AccountCurrencies.cpp: room left on each side of a line). */
const accountCurrencies: NodeMethod = (call) => {
  const { address, selected } = readAccount(call, 'current')
  const receive = new Set<string>()
  const send = new Set<string>()
  for (const line of accountView(call, address, selected).lines) {
    const balance = lineValue(line.currency, line.balance)
    if (balance.lt(lineValue(line.currency, line.limit))) receive.add(line.currency)
    if (balance.negated().lt(lineValue(line.currency, line.limit_peer))) send.add(line.currency)
  }
  return {
    receive_currencies: [...receive].sort(),
    send_currencies: [...send].sort(),
    ...ledgerFields(selected),
  }
}

/**
 * `gateway_balances` (xrpl.org, rippled GatewayBalances.cpp): what others hold of the account's
 * assets, summed per currency with the ledger's own arithmetic (`STAmount` sums written as
 * `getText`), and what it holds.
 */
const gatewayBalances: NodeMethod = (call) => {
  const { address, selected } = readAccount(call, 'current')
  const obligations = new Map<string, LedgerAmount>()
  const assets: Record<string, { currency: string; value: string }[]> = {}
  for (const line of accountView(call, address, selected).lines) {
    const balance = lineValue(line.currency, line.balance)
    if (balance.signum() < 0) {
      const owed = obligations.get(line.currency)
      obligations.set(line.currency, owed ? owed.minus(balance) : balance.negated())
    } else if (balance.signum() > 0) {
      const list = assets[line.counterparty] ?? []
      list.push({ currency: line.currency, value: line.balance })
      assets[line.counterparty] = list
    }
  }
  return {
    account: address,
    ...(Object.keys(assets).length > 0 ? { assets } : {}),
    ...(obligations.size > 0
      ? {
          obligations: Object.fromEntries(
            [...obligations].map(([currency, value]) => [currency, value.text()]),
          ),
        }
      : {}),
    ...ledgerFields(selected),
  }
}

/** The account methods of docs/protocol.md §8.6, each reading the ledger the request selects. */
export const accountMethods: Record<string, NodeMethod> = {
  account_info: accountInfo,
  account_lines: accountLines,
  account_currencies: accountCurrencies,
  gateway_balances: gatewayBalances,
}
