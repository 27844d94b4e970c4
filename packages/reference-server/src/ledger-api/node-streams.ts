import {
  type AffectedNode,
  affectedAccounts,
  booksTouched,
  type Ledger,
  type LedgerClosed,
  type NetworkDefinition,
  type TransactionLookup,
} from '../ledger'
import type { LedgerAsset } from '../ledger/amounts/ledger-asset'
import { networkCodec } from '../ledger/codec/network-codec'
import { networkDefinition } from '../ledger/networks'
import { engineResultMessage } from './engine-result-messages'
import { resultCode } from './methods/submit-methods'
import type { ApiVersion } from './node-request'
import { transactionJson } from './transaction-json'

/** One subscriber: a socket's send, and the API version it spoke when it subscribed. */
export interface StreamSubscriber {
  send(frame: string): void
  apiVersion: ApiVersion
}

/** The subscriptions of one network: the `ledger`, `transactions` and `server` streams and accounts. */
export interface NetworkStreams {
  ledger: Set<StreamSubscriber>
  transactions: Set<StreamSubscriber>
  server: Set<StreamSubscriber>
  accounts: Map<string, Set<StreamSubscriber>>
  /** The `books` subscriptions by {@link bookKey}. */
  books: Map<string, Set<StreamSubscriber>>
}

/**
 * The key of a book (what the taker gets, what it pays) among a network's `books` subscriptions.
 *
 * @example
 * ```ts
 * bookKey({ currency: 'USD', issuer }, { currency: 'XRP', issuer: null }) // 'USD/r…>native'
 * ```
 */
export const bookKey = (gets: LedgerAsset, pays: LedgerAsset) =>
  [gets, pays]
    .map((side) => (side.issuer === null ? 'native' : `${side.currency}/${side.issuer}`))
    .join('>')

/**
 * The `ledger` stream's message and `subscribe`'s answer for it (xrpl.org "Subscription
 * Methods": ledgerClosed), fees and reserves in drops.
 */
export function ledgerStreamFields(ledger: Ledger, network: NetworkDefinition) {
  const header = ledger.header(network.key)
  return {
    fee_base: Number(network.fee),
    ledger_hash: header?.ledger_hash,
    ledger_index: header?.ledger_index,
    ledger_time: header?.close_time,
    reserve_base: Number(network.reserve_base),
    reserve_inc: Number(network.reserve_increment),
    validated_ledgers: ledger.completeLedgers(network.key),
  }
}

// A validated transaction as the `transactions` and `accounts` streams send it, per version.
const transactionMessage = (
  lookup: TransactionLookup,
  closed: LedgerClosed,
  apiVersion: ApiVersion,
) => {
  const { header } = closed
  const shaped = transactionJson(lookup, apiVersion, header, null)
  const { meta, validated: _v, ctid: _c, inLedger: _i, ledger_index: _l, ...body } = shaped
  const common = {
    type: 'transaction',
    engine_result: lookup.transaction.meta.TransactionResult,
    engine_result_code: resultCode(
      networkDefinition(closed.network),
      lookup.transaction.meta.TransactionResult,
    ),
    engine_result_message: engineResultMessage(lookup.transaction.meta.TransactionResult),
    ledger_hash: header.ledger_hash,
    ledger_index: header.ledger_index,
    meta,
    status: 'closed',
    validated: true,
  }
  return JSON.stringify(
    apiVersion === 1 ? { ...common, transaction: body } : { ...common, ...body },
  )
}

/**
 * Sends one close to a network's subscribers: `ledgerClosed` to the ledger stream, each
 * transaction to the transactions stream, to the subscribers of each account it touched and of
 * each book whose offers it changed (once per socket); each frame is serialized once per API version, however many sockets get it.
 *
 * @example
 * ```ts
 * ledger.onClose((closed) => publishClose(streams, ledger, network, closed))
 * ```
 */
export function publishClose(
  streams: NetworkStreams,
  ledger: Ledger,
  network: NetworkDefinition,
  closed: LedgerClosed,
): void {
  if (streams.ledger.size > 0) {
    const frame = JSON.stringify({
      type: 'ledgerClosed',
      ...ledgerStreamFields(ledger, network),
      txn_count: closed.transactions().length,
    })
    for (const subscriber of streams.ledger) subscriber.send(frame)
  }
  if (streams.transactions.size === 0 && streams.accounts.size === 0 && streams.books.size === 0) {
    return
  }
  for (const lookup of closed.transactions()) {
    const frames: Partial<Record<ApiVersion, string>> = {}
    const frame = (version: ApiVersion) => {
      frames[version] ??= transactionMessage(lookup, closed, version)
      return frames[version]
    }
    const reached = new Set<StreamSubscriber>()
    const deliver = (subscriber: StreamSubscriber) => {
      if (reached.has(subscriber)) return
      reached.add(subscriber)
      subscriber.send(frame(subscriber.apiVersion))
    }
    for (const subscriber of streams.transactions) deliver(subscriber)
    if (streams.accounts.size > 0) {
      const nodes = lookup.transaction.meta.AffectedNodes as AffectedNode[]
      for (const account of affectedAccounts(nodes, networkCodec(network).definitions)) {
        for (const subscriber of streams.accounts.get(account) ?? []) deliver(subscriber)
      }
    }
    if (streams.books.size === 0) continue
    const nodes = lookup.transaction.meta.AffectedNodes as Parameters<typeof booksTouched>[0]
    for (const book of booksTouched(nodes ?? [], network.native_asset)) {
      for (const subscriber of streams.books.get(bookKey(book.takerGets, book.takerPays)) ?? []) {
        deliver(subscriber)
      }
    }
  }
}
