import { encode } from 'ripple-binary-codec'
import { parseDrops } from './amounts/native-amount'
import { createLedgerChain, type LedgerChain } from './closing/ledger-chain'
import { type LedgerHeader, RIPPLE_EPOCH_OFFSET } from './closing/ledger-header'
import type { JsonObject } from './codec/json-object'
import { type CanonicalTransaction, decodeCanonical } from './codec/transaction-decode'
import { encodeTransaction } from './codec/transaction-encode'
import { ledgerTransactionId } from './codec/transaction-id'
import { loadNetworkLedger, type NetworkLedgerState, saveNetworkLedger } from './ledger-state'
import type { SubmitResult } from './ledger-types'
import { type NetworkDefinition, requiresNetworkId } from './networks'
import { accountSetRules } from './rules/account-set'
import type { ApplyContext, NativePrice, TransactionRules } from './rules/apply-context'
import { applyBatch, batchAuthorization, batchFee, batchRules } from './rules/batch-rules'
import { setRegularKeyRules, signerListSetRules } from './rules/key-settings'
import { paymentRules } from './rules/native-payment'
import { ticketCreateRules } from './rules/ticket-create'
import { trustSetRules } from './rules/trust-set'
import { checkAuthorization, checkSignatures, signatureCount } from './signatures/signature-check'
import { type AccountState, newAccount } from './state/account-state'
import { balanceRecorder } from './state/balance-record'
import { snapshot } from './state/ledger-snapshot'
import type { StoredTransaction } from './state/stored-transaction'
import { lineKey, newLine, shiftTo, type TrustLine } from './state/trust-line'
import { storedMeta } from './transaction-lookup'

/** The in-memory ledger of one network. */
export interface NetworkLedger {
  readonly definition: NetworkDefinition
  fund(address: string, drops: bigint): void
  account(address: string): AccountState | null
  /** Every trust line `address` is a side of. */
  lines(address: string): TrustLine[]
  latestClosedIndex(): number
  submit(blob: string): SubmitResult
  /**
   * Validates the open ledger, closing `ledgers` at once (default 1) after a clock jump: its
   * header, and the transactions it validated in ledger order.
   */
  close(now: number, ledgers?: number): { header: LedgerHeader; transactions: StoredTransaction[] }
  /** The closed-ledger headers kept (`complete_ledgers`). */
  readonly chain: LedgerChain
  transaction(txid: string): StoredTransaction | undefined
  /** The transactions of a kept closed ledger, in order. */
  closedTransactions(ledgerIndex: number): readonly StoredTransaction[]
  /** The validated transaction at a position of a closed ledger (a CTID's target, §9.2). */
  transactionAt(ledgerIndex: number, transactionIndex: number): StoredTransaction | undefined
  /** Accounts, lines and transactions as snapshot JSON (ledger-state.ts). */
  saveState(): NetworkLedgerState
  /** Replaces everything with a checked snapshot part, restored at `now`. */
  loadState(state: NetworkLedgerState, now: number): void
}

const HEX = /^(?:[0-9A-F]{2})+$/i

// Transaction types with effects beyond the fee; every other type that verifies is recorded with
// tesSUCCESS and the fee only (reference-server contract, "Ledger").
const RULES: Record<string, TransactionRules> = {
  Payment: paymentRules,
  SetRegularKey: setRegularKeyRules,
  SignerListSet: signerListSetRules,
  TrustSet: trustSetRules,
  AccountSet: accountSetRules,
  TicketCreate: ticketCreateRules,
  Batch: batchRules,
}

const FEE_ONLY: TransactionRules = {
  preflight: () => null,
  apply: () => ({ result: 'tesSUCCESS' }),
}

const rulesOf = (tx: JsonObject) => RULES[String(tx.TransactionType)] ?? FEE_ONLY

// The NetworkID rule of docs/protocol.md §8.1: absent at or below id 1024, required (and equal)
// above.
function networkIdResult(network: NetworkDefinition, tx: JsonObject): string | null {
  if (!requiresNetworkId(network)) {
    return tx.NetworkID === undefined ? null : 'telNETWORK_ID_MAKES_TX_NON_CANONICAL'
  }
  if (tx.NetworkID === undefined) return 'telREQUIRES_NETWORK_ID'
  return tx.NetworkID === network.chain_id ? null : 'telWRONG_NETWORK'
}

// The Sequence or ticket rule (docs/protocol.md §8.5): a ticket needs `Sequence: 0` and must be
// one the account owns.
function sequenceResult(tx: JsonObject, account: AccountState): string | null {
  const sequence = tx.Sequence
  if (typeof sequence !== 'number') return 'temMALFORMED'
  if (tx.TicketSequence !== undefined) {
    if (sequence !== 0) return 'temSEQ_AND_TICKET'
    return account.tickets.has(Number(tx.TicketSequence)) ? null : 'tefNO_TICKET'
  }
  if (sequence < account.sequence) return 'tefPAST_SEQ'
  if (sequence > account.sequence) return 'terPRE_SEQ'
  return null
}

