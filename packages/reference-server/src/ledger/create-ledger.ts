import { isNetworkKey, NETWORK_KEYS, type NetworkKey } from 'pullsign/wire'
import { isValidClassicAddress } from 'ripple-address-codec'
import {
  AMENDMENT_PROFILES,
  type AmendmentProfile,
  type AmendmentSwitches,
  amendmentTable,
  switchAmendments,
  unknownAmendments,
} from './amendments/amendment-table'
import { LedgerAmount, MAX_DROPS } from './amounts/ledger-amount'
import { parseDrops } from './amounts/native-amount'
import { CLOSE_TIME_RESOLUTION, closeTimeNotBefore } from './closing/ledger-header'
import { parseCtid } from './codec/ctid'
import { multisignedBlob } from './codec/multisigned-blob'
import { networkCodec } from './codec/network-codec'
import { type LedgerClosed, listeners, type TransactionApplied } from './ledger-events'
import type { LedgerState } from './ledger-state'
import type { AccountView, Ledger, LedgerSelector } from './ledger-types'
import { createNetworkLedger, DEFAULT_LEDGER_HISTORY, type NetworkLedger } from './network-ledger'
import { NETWORKS, networkDefinition } from './networks'
import { accountOffers, bookOffers } from './reads/book-offers'
import { accountObjectsPage, ledgerDataPage, ownerObjects } from './reads/ledger-reads'
import { accountNfts, heldNFToken, nftBuyOffers, nftSellOffers } from './reads/nft-reads'
import { credentialsPreauthorized, credentialsRequestRefusal } from './rules/common/credential-ids'
import { depositAuthorized, depositParties } from './rules/common/deposit-authorization'
import type { NativePrice } from './rules/transaction-rules'
import { minimumFee } from './rules/transactor'
import { readAccount } from './state/account-root'
import { LSF, type RippleState } from './state/ledger-object'
import type { ReadView } from './state/read-view'
import { lineView } from './state/trust-line'
import { transactionLookup } from './transaction-lookup'
import { unsignedPreflight } from './unsigned-preflight'

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

/**
 * When the ledger closes: every `n` ms of clock time (docs/protocol.md §8.1: about 4 s), only on
 * demand (`false`), or `'auto'`: a network's open ledger closes as soon as a transaction applies to
 * it (what Hardhat calls automine), and an idle one every {@link IDLE_CLOSE_MS} of clock time.
 *
 * @example
 * ```ts
 * const close: LedgerCloseMode = 'auto'
 * ```
 */
export type LedgerCloseMode = number | false | 'auto'

/**
 * With `closeMs: 'auto'`, how often idle networks close: the close-time resolution (10 s,
 * closing/ledger-header.ts), so the parent close time that `FinishAfter`, `CancelAfter` and
 * `Expiration` are judged against keeps up with the clock (an `advance` included) without a close
 * per submission being needed for it.
 */
export const IDLE_CLOSE_MS = CLOSE_TIME_RESOLUTION * 1000

/**
 * Throws a RangeError naming `field` unless `value` is a {@link LedgerCloseMode}.
 *
 * @example
 * ```ts
 * checkCloseMode(options.ledgerCloseMs, 'ledgerCloseMs')
 * ```
 */
export function checkCloseMode(value: unknown, field: string): asserts value is LedgerCloseMode {
  if (value === false || value === 'auto') return
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return
  throw new RangeError(`${field} must be 'auto', false or a positive integer of milliseconds`)
}

/** Options of {@link createLedger}. */
export interface LedgerOptions {
  clock: LedgerClock
  /** When open ledgers close ({@link LedgerCloseMode}). */
  closeMs: LedgerCloseMode
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
  /**
   * Which amendments the networks start with (docs/protocol.md §8.10), again after each reset:
   * `'default'` enables every family the node models on the XRP Ledger's networks;
   * `'production'` makes MAINNET mirror the XRP Ledger's mainnet (the Xahau networks mirror
   * Xahau's mainnet in both). The object form adds switches per network after the profile.
   */
  amendments?: AmendmentProfile | AmendmentSettings
}

