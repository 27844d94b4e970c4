import { amendmentTable } from './amendments/amendment-table'
import { amendmentResult } from './amendments/required-amendments'
import { parseDrops } from './amounts/native-amount'
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
import {
  addressOf,
  checkAuthorization,
  checkSignatures,
  signatureCount,
} from './signatures/signature-check'
import { type AccountState, newAccount } from './state/account-state'
import { balanceRecorder } from './state/balance-record'
import { snapshot } from './state/ledger-snapshot'
import type { StoredTransaction } from './state/stored-transaction'
import { lineKey, newLine, shiftTo, type TrustLine } from './state/trust-line'

/** The in-memory ledger of one network. */
export interface NetworkLedger {
  readonly definition: NetworkDefinition
  fund(address: string, drops: bigint): void
  account(address: string): AccountState | null
  /** Every trust line `address` is a side of. */
  lines(address: string): TrustLine[]
  latestClosedIndex(): number
  submit(blob: string): SubmitResult
  /** Validates the open ledger, closing `ledgers` at once (default 1) after a clock jump. */
  close(now: number, ledgers?: number): void
  transaction(txid: string): StoredTransaction | undefined
  /** The validated transaction at a position of a closed ledger (a CTID's target, §9.2). */
  transactionAt(ledgerIndex: number, transactionIndex: number): StoredTransaction | undefined
  /** Accounts, lines and transactions as snapshot JSON (ledger-state.ts). */
  saveState(): NetworkLedgerState
  /** Replaces everything with a checked snapshot part. */
  loadState(state: NetworkLedgerState): void
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
): NetworkLedger {
  const amendments = amendmentTable(definition)
  const accounts = new Map<string, AccountState>()
  const lines = new Map<string, TrustLine>()
  const transactions = new Map<string, StoredTransaction>()
  let open: StoredTransaction[] = []
  // The transactions of each closed ledger that held any, in order (CTID lookups, §9.2), oldest
  // ledger first.
  const closedLedgers = new Map<number, StoredTransaction[]>()
  let closedIndex = definition.first_ledger_index

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
      amendmentResult(tx, amendments) ??
      checkSignatures(tx, signingFields) ??
      networkIdResult(definition, tx) ??
      (fee === null ? 'temBAD_FEE' : null) ??
      rules.preflight(tx, amendments)
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
      amendments,
      tx,
      signedWithMaster: tx.SigningPubKey !== '' && addressOf(String(tx.SigningPubKey)) === sender,
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
    const refused =
      amendmentResult(tx, amendments) ??
      networkIdResult(definition, tx) ??
      rules.preflight(tx, amendments) ??
      preclaimInner(tx)
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
      record(stored)
      for (const inner of stored.inner) record(inner)
      return answer(txid, stored.result, true)
    },
    close(now, ledgers = 1) {
      closedIndex += ledgers
      for (const stored of open) {
        stored.validated = true
        stored.closedAt = now
      }
      if (open.length > 0) closedLedgers.set(closedIndex, open)
      open = []
      forgetOldLedgers()
    },
    transaction: (txid) => transactions.get(txid),
    transactionAt: (ledgerIndex, index) => closedLedgers.get(ledgerIndex)?.[index],
    saveState: () =>
      saveNetworkLedger({ accounts, lines, transactions, open, closedLedgers, closedIndex }),
    loadState(state) {
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
      forgetOldLedgers()
    },
  }
}
