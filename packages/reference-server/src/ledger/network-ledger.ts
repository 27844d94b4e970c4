import { transactionId } from 'pullsign/verify'
import type { IssuedAmount } from 'pullsign/wire'
import { decode, encode } from 'ripple-binary-codec'
import type { AccountState } from './account-state'
import type { ApplyContext, JsonObject, TransactionRules } from './apply-context'
import { setRegularKeyRules, signerListSetRules } from './key-settings'
import type { SubmitResult } from './ledger-types'
import { parseDrops } from './native-amount'
import { paymentRules } from './native-payment'
import { type NetworkDefinition, requiresNetworkId } from './networks'
import { checkAuthorization, checkSignatures, signatureCount } from './signature-check'

/** A transaction held by a network ledger, open or validated. */
export interface StoredTransaction {
  txid: string
  network: NetworkDefinition
  /** The decoded transaction as submitted. */
  tx: JsonObject
  result: string
  ledgerIndex: number
  transactionIndex: number
  validated: boolean
  /** Close time of its ledger (ms since the epoch), once validated. */
  closedAt: number | null
  /** Native balance changes in drops, per account. */
  changes: Map<string, bigint>
  delivered: string | IssuedAmount | undefined
}

/** The in-memory ledger of one network. */
export interface NetworkLedger {
  readonly definition: NetworkDefinition
  fund(address: string, drops: bigint): void
  account(address: string): AccountState | null
  latestClosedIndex(): number
  submit(blob: string): SubmitResult
  /** Validates the open ledger, closing `ledgers` at once (default 1) after a clock jump. */
  close(now: number, ledgers?: number): void
  transaction(txid: string): StoredTransaction | undefined
}

const HEX = /^(?:[0-9A-F]{2})+$/i

// Transaction types with effects beyond the fee; every other type that verifies is recorded with
// tesSUCCESS and the fee only (reference-server contract, "Ledger").
const RULES: Record<string, TransactionRules> = {
  Payment: paymentRules,
  SetRegularKey: setRegularKeyRules,
  SignerListSet: signerListSetRules,
}

const FEE_ONLY: TransactionRules = {
  preflight: () => null,
  apply: () => ({ result: 'tesSUCCESS' }),
}

function decodeCanonical(blob: string): JsonObject | null {
  try {
    const tx = decode(blob)
    // A blob that does not re-encode to itself is not canonical, so its id would be ambiguous.
    return encode(tx).toUpperCase() === blob ? tx : null
  } catch {
    return null
  }
}

// The NetworkID rule of PROTOCOL §8.1: absent at or below id 1024, required (and equal) above.
function networkIdResult(network: NetworkDefinition, tx: JsonObject): string | null {
  if (!requiresNetworkId(network)) {
    return tx.NetworkID === undefined ? null : 'telNETWORK_ID_MAKES_TX_NON_CANONICAL'
  }
  if (tx.NetworkID === undefined) return 'telREQUIRES_NETWORK_ID'
  return tx.NetworkID === network.chain_id ? null : 'telWRONG_NETWORK'
}

/**
 * Creates the ledger of one network: accounts with native balances, an open ledger that applies
 * submitted transactions at once, and closed ledgers that validate them.
 *
 * @example
 * ```ts
 * const testnet = createNetworkLedger(networkDefinition('TESTNET'))
 * testnet.fund(address, 50_000_000n)
 * testnet.submit(blob).engine_result // 'tesSUCCESS'
 * testnet.close(Date.now())
 * ```
 */
