import { createBoundedCache } from '../bounded-cache'
import { type AmendmentTable, amendmentTable } from './amendments/amendment-table'
import { MAX_DROPS } from './amounts/ledger-amount'
import { parseDrops } from './amounts/native-amount'
import { createLedgerChain, type LedgerChain, loadLedgerChain } from './closing/ledger-chain'
import { effectiveCloseTime, type LedgerHeader, RIPPLE_EPOCH_OFFSET } from './closing/ledger-header'
import { createStateTree } from './closing/state-tree'
import type { JsonObject } from './codec/json-object'
import { networkCodec } from './codec/network-codec'
import { ledgerTransactionId } from './codec/transaction-id'
import { loadNetworkLedger, type NetworkLedgerState, saveNetworkLedger } from './ledger-state'
import type { SubmitResult } from './ledger-types'
import { isXahau, type NetworkDefinition } from './networks'
import type { PathAlternative } from './paths/path-search'
import { paymentLiquidity } from './paths/payment-liquidity'
import { findPaths, type PathFindRequest } from './reads/path-find'
import { runBatch } from './rules/batch/batch-rules'
import type { NativePrice, PreflightContext, RulesLookup } from './rules/transaction-rules'
import {
  type AppliedTransaction,
  applyTransaction,
  innerPreclaim,
  innerPreflight,
  isTec,
  preclaim,
  preflight,
  preflightContext,
  type Signing,
  type TransactorHost,
} from './rules/transactor'
import { xahauGenesisAccount } from './rules/xahau/genesis-account'
import { newAccountRoot, readAccount } from './state/account-root'
import { type AccountRoot, ZERO_HASH } from './state/ledger-object'
import { createObjectStore, type ObjectStore } from './state/object-store'
import type { RawView, ReadView } from './state/read-view'
import { createSandbox } from './state/sandbox'
import type { StoreSnapshot } from './state/store-snapshot'
import type { StoredTransaction } from './state/stored-transaction'
import { faultRefusal } from './view/ledger-fault'
import { notModelledLine } from './view/node-limits'
import { type Refusal, refusalOf, refuse } from './view/refusal'

/** The in-memory ledger of one network. */
export interface NetworkLedger {
  readonly definition: NetworkDefinition
  /** The open ledger's objects (read-only: change them only through a transaction). */
  readonly objects: ObjectStore
  /** The objects as the latest closed (validated) ledger left them. */
  validatedObjects(): StoreSnapshot
  /** What its transactions' preflight knows: the network, its amendment table and its rules. */
  readonly preflightContext: PreflightContext
  fund(address: string, drops: bigint): void
  /**
   * Sets an account's native balance in the open ledger, creating the account when missing (the
   * caller checks the reserve and closes the ledger): a direct write, as `fund`'s credits are.
   */
  setBalance(address: string, drops: bigint): void
  account(address: string): Readonly<AccountRoot> | null
  latestClosedIndex(): number
  /**
   * Checks and applies a blob. `impersonated`: an unsigned transaction of the control API, applied
   * as its `Account` with no signature or signing key checked (docs/protocol.md §10).
   */
  submit(blob: string, options?: { impersonated?: boolean }): SubmitResult
  /**
   * What decided a transaction's result, by the hash `submit` answered: a kept transaction's
   * (tes or tec), else a refusal that never reached a ledger (tem, tef, tel, ter), kept for the
   * latest {@link REFUSAL_HISTORY} of them; null when neither.
   */
  explain(txid: string): Explained | null
  /**
   * Applies an unsigned transaction's canonical blob to a throw-away copy of the open ledger
   * (`simulate`, rippled's tapDRY_RUN): its result, and what it would store when it applies (a
   * `tes` or `tec` result); nothing is kept, recorded or heard of.
   */
  simulate(blob: string): { result: string; stored: StoredTransaction | null }
  /** The path search on the open ledger, with the payment engine's own liquidity (reads/path-find.ts). */
  findPaths(request: Omit<PathFindRequest, 'enabled' | 'liquidity'>): PathAlternative[]
  /**
   * Validates the open ledger, closing `ledgers` at once (default 1) after a clock jump: its
   * header, and the transactions it validated in ledger order.
   */
  close(now: number, ledgers?: number): { header: LedgerHeader; transactions: StoredTransaction[] }
  /** The closed-ledger headers kept (`complete_ledgers`). */
  readonly chain: LedgerChain
  transaction(txid: string): StoredTransaction | undefined
  /** The validated transactions of a closed ledger, in order (CTIDs, §9.2; `ledger`). */
  closedTransactions(ledgerIndex: number): readonly StoredTransaction[]
  /** Objects and transactions as snapshot JSON (ledger-state.ts). */
  saveState(): NetworkLedgerState
  /** Replaces everything with a checked snapshot part, restored at `now`. */
  loadState(state: NetworkLedgerState, now: number): void
  /** Its rule registry: the rules of each type its server has (rules/registry.ts). */
  readonly rulesFor: RulesLookup
  /** Its amendment table (docs/protocol.md §8.10). */
  amendments(): AmendmentTable
  /** Replaces its amendment table: the next transaction follows it. */
  setAmendments(table: AmendmentTable): void
}

