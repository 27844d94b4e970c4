import { isNetworkKey, NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import { amendmentTable, enabledAmendments } from './amendments/amendment-table'
import { LedgerAmount, MAX_DROPS } from './amounts/ledger-amount'
import { parseDrops } from './amounts/native-amount'
import { parseCtid } from './codec/ctid'
import { multisignedBlob } from './codec/multisigned-blob'
import { type LedgerClosed, listeners, type TransactionApplied } from './ledger-events'
import type { LedgerState } from './ledger-state'
import type { AccountView, Ledger, LedgerSelector } from './ledger-types'
import { createNetworkLedger, DEFAULT_LEDGER_HISTORY, type NetworkLedger } from './network-ledger'
import { NETWORKS } from './networks'
import { accountOffers, bookOffers } from './reads/book-offers'
import { bookQuote } from './reads/book-quote'
import { accountObjectsPage, ledgerDataPage, ownerObjects } from './reads/ledger-reads'
import { accountNfts, heldNFToken, nftBuyOffers, nftSellOffers } from './reads/nft-reads'
import { depositAuthorized, depositParties } from './rules/common/deposit-authorization'
import type { NativePrice } from './rules/transaction-rules'
import { minimumFee } from './rules/transactor'
import { readAccount } from './state/account-root'
import { LSF, type RippleState } from './state/ledger-object'
import type { ReadView } from './state/read-view'
import { lineView } from './state/trust-line'
import { transactionLookup } from './transaction-lookup'

/**
 * What the ledger needs of a clock (the platform's `Clock` is one): the time, and a repeating
 * timer that reports how many periods a clock jump skipped (its closes, docs/protocol.md §8.1).
 *
 * @example
 * ```ts
 * const clock: LedgerClock = createClock()
 * ```
 */
export interface LedgerClock {
  now(): number
  setInterval(fn: (periods: number) => void, ms: number): () => void
}

/** Options of {@link createLedger}. */
export interface LedgerOptions {
  clock: LedgerClock
  /** Close every open ledger this often on the clock (docs/protocol.md §8.1: about 4 s); false = manual. */
  closeMs: number | false
  /**
   * Price of one native unit in a currency: the market pay-with-anything converts through
   * (docs/protocol.md §8.5). Without it, only same-currency conversions have a path.
   */
  price?: NativePrice
  /**
   * About how many closed transactions each network remembers, its oldest ledgers forgotten
   * first (default {@link DEFAULT_LEDGER_HISTORY}): a long-running server stays bounded.
   */
  history?: number
}

const TXID = /^[0-9A-F]{64}$/i

const checkedTokenId = (tokenId: string) => {
  if (typeof tokenId !== 'string' || !TXID.test(tokenId)) {
    throw outOfRange('tokenId', 'must be 64 hex characters (an NFTokenID)')
  }
  return tokenId.toUpperCase()
}

// The ledger's callers (platform/, http/, the wallet) validate their input first and answer the
// docs/protocol.md §1 envelope themselves: an argument out of range here is a caller's bug, so it
// is a plain RangeError or TypeError naming the argument, never a platform error.
const outOfRange = (argument: string, why: string) => new RangeError(`${argument} ${why}`)

// The open ledger's objects, or the latest closed ledger's.
function stateOf(ledger: NetworkLedger, at: LedgerSelector = 'current'): ReadView {
  if (at === 'current') return ledger.objects
  if (at === 'validated') return ledger.validatedObjects()
  throw outOfRange('ledger', "must be 'current' or 'validated'")
}

// A page request's limit must be a positive whole number (the node clamps it to its maximum).
function checkedPage<T extends { limit: number }>(request: T): T {
  if (!(Number.isInteger(request.limit) && request.limit > 0)) {
    throw outOfRange('limit', 'must be a positive integer')
  }
  return request
}

/**
 * Creates the simulated ledger of the five networks of docs/protocol.md §8.1.
 *
 * @example
 * ```ts
 * const ledger = createLedger({ clock: createClock(), closeMs: 4000 })
 * ledger.fund('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', '100000000', ['TESTNET'])
 * ledger.account('TESTNET', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe')?.balance // '100000000'
 * ```
 */
export function createLedger(options: LedgerOptions): Ledger {
  const { clock, closeMs } = options
  const price = options.price ?? (() => null)
  if (closeMs !== false && !(Number.isInteger(closeMs) && closeMs > 0)) {
    throw new RangeError('closeMs must be a positive integer of milliseconds or false')
  }
  const history = options.history ?? DEFAULT_LEDGER_HISTORY
  if (!(Number.isInteger(history) && history > 0)) {
    throw new RangeError('history must be a positive integer of transactions')
  }
  const build = () =>
    new Map<NetworkKey, NetworkLedger>(
      NETWORKS.map((n) => [n.key, createNetworkLedger(n, price, clock.now(), history)]),
    )
  let networks = build()
  let changes = 0
  const closes = listeners<LedgerClosed>()
  const applied = listeners<TransactionApplied>()

  const closeOne = (ledger: NetworkLedger, ledgers: number) => {
    const { header, transactions } = ledger.close(clock.now(), ledgers)
    if (closes.size === 0) return
    let lookups: ReturnType<LedgerClosed['transactions']> | undefined
    closes.emit({
      network: ledger.definition.key,
      header,
      transactions: () => {
        lookups ??= transactions.map(transactionLookup)
        return lookups
      },
    })
  }

  const network = (key: NetworkKey): NetworkLedger => {
    const found = isNetworkKey(key) ? networks.get(key) : undefined
    if (!found) throw outOfRange('network', `must be one of ${NETWORK_KEYS.join(', ')}`)
    return found
  }
  // `ledgers` closes skipped by a clock jump are one step: the index moves by all of them at once,
  // so a year's advance costs one call, not one per 4 s (docs/protocol.md §8.1, §10).
  const closeAll = (ledgers = 1) => {
    changes++
    for (const ledger of networks.values()) closeOne(ledger, ledgers)
  }
  const cancelTimer = closeMs === false ? () => {} : clock.setInterval(closeAll, closeMs)

  return {
    fund(address, drops, keys = NETWORK_KEYS) {
      if (typeof address !== 'string' || !isValidClassicAddress(address)) {
        throw outOfRange('address', 'is not a valid classic address')
      }
      const amount = parseDrops(drops)
      if (amount === null) throw outOfRange('drops', 'must be a non-negative integer of drops')
      const targets = keys.map(network)
      // Every network's balance stays within the drops there are, or none changes.
      for (const target of targets) {
        if (BigInt(target.account(address)?.Balance ?? 0) + amount > MAX_DROPS) {
          throw outOfRange('drops', 'would take the balance past 10^17 drops (100 billion units)')
        }
      }
      changes++
      for (const target of targets) target.fund(address, amount)
    },
    account(key, address, at): AccountView | null {
      const view = stateOf(network(key), at)
      const root = readAccount(view, address)
      if (!root) return null
      const owned = ownerObjects(view, address)
      const signerList = owned.find((object) => object.LedgerEntryType === 'SignerList')
      const entries = (signerList?.SignerEntries ?? []) as { SignerEntry: { Account: string } }[]
      return {
        balance: root.Balance,
        sequence: root.Sequence,
        ownerCount: root.OwnerCount,
        regularKey: root.RegularKey ?? null,
        signers: entries.map((entry) => entry.SignerEntry.Account),
        lines: owned
          .filter((object) => object.LedgerEntryType === 'RippleState')
          .map((line) => lineView(line as RippleState, address)),
        tickets: owned
          .filter((object) => object.LedgerEntryType === 'Ticket')
          .map((ticket) => Number(ticket.TicketSequence))
          .sort((a, b) => a - b),
        defaultRipple: (root.Flags & LSF.AccountRoot.DefaultRipple) !== 0,
        flags: root.Flags,
        signerList: signerList ?? null,
      }
    },
    bookOffers(key, request, at) {
      const ledger = network(key)
      return bookOffers(stateOf(ledger, at), request, ledger.definition.native_asset)
    },
    accountOffers: (key, address, page, at) =>
      accountOffers(stateOf(network(key), at), address, page),
    bookQuote(key, { account, pay, amount }) {
      const ledger = network(key)
      const native = ledger.definition.native_asset
      const asset = pay.issuer === null ? { currency: native, issuer: null } : pay
      return bookQuote(ledger.objects, {
        account,
        pay: asset,
        amount: LedgerAmount.fromJson(amount, native),
        enabled: (name) => enabledAmendments(ledger.definition).has(name),
      })
    },
    fee: (key) => network(key).definition.fee,
    minimumFee: (key, tx, options) =>
      String(minimumFee(tx, network(key).objects, options?.signers)),
    latestClosedIndex: (key) => network(key).latestClosedIndex(),
    submit(key, blob) {
      if (typeof blob !== 'string') throw new TypeError('blob must be a hex string')
      changes++
      const result = network(key).submit(blob)
      if (result.applied && applied.size > 0) {
        applied.emit({ network: key, txid: result.txid, engine_result: result.engine_result })
      }
      return result
    },
    close(key) {
      if (key === undefined) closeAll()
      else {
        changes++
        closeOne(network(key), 1)
      }
    },
    header(key, index) {
      const { chain } = network(key)
      return (index === undefined ? chain.latest() : chain.header(index)) ?? null
    },
    completeLedgers: (key) => network(key).chain.completeLedgers(),
    onClose: closes.add,
    onTransaction: applied.add,
    transaction(hash, key) {
      if (typeof hash !== 'string' || !TXID.test(hash)) return null
      const txid = hash.toUpperCase()
      for (const ledger of key === undefined ? networks.values() : [network(key)]) {
        const stored = ledger.transaction(txid)
        if (stored) return transactionLookup(stored)
      }
      return null
    },
    transactionByCtid(value) {
      const position = typeof value === 'string' ? parseCtid(value) : null
      if (!position) return null
      const definition = NETWORKS.find((n) => n.chain_id === position.networkId)
      const stored = definition
        ? networks.get(definition.key)?.closedTransactions(position.ledgerIndex)[
            position.transactionIndex
          ]
        : undefined
      return stored ? transactionLookup(stored) : null
    },
    amendments: (key) => amendmentTable(network(key).definition),
    depositAuthorized(key, source, destination, at) {
      const view = stateOf(network(key), at)
      for (const [name, address] of [
        ['source', source],
        ['destination', destination],
      ]) {
        if (typeof address !== 'string' || !isValidClassicAddress(address)) {
          throw outOfRange(name as string, 'is not a valid classic address')
        }
      }
      if (!readAccount(view, source)) return 'srcActNotFound'
      const target = readAccount(view, destination)
      if (!target) return 'dstActNotFound'
      return depositAuthorized(depositParties(view, source, target))
    },
    submitMultisigned(key, txJson) {
      const ledger = network(key)
      const blob = multisignedBlob(txJson)
      if (typeof blob !== 'string') return blob
      changes++
      return { ...ledger.submit(blob), tx_blob: blob }
    },
    entry(key, index, at) {
      const objects = stateOf(network(key), at)
      return typeof index === 'string' ? (objects.read(index.toUpperCase()) ?? null) : null
    },
    accountObjects(key, address, request) {
      const objects = stateOf(network(key), request.ledger)
      if (typeof address !== 'string' || !isValidClassicAddress(address)) {
        throw outOfRange('address', 'is not a valid classic address')
      }
      return accountObjectsPage(objects, address, checkedPage(request))
    },
    ledgerData: (key, request) =>
      ledgerDataPage(stateOf(network(key), request.ledger), checkedPage(request)),
    storedTransaction(key, hash) {
      const ledger = network(key)
      if (typeof hash !== 'string' || !TXID.test(hash)) return null
      return ledger.transaction(hash.toUpperCase()) ?? null
    },
    ledgerTransactions: (key, ledgerIndex) => network(key).closedTransactions(ledgerIndex),
    reset() {
      networks = build()
      changes++
    },
    get changes() {
      return changes
    },
    saveState(): LedgerState {
      return Object.fromEntries([...networks].map(([key, ledger]) => [key, ledger.saveState()]))
    },
    loadState(state) {
      networks = build()
      changes++
      for (const [key, ledger] of networks) {
        const saved = state[key]
        if (saved) ledger.loadState(saved, clock.now())
      }
    },
    dispose() {
      cancelTimer()
      closes.clear()
      applied.clear()
    },
    view: (key) => network(key).objects,
    accountNfts(key, address, request, at) {
      const view = stateOf(network(key), at)
      if (typeof address !== 'string' || !isValidClassicAddress(address)) {
        throw outOfRange('address', 'is not a valid classic address')
      }
      return accountNfts(view, address, request)
    },
    nftSellOffers: (key, tokenId, request, at) =>
      nftSellOffers(stateOf(network(key), at), checkedTokenId(tokenId), request),
    nftBuyOffers: (key, tokenId, request, at) =>
      nftBuyOffers(stateOf(network(key), at), checkedTokenId(tokenId), request),
    nftoken(tokenId) {
      if (typeof tokenId !== 'string' || !TXID.test(tokenId)) return null
      for (const [key, ledger] of networks) {
        const held = heldNFToken(ledger.objects, tokenId.toUpperCase())
        if (held) return { network: key, ...held }
      }
      return null
    },
  }
}