export function createNetworkLedger(definition: NetworkDefinition): NetworkLedger {
  const accounts = new Map<string, AccountState>()
  const transactions = new Map<string, StoredTransaction>()
  let open: StoredTransaction[] = []
  let closedIndex = definition.first_ledger_index

  const lookup = (address: string) => accounts.get(address) ?? null
  const create = (address: string): AccountState => {
    // New accounts start at the open ledger's index, as with DeletableAccounts on the XRPL.
    const account: AccountState = {
      balance: 0n,
      sequence: closedIndex + 1,
      ownerCount: 0,
      regularKey: null,
      signerList: null,
    }
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

  // Checks a decoded transaction in rippled's order: preflight (signature, network, fee field,
  // type rules), then preclaim (account, sequence, last ledger, fee level, authorization).
  const check = (tx: JsonObject, rules: TransactionRules): string | null => {
    const fee = parseDrops(tx.Fee)
    const preflight =
      checkSignatures(tx) ??
      networkIdResult(definition, tx) ??
      (fee === null ? 'temBAD_FEE' : null) ??
      rules.preflight(tx)
    if (preflight) return preflight
    const account = lookup(String(tx.Account))
    if (!account) return 'terNO_ACCOUNT'
    if (tx.TicketSequence !== undefined) return 'tefNO_TICKET'
    const sequence = tx.Sequence
    if (typeof sequence !== 'number') return 'temMALFORMED'
    if (sequence < account.sequence) return 'tefPAST_SEQ'
    if (sequence > account.sequence) return 'terPRE_SEQ'
    if (typeof tx.LastLedgerSequence === 'number' && tx.LastLedgerSequence < closedIndex + 1) {
      return 'tefMAX_LEDGER'
    }
    const signatures = signatureCount(tx)
    const multisigned = tx.SigningPubKey === ''
    const required = BigInt(definition.fee) * BigInt(multisigned ? signatures + 1 : 1)
    if ((fee ?? 0n) < required) return 'telINSUF_FEE_P'
    const authorization = checkAuthorization(tx, lookup)
    if (authorization) return authorization
    return account.balance < (fee ?? 0n) ? 'terINSUF_FEE_B' : null
  }

  return {
    definition,
    fund(address, drops) {
      const account = lookup(address) ?? create(address)
      account.balance += drops
    },
    account: lookup,
    latestClosedIndex: () => closedIndex,
    submit(blob) {
      if (!HEX.test(blob)) return answer('', 'temMALFORMED')
      const canonical = blob.toUpperCase()
      const txid = transactionId(canonical)
      const tx = decodeCanonical(canonical)
      // A blob without TransactionType (a SignIn, PROTOCOL §8.2) is never a transaction.
      if (!tx || typeof tx.TransactionType !== 'string') return answer(txid, 'temMALFORMED')
      if (transactions.has(txid)) return answer(txid, 'tefALREADY')
      const rules = RULES[tx.TransactionType] ?? FEE_ONLY
      const refused = check(tx, rules)
      if (refused) return answer(txid, refused)

      const sender = String(tx.Account)
      const account = lookup(sender) as AccountState
      const fee = parseDrops(tx.Fee) ?? 0n
      const changes = new Map<string, bigint>()
      const credit = (address: string, drops: bigint) => {
        const target = lookup(address) ?? create(address)
        target.balance += drops
        changes.set(address, (changes.get(address) ?? 0n) + drops)
      }
      // tec results still burn the fee and use the Sequence (the transaction is in the ledger).
      credit(sender, -fee)
      account.sequence += 1
      const context: ApplyContext = {
        network: definition,
        tx,
        account,
        fee,
        openIndex: closedIndex + 1,
        lookup,
        create,
        credit,
      }
      const outcome = rules.apply(context)
      const stored: StoredTransaction = {
        txid,
        network: definition,
        tx,
        result: outcome.result,
        ledgerIndex: closedIndex + 1,
        transactionIndex: open.length,
        validated: false,
        closedAt: null,
        changes,
        delivered: outcome.delivered,
      }
      open.push(stored)
      transactions.set(txid, stored)
      return answer(txid, outcome.result, true)
    },
    close(now, ledgers = 1) {
      closedIndex += ledgers
      for (const stored of open) {
        stored.validated = true
        stored.closedAt = now
      }
      open = []
    },
    transaction: (txid) => transactions.get(txid),
  }
}