const HEX = /^(?:[0-9A-F]{2})+$/i

/**
 * Refusals that never reached a ledger (tem, tef, tel, ter) a network keeps for `explain`, by
 * hash, the least recently used forgotten first; a reset or a restore forgets them all.
 */
export const REFUSAL_HISTORY = 1_000

/**
 * A transaction's result as `explain` finds it: its verdict, its type (empty for a blob that
 * decodes to none) and, for a kept transaction, the ledger that holds it.
 *
 * @example
 * ```ts
 * const explained: Explained = { verdict: 'tesSUCCESS', type: 'Payment', ledgerIndex: 5000012 }
 * ```
 */
export interface Explained {
  verdict: Refusal | 'tesSUCCESS'
  type: string
  /** The ledger holding it (tes and tec), null for a refusal that never reached one. */
  ledgerIndex: number | null
}

export { rippleTime } from './closing/ledger-header'

/**
 * Transactions a network remembers by default (closed ones: the open ledger is always whole).
 * About 1.6 KB each: a network busy with payments stays under 2 MB, and fills it within minutes.
 */
export const DEFAULT_LEDGER_HISTORY = 1_000

/**
 * Creates the ledger of one network: its ledger objects (docs/protocol.md §8.6) in an open
 * ledger that applies submitted transactions at once through rippled's steps
 * (rules/transactor.ts), and closed ledgers that validate them. It remembers the transactions of
 * its newest closed ledgers, about `history` of them (the oldest ledger is forgotten whole, never
 * the newest): an older one answers "not found" to a lookup, as on a node that keeps no full
 * history, and can never apply twice, since its Sequence or ticket was spent (tefPAST_SEQ,
 * tefNO_TICKET).
 *
 * @example
 * ```ts
 * const testnet = createNetworkLedger(networkDefinition('TESTNET'), () => null, Date.now())
 * testnet.fund(address, 50_000_000n)
 * testnet.submit(blob).engine_result // 'tesSUCCESS'
 * testnet.close(Date.now())
 * ```
 */