/**
 * A profile and switches per network, applied after it (`{ profile: 'production', MAINNET: {
 * enable: ['BatchV1_1'] } }`).
 *
 * @example
 * ```ts
 * const settings: AmendmentSettings = { XAHAU: { disable: ['Hooks'] } }
 * ```
 */
export type AmendmentSettings = { profile?: AmendmentProfile } & Partial<
  Record<NetworkKey, AmendmentSwitches>
>

// The settings checked once: a RangeError naming the profile, the network or the amendment.
function checkedSettings(amendments: LedgerOptions['amendments']) {
  const settings: AmendmentSettings =
    typeof amendments === 'string' || amendments === undefined
      ? { profile: amendments ?? 'default' }
      : amendments
  const profile = settings.profile ?? 'default'
  if (!AMENDMENT_PROFILES.includes(profile)) {
    throw new RangeError(`amendments profile must be one of ${AMENDMENT_PROFILES.join(', ')}`)
  }
  for (const [key, switches] of Object.entries(settings)) {
    if (key === 'profile') continue
    if (!isNetworkKey(key)) {
      throw new RangeError(`amendments.${key} must be a network: ${NETWORK_KEYS.join(', ')}`)
    }
    const { enable = [], disable = [] } = switches as AmendmentSwitches
    const unknown = unknownAmendments(networkDefinition(key), [...enable, ...disable])
    if (unknown.length > 0) {
      throw new RangeError(`amendments.${key}: ${unknown.join(', ')} is not an amendment of ${key}`)
    }
  }
  return { profile, settings }
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
  checkCloseMode(closeMs, 'closeMs')
  const automine = closeMs === 'auto'
  const history = options.history ?? DEFAULT_LEDGER_HISTORY
  if (!(Number.isInteger(history) && history > 0)) {
    throw new RangeError('history must be a positive integer of transactions')
  }
  const { profile, settings } = checkedSettings(options.amendments)
  const build = () =>
    new Map<NetworkKey, NetworkLedger>(
      NETWORKS.map((n) => [
        n.key,
        createNetworkLedger(
          n,
          price,
          clock.now(),
          history,
          amendmentTable(n, profile, settings[n.key] ?? {}),
        ),
      ]),
    )
  let networks = build()
  let changes = 0
  const closes = listeners<LedgerClosed>()
  const applied = listeners<TransactionApplied>()

  const closeOne = (ledger: NetworkLedger, ledgers: number, nowMs = clock.now()) => {
    const { header, transactions } = ledger.close(nowMs, ledgers)
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
  const cancelTimer =
    closeMs === false ? () => {} : clock.setInterval(closeAll, automine ? IDLE_CLOSE_MS : closeMs)

  // The one way a transaction reaches an open ledger (the wallet's, the node's `submit` and
  // `submit_multisigned`, the faucet's): its listeners hear of it, then, in automine, its ledger
  // closes at once, so whoever submitted reads it validated when the call returns.
  const submitTo = (key: NetworkKey, blob: string, options?: { impersonated: boolean }) => {
    const ledger = network(key)
    changes++
    const result = ledger.submit(blob, options)
    if (!result.applied) return result
    if (applied.size > 0) {
      applied.emit({ network: key, txid: result.txid, engine_result: result.engine_result })
    }
    if (automine) closeOne(ledger, 1)
    return result
  }

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
    fee: (key) => network(key).definition.fee,
    preflight: (key, tx, options) => unsignedPreflight(tx, network(key).preflightContext, options),
    minimumFee(key, tx, options) {
      const ledger = network(key)
      return String(minimumFee(tx, ledger.objects, ledger, options?.signers))
    },
    latestClosedIndex: (key) => network(key).latestClosedIndex(),
    submit(key, blob) {
      if (typeof blob !== 'string') throw new TypeError('blob must be a hex string')
      return submitTo(key, blob)
    },
    impersonate(key, blob) {
      if (typeof blob !== 'string') throw new TypeError('blob must be a hex string')
      return submitTo(key, blob, { impersonated: true })
    },
    setBalance(key, address, drops) {
      const ledger = network(key)
      if (typeof address !== 'string' || !isValidClassicAddress(address)) {
        throw outOfRange('address', 'is not a valid classic address')
      }
      const amount = parseDrops(drops)
      if (amount === null || amount > MAX_DROPS) {
        throw outOfRange('drops', 'must be an integer of drops from 0 to 10^17')
      }
      changes++
      ledger.setBalance(address, amount)
      closeOne(ledger, 1)
    },
    explain(key, hash) {
      const ledger = network(key)
      return typeof hash === 'string' && TXID.test(hash) ? ledger.explain(hash.toUpperCase()) : null
    },
    findPaths(key, request) {
      const ledger = network(key)
      if (![request.source, request.destination].every((a) => isValidClassicAddress(a))) return []
      const native = ledger.definition.native_asset
      const alternatives = ledger.findPaths({
        source: request.source,
        destination: request.destination,
        deliver: LedgerAmount.fromJson(request.amount, native),
        partial: request.partial ?? false,
        sendMax:
          request.sendMax === undefined ? null : LedgerAmount.fromJson(request.sendMax, native),
        sourceAssets:
          request.sourceCurrencies?.map(({ currency, issuer }) => ({
            currency: currency === native ? 'XRP' : currency,
            issuer: issuer ?? null,
          })) ?? null,
      })
      return alternatives.map((alternative) => ({
        paths: alternative.paths,
        source_amount: alternative.sourceAmount.toJson(),
        destination_amount: alternative.deliveredAmount.toJson(),
      }))
    },
    simulate(key, blob) {
      const ledger = network(key)
      const { result, stored } = ledger.simulate(blob)
      return {
        engine_result: result,
        ledger_index: ledger.latestClosedIndex() + 1,
        lookup: stored && transactionLookup(stored),
      }
    },
    close(key, options = {}) {
      const { notBefore } = options
      if (notBefore !== undefined && !(Number.isInteger(notBefore) && notBefore >= 0)) {
        throw outOfRange('notBefore', 'must be whole seconds since the Ripple epoch')
      }
      const targets = key === undefined ? [...networks.values()] : [network(key)]
      changes++
      const at = notBefore === undefined ? clock.now() : closeTimeNotBefore(clock.now(), notBefore)
      for (const target of targets) closeOne(target, 1, at)
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
    amendments: (key) => network(key).amendments(),
    setAmendments(key, change) {
      const ledger = network(key)
      const { definition } = ledger
      const names = [...(change.enable ?? []), ...(change.disable ?? [])]
      const unknown = unknownAmendments(definition, names)
      if (unknown.length > 0) {
        throw outOfRange('amendment', `${unknown.join(', ')} is not an amendment of ${key}`)
      }
      if (change.profile !== undefined && !AMENDMENT_PROFILES.includes(change.profile)) {
        throw outOfRange('profile', `must be one of ${AMENDMENT_PROFILES.join(', ')}`)
      }
      const base =
        change.profile === undefined
          ? ledger.amendments()
          : amendmentTable(definition, change.profile)
      const table = switchAmendments(definition, base, change)
      changes++
      ledger.setAmendments(table)
      return table
    },
    depositAuthorized(key, source, destination, at, credentials) {
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
      const bad = credentials && credentialsRequestRefusal(view, credentials, source)
      if (bad) return { badCredentials: bad }
      if (depositAuthorized(depositParties(view, source, target))) return true
      // DepositAuthorized.cpp: or the credentials are exactly a set the destination preauthorized.
      return (
        credentials !== undefined &&
        credentialsPreauthorized(view, { CredentialIDs: credentials }, destination)
      )
    },
    submitMultisigned(key, txJson) {
      const blob = multisignedBlob(txJson, networkCodec(network(key).definition))
      if (typeof blob !== 'string') return blob
      return { ...submitTo(key, blob), tx_blob: blob }
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