/**
 * Transactions a network remembers by default (closed ones: the open ledger is always whole).
 * About 1.6 KB each: a network busy with payments stays under 2 MB, and fills it within minutes.
 */
export const DEFAULT_LEDGER_HISTORY = 1_000

/**
 * Creates the ledger of one network: accounts with native balances, trust lines and tickets, an
 * open ledger that applies submitted transactions at once, and closed ledgers that validate them.
 * It remembers the transactions of its newest closed ledgers, about `history` of them (the oldest
 * ledger is forgotten whole, never the newest): an older one answers "not found" to a lookup, as
 * on a node that keeps no full history, and can never apply twice, since its Sequence or ticket
 * was spent (tefPAST_SEQ, tefNO_TICKET).
 *
 * @example
 * ```ts
 * const testnet = createNetworkLedger(networkDefinition('TESTNET'), () => null)
 * testnet.fund(address, 50_000_000n)
 * testnet.submit(blob).engine_result // 'tesSUCCESS'
 * testnet.close(Date.now())
 * ```
 */
export function createNetworkLedger(
  definition: NetworkDefinition,
  price: NativePrice,
  history = DEFAULT_LEDGER_HISTORY,
  now = 0,
): NetworkLedger {
  const accounts = new Map<string, AccountState>()
  const lines = new Map<string, TrustLine>()
  const transactions = new Map<string, StoredTransaction>()
  let open: StoredTransaction[] = []
  // The transactions of each closed ledger that held any, in order (CTID lookups, §9.2), oldest
  // ledger first.
  const closedLedgers = new Map<number, StoredTransaction[]>()
  let closedIndex = definition.first_ledger_index
  let chain = createLedgerChain(closedIndex, now)
  // The blobs of the open ledger's submitted transactions as received (a Batch's inner ones are
  // encoded at close): the leaves of its transaction tree.
  const openBlobs = new Map<string, string>()

  // Forgets the oldest closed ledgers, with their transactions, past the history (a Batch and its
  // inner transactions share a ledger, so they go together).
  const forgetOldLedgers = () => {
    for (const [index, list] of closedLedgers) {
      if (transactions.size - open.length <= history || closedLedgers.size === 1) return
      for (const stored of list) transactions.delete(stored.txid)
      closedLedgers.delete(index)
    }
  }

  const lookup = (address: string) => accounts.get(address) ?? null
  const create = (address: string): AccountState => {
    const account = newAccount(closedIndex + 1)
    accounts.set(address, account)
    return account
  }

  const answer = (txid: string, engine_result: string, applied = false): SubmitResult => ({
    txid,
    engine_result,
    applied,
    network: definition.key,
    node: definition.dispatched_to,
  })

  // The fee a transaction must at least carry: the base fee per signature (+1 when multisigned),
  // or for a Batch 2 × base + base per BatchSigner (docs/protocol.md §8.4).
  const requiredFee = (tx: JsonObject): bigint => {
    const base = BigInt(definition.fee)
    const signatures = signatureCount(tx)
    const own = base * BigInt(tx.SigningPubKey === '' ? signatures + 1 : 1)
    return tx.TransactionType === 'Batch' ? own - base + batchFee(tx, base) : own
  }

  // Checks a decoded transaction in rippled's order: preflight (signature, network, fee field,
  // type rules), then preclaim (account, sequence or ticket, last ledger, fee level,
  // authorization).
  const check = (
    { tx, signingFields }: CanonicalTransaction,
    rules: TransactionRules,
  ): string | null => {
    const fee = parseDrops(tx.Fee)
    const preflight =
      checkSignatures(tx, signingFields) ??
      networkIdResult(definition, tx) ??
      (fee === null ? 'temBAD_FEE' : null) ??
      rules.preflight(tx)
    if (preflight) return preflight
    const account = lookup(String(tx.Account))
    if (!account) return 'terNO_ACCOUNT'
    const sequence = sequenceResult(tx, account)
    if (sequence) return sequence
    if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence < closedIndex + 1) {
      return 'tefMAX_LEDGER'
    }
    if ((fee ?? 0n) < requiredFee(tx)) return 'telINSUF_FEE_P'
    const authorization =
      checkAuthorization(tx, lookup) ??
      (tx.TransactionType === 'Batch' ? batchAuthorization(tx, lookup) : null)
    if (authorization) return authorization
    return account.balance < (fee ?? 0n) ? 'terINSUF_FEE_B' : null
  }

  // Takes the fee and the Sequence (or ticket), then applies the type's rules: a tec result still
  // burns the fee and uses the Sequence, as on the ledger (docs/protocol.md §8.5).
  const apply = (tx: JsonObject, txid: string, fee: bigint): StoredTransaction => {
    const sender = String(tx.Account)
    const account = lookup(sender) as AccountState
    const recorder = balanceRecorder()
    const credit = (address: string, drops: bigint) => {
      const existing = lookup(address)
      const target = existing ?? create(address)
      recorder.account(address, target, existing === null)
      target.balance += drops
    }
    credit(sender, -fee)
    if (tx.TicketSequence !== undefined) {
      account.tickets.delete(Number(tx.TicketSequence))
      account.ownerCount -= 1
    } else {
      account.sequence += 1
    }
    const context: ApplyContext = {
      network: definition,
      tx,
      account,
      fee,
      openIndex: closedIndex + 1,
      price,
      lookup,
      create,
      credit,
      line: (a, b, currency) => lines.get(lineKey(a, b, currency)) ?? null,
      createLine(a, b, currency) {
        const line = newLine(a, b, currency)
        const key = lineKey(a, b, currency)
        lines.set(key, line)
        lookup(a)?.lineKeys.add(key)
        lookup(b)?.lineKeys.add(key)
        return line
      },
      deleteLine(line) {
        const key = lineKey(line.low, line.high, line.currency)
        lines.delete(key)
        lookup(line.low)?.lineKeys.delete(key)
        lookup(line.high)?.lineKeys.delete(key)
      },
      shift(line, receiver, value) {
        recorder.line(line)
        shiftTo(line, receiver, value)
      },
    }
    const outcome =
      tx.TransactionType === 'Batch'
        ? applyBatch(context, { runInner, restorePoint: () => snapshot(accounts, lines) })
        : rulesOf(tx).apply(context)
    return {
      txid,
      network: definition,
      tx,
      result: outcome.result,
      ledgerIndex: closedIndex + 1,
      transactionIndex: -1,
      validated: false,
      closedAt: null,
      balances: recorder.finish(),
      delivered: outcome.delivered,
      partial: outcome.partial === true,
      inner: outcome.inner ?? [],
    }
  }

  // One inner transaction of a Batch: checked like any other (its authority comes from the
  // Batch), applied with no fee; the caller keeps it only when it succeeded (§8.4).
  const runInner = (tx: JsonObject): StoredTransaction | string => {
    const rules = rulesOf(tx)
    const refused = networkIdResult(definition, tx) ?? rules.preflight(tx) ?? preclaimInner(tx)
    if (refused) return refused
    return apply(tx, ledgerTransactionId(encodeTransaction(tx)), 0n)
  }
  const preclaimInner = (tx: JsonObject): string | null => {
    const account = lookup(String(tx.Account))
    if (!account) return 'terNO_ACCOUNT'
    return sequenceResult(tx, account)
  }

  const record = (stored: StoredTransaction) => {
    stored.transactionIndex = open.length
    open.push(stored)
    transactions.set(stored.txid, stored)
  }

  return {
    definition,
    fund(address, drops) {
      const account = lookup(address) ?? create(address)
      account.balance += drops
    },
    account: lookup,
    lines: (address) =>
      [...(lookup(address)?.lineKeys ?? [])].flatMap((key) => lines.get(key) ?? []),
    latestClosedIndex: () => closedIndex,
    submit(blob) {
      if (!HEX.test(blob)) return answer('', 'temMALFORMED')
      const canonical = blob.toUpperCase()
      const txid = ledgerTransactionId(canonical)
      // A blob that does not re-encode to itself is not canonical, so its id would be ambiguous.
      const decoded = decodeCanonical(canonical)
      if (!decoded) return answer(txid, 'temMALFORMED')
      const { tx } = decoded
      // A blob without TransactionType (a SignIn, docs/protocol.md §8.2) is never a transaction.
      if (typeof tx.TransactionType !== 'string') return answer(txid, 'temMALFORMED')
      if (transactions.has(txid)) return answer(txid, 'tefALREADY')
      const refused = check(decoded, rulesOf(tx))
      if (refused) return answer(txid, refused)
      const stored = apply(tx, txid, parseDrops(tx.Fee) ?? 0n)
      openBlobs.set(txid, canonical)
      record(stored)
      for (const inner of stored.inner) record(inner)
      return answer(txid, stored.result, true)
    },
    close(now, ledgers = 1) {
      let burnt = 0n
      const leaves = open.map((stored) => {
        burnt += parseDrops(stored.tx.Fee) ?? 0n
        return {
          txid: stored.txid,
          blob: openBlobs.get(stored.txid) ?? encodeTransaction(stored.tx),
          metaBlob: encode(storedMeta(stored) as JsonObject),
        }
      })
      const header = chain.close(now, ledgers, leaves, burnt)
      closedIndex = header.ledger_index
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
    transactionAt: (ledgerIndex, index) => closedLedgers.get(ledgerIndex)?.[index],
    saveState: () =>
      saveNetworkLedger({ accounts, lines, transactions, open, closedLedgers, closedIndex }),
    loadState(state, restoredAt) {
      const parts = loadNetworkLedger(state, definition)
      const refill = <K, V>(target: Map<K, V>, source: Map<K, V>) => {
        target.clear()
        for (const [key, value] of source) target.set(key, value)
      }
      refill(accounts, parts.accounts)
      refill(lines, parts.lines)
      refill(transactions, parts.transactions)
      refill(closedLedgers, parts.closedLedgers)
      open = parts.open
      closedIndex = parts.closedIndex
      openBlobs.clear()
      // A restored node keeps no headers of its past: its history starts at the saved index.
      chain = createLedgerChain(closedIndex, restoredAt)
      forgetOldLedgers()
    },
  }
}