export function createNetworkLedger(
  definition: NetworkDefinition,
  price: NativePrice,
  startedAt: number,
  history = DEFAULT_LEDGER_HISTORY,
  amendments: AmendmentTable = amendmentTable(definition),
): NetworkLedger {
  // The network's codec and its rules' context, resolved once (docs/protocol.md §8.10).
  const codec = networkCodec(definition)
  let table = amendments
  let host: TransactorHost = { ...preflightContext(definition, table), price }
  let closedIndex = definition.first_ledger_index
  // The open ledger's parent is the first closed one: its close time as the chain gives it.
  let parentCloseTime = effectiveCloseTime(startedAt, 0)
  // The open ledger's parent's hash, set once the chain exists and at each close.
  let parentHash = ZERO_HASH
  const objects = createObjectStore(
    () => ({ seq: closedIndex + 1, parentCloseTime, parentHash }),
    {
      base: BigInt(definition.fee),
      reserve: BigInt(definition.reserve_base),
      increment: BigInt(definition.reserve_increment),
    },
    // Every object change reaches the state tree, which hashes what changed at the next close.
    { onChange: (index) => tree.touch(index) },
  )
  let tree = createStateTree((index) => objects.read(index), codec)
  // A Xahau network starts with its genesis account (rules/xahau/genesis-account.ts).
  if (isXahau(definition)) objects.rawInsert(xahauGenesisAccount())
  // The state of the latest closed ledger, taken at each close as a copy-on-write snapshot of the
  // open ledger's (state/store-snapshot.ts), for reads of the validated ledger (docs/protocol.md
  // §8.6).
  let validated = objects.copy({ seq: closedIndex, parentCloseTime })
  const transactions = new Map<string, StoredTransaction>()
  let open: StoredTransaction[] = []
  // The transactions of each closed ledger that held any, in order (CTID lookups, §9.2), oldest
  // ledger first.
  const closedLedgers = new Map<number, StoredTransaction[]>()
  let chain = createLedgerChain(closedIndex, startedAt, tree.hash())
  parentHash = chain.latest().ledger_hash
  // The blobs of the open ledger's submitted transactions as received (a Batch's inner ones are
  // encoded at close): the leaves of its transaction tree.
  const openBlobs = new Map<string, string>()
  // What `submit` refused without applying, for `explain` (bounded: REFUSAL_HISTORY).
  const refused = createBoundedCache<{ refusal: Refusal; type: string }>({
    maxKeyLength: 64,
    maxEntries: REFUSAL_HISTORY,
  })

  // Forgets the oldest closed ledgers, with their transactions, past the history (a Batch and its
  // inner transactions share a ledger, so they go together).
  const forgetOldLedgers = () => {
    for (const [index, list] of closedLedgers) {
      if (transactions.size - open.length <= history || closedLedgers.size === 1) return
      for (const stored of list) transactions.delete(stored.txid)
      closedLedgers.delete(index)
    }
  }

  const answer = (
    txid: string,
    verdict: Refusal | 'tesSUCCESS',
    applied = false,
  ): SubmitResult => ({
    txid,
    engine_result: verdict === 'tesSUCCESS' ? verdict : verdict.result,
    applied,
    network: definition.key,
    node: definition.dispatched_to,
    ...(verdict === 'tesSUCCESS' ? {} : { refusal: verdict }),
  })
  // A blob that is no transaction (docs/protocol.md §8.2): rippled cannot deserialize it.
  const malformed = (detail: string) => refuse('temMALFORMED', 'blob-malformed', detail, 'STTx.cpp')

  // Keeps an applied transaction: its changes go down to `target`, it takes the next position of
  // the open ledger (its metadata's TransactionIndex).
  const keep = (
    target: RawView,
    tx: JsonObject,
    txid: string,
    applied: AppliedTransaction,
    parentBatchId?: string,
  ): StoredTransaction => {
    applied.sandbox.applyTo(target)
    return storedOf(tx, txid, applied, parentBatchId)
  }
  // An applied transaction as the open ledger stores it, with its metadata.
  const storedOf = (
    tx: JsonObject,
    txid: string,
    applied: AppliedTransaction,
    parentBatchId?: string,
  ): StoredTransaction => {
    return {
      ...(applied.refusal ? { refusal: applied.refusal } : {}),
      txid,
      network: definition,
      tx,
      ledgerIndex: closedIndex + 1,
      validated: false,
      closedAt: null,
      meta: {
        AffectedNodes: applied.nodes,
        TransactionIndex: -1,
        TransactionResult: applied.result,
        ...(applied.delivered ? { DeliveredAmount: applied.delivered } : {}),
        ...(parentBatchId ? { ParentBatchID: parentBatchId } : {}),
      },
      inner: [],
    }
  }

  // One inner transaction of a Batch on the Batch's view: checked like any other (its authority
  // comes from the Batch), applied with no fee, kept when it applied: a success, or a tec that
  // uses its Sequence or ticket (rippled apply.cpp applyBatchTransactions; §8.4).
  const runInner = (view: ReadView & RawView, tx: JsonObject, batchId: string) => {
    const refused = innerPreflight(tx, host) ?? innerPreclaim(view, tx, host)
    if (refused && !isTec(refused.result)) return null
    const txid = ledgerTransactionId(codec.encode(tx))
    const applied = applyTransaction(view, { tx, txid, fee: 0n, claim: refused ?? undefined }, host)
    return applied.applied ? keep(view, tx, txid, applied, batchId) : null
  }

  // rippled apply.cpp: preflight, preclaim, then the transactor, on the open ledger; nothing is
  // kept here (the caller keeps a submitted transaction; a simulated one goes nowhere).
  const run = (
    tx: JsonObject,
    signingFields: string,
    txid: string,
    signing: Signing,
  ): AppliedTransaction | { applied: false; refusal: Refusal; result: string } => {
    let refused: Refusal | null
    try {
      refused = preflight(tx, signingFields, host, signing) ?? preclaim(objects, tx, host, signing)
    } catch (error) {
      // rippled's apply.cpp turns an exception in preflight or preclaim into tefEXCEPTION.
      refused = faultRefusal(error)
    }
    if (refused && !isTec(refused.result)) {
      return { applied: false, refusal: refused, result: refused.result }
    }
    const fee = parseDrops(tx.Fee) ?? 0n
    return applyTransaction(objects, { tx, txid, fee, claim: refused ?? undefined }, host)
  }

  const setAmendments = (next: AmendmentTable) => {
    table = next
    host = { ...preflightContext(definition, table), price }
  }

  const record = (stored: StoredTransaction) => {
    stored.meta.TransactionIndex = open.length
    open.push(stored)
    transactions.set(stored.txid, stored)
  }

  return {
    definition,
    objects,
    validatedObjects: () => validated,
    // The table a control API switch set last (a getter: setAmendments replaces the context).
    get preflightContext() {
      return host
    },
    fund(address, drops) {
      // A direct credit of the control API, not a transaction: the validated ledger shows it at
      // once too, as if the account had been funded at genesis. A balance past every drop there
      // is could never be written: refused before anything changes.
      const held = readAccount(objects, address)
      if ((held ? BigInt(held.Balance) : 0n) + drops > MAX_DROPS) {
        throw new RangeError('drops would take the balance past 10^17 drops (100 billion units)')
      }
      for (const store of [objects, validated]) {
        const root = readAccount(store, address)
        const next = root ? { ...root } : newAccountRoot(address, closedIndex + 1, 0n)
        next.Balance = ((root ? BigInt(root.Balance) : 0n) + drops).toString()
        store.rawReplace(next)
      }
    },
    setBalance(address, drops) {
      const root = readAccount(objects, address)
      const next = root ? { ...root } : newAccountRoot(address, closedIndex + 1, 0n)
      next.Balance = drops.toString()
      objects.rawReplace(next)
    },
    explain(txid) {
      const stored = transactions.get(txid)
      const type = (tx: JsonObject) => String(tx.TransactionType ?? '')
      if (stored) {
        const verdict = stored.refusal ?? refusalOf(stored.meta.TransactionResult)
        return {
          verdict: stored.meta.TransactionResult === 'tesSUCCESS' ? 'tesSUCCESS' : verdict,
          type: type(stored.tx),
          ledgerIndex: stored.ledgerIndex,
        }
      }
      const held = refused.get(txid)
      return held ? { verdict: held.refusal, type: held.type, ledgerIndex: null } : null
    },
    account: (address) => readAccount(objects, address) ?? null,
    latestClosedIndex: () => closedIndex,
    submit(blob, options = {}) {
      if (!HEX.test(blob)) return answer('', malformed('the blob is not hexadecimal'))
      const canonical = blob.toUpperCase()
      const txid = ledgerTransactionId(canonical)
      // A refusal that never reaches a ledger, kept for `explain` by the hash answered.
      const notApplied = (refusal: Refusal, type = '') => {
        refused.set(txid, { refusal, type })
        return answer(txid, refusal)
      }
      // A blob that does not re-encode to itself is not canonical, so its id would be ambiguous.
      const decoded = codec.decodeCanonical(canonical)
      if (!decoded)
        return notApplied(malformed('the blob does not decode to a canonical transaction'))
      const { tx } = decoded
      // A blob without TransactionType (a SignIn, docs/protocol.md §8.2) is never a transaction.
      if (typeof tx.TransactionType !== 'string') {
        return notApplied(malformed('the blob has no TransactionType (a SignIn is no transaction)'))
      }
      const type = tx.TransactionType
      if (transactions.has(txid)) {
        const detail = `the transaction ${txid} is already in the ledger`
        return answer(txid, refuse('tefALREADY', 'already-applied', detail, 'apply.cpp'))
      }
      const { impersonated = false } = options
      const applied = run(tx, decoded.signingFields, txid, impersonated ? 'impersonated' : 'signed')
      if (!applied.applied) {
        const refusal = applied.refusal ?? refusalOf(applied.result)
        const line = notModelledLine(definition.key, txid, refusal)
        if (line) console.warn(line)
        return notApplied(refusal, type)
      }
      const stored = keep(objects, tx, txid, applied)
      if (impersonated) stored.impersonated = true
      openBlobs.set(txid, canonical)
      record(stored)
      if (tx.TransactionType === 'Batch' && applied.result === 'tesSUCCESS') {
        // The inner transactions follow the Batch on a view of their own (rippled apply.cpp).
        const batchView = createSandbox(objects)
        const batch = runBatch(tx, { runInner: (inner) => runInner(batchView, inner, txid) })
        if (batch.keep) {
          batchView.applyTo(objects)
          stored.inner = batch.inner
          for (const inner of batch.inner) record(inner)
        }
      }
      return answer(txid, applied.refusal ?? 'tesSUCCESS', true)
    },
    simulate(blob) {
      const decoded = codec.decodeCanonical(blob.toUpperCase())
      if (!decoded) return { result: 'temMALFORMED', stored: null }
      const { tx } = decoded
      const txid = ledgerTransactionId(blob.toUpperCase())
      const applied = run(tx, decoded.signingFields, txid, 'simulated')
      if (!applied.applied) return { result: applied.result, stored: null }
      // Applied to a sandbox of the open ledger that is dropped here (rippled Simulate.cpp: a
      // copy of the open view, tapDRY_RUN): its metadata as the next transaction's would be.
      const stored = storedOf(tx, txid, applied)
      stored.meta.TransactionIndex = open.length
      return { result: applied.result, stored }
    },
    findPaths: (request) =>
      findPaths(objects, {
        ...request,
        enabled: host.enabled,
        liquidity: paymentLiquidity(price, definition.native_asset, host.enabled),
      }),
    close(now, ledgers = 1) {
      let burnt = 0n
      const leaves = open.map((stored) => {
        burnt += parseDrops(stored.tx.Fee) ?? 0n
        return {
          txid: stored.txid,
          blob: openBlobs.get(stored.txid) ?? codec.encode(stored.tx),
          metaBlob: codec.encode(stored.meta),
        }
      })
      const header = chain.close(now, ledgers, leaves, burnt, tree.hash())
      closedIndex = header.ledger_index
      validated = objects.copy({ seq: closedIndex, parentCloseTime })
      // The next ledger's parent close time is this one's (rippled LedgerTiming.h effCloseTime).
      parentCloseTime = header.close_time
      parentHash = header.ledger_hash
      // Validated at the ledger's own close time (docs/protocol.md §8.5 `date`).
      const closedAt = (header.close_time + RIPPLE_EPOCH_OFFSET) * 1000
      for (const stored of open) {
        stored.validated = true
        stored.closedAt = closedAt
      }
      const transactions = open
      if (open.length > 0) closedLedgers.set(closedIndex, open)
      open = []
      openBlobs.clear()
      forgetOldLedgers()
      return { header, transactions }
    },
    get chain() {
      return chain
    },
    transaction: (txid) => transactions.get(txid),
    closedTransactions: (ledgerIndex) => closedLedgers.get(ledgerIndex) ?? [],
    saveState: () =>
      saveNetworkLedger({
        objects,
        transactions,
        open,
        closedLedgers,
        closedIndex,
        parentCloseTime,
        chain,
        validated,
        amendments: table,
      }),
    loadState(state, restoredAt) {
      const parts = loadNetworkLedger(state, definition)
      objects.clear()
      tree = createStateTree((index) => objects.read(index), codec)
      for (const object of parts.objects) objects.rawInsert(object)
      transactions.clear()
      for (const [key, value] of parts.transactions) transactions.set(key, value)
      closedLedgers.clear()
      for (const [key, value] of parts.closedLedgers) closedLedgers.set(key, value)
      open = parts.open
      if (parts.amendments) setAmendments(parts.amendments)
      closedIndex = parts.closedIndex
      parentCloseTime = parts.parentCloseTime
      validated = objects.copy({ seq: closedIndex, parentCloseTime })
      for (const [index, object] of parts.validated) validated.hold(index, object)
      openBlobs.clear()
      refused.clear()
      // The saved headers, hash for hash; a snapshot from before they were saved starts its
      // history anew at the saved index.
      chain = parts.chain
        ? loadLedgerChain(parts.chain)
        : createLedgerChain(closedIndex, restoredAt, tree.hash())
      parentHash = chain.latest().ledger_hash
      forgetOldLedgers()
    },
    rulesFor: host.rulesFor,
    amendments: () => table,
    setAmendments,
  }
}
