import type { NetworkKey } from './networks'

/** The state of one account on one network, as the wallet and the lookups see it. */
export interface AccountView {
  /** Native balance in drops. */
  balance: string
  /** The next Sequence the account must use. */
  sequence: number
  /** Number of owned objects (each adds the owner reserve, PROTOCOL §8.1). */
  ownerCount: number
  /** The regular key, when one is set with SetRegularKey. */
  regularKey: string | null
}

/** What `submit` reports, like a node's submit answer. */
export interface SubmitResult {
  /** The transaction id: SHA-512Half(`54584E00` + blob), upper-case hex (PROTOCOL §8.2). */
  txid: string
  /** The engine result, e.g. `tesSUCCESS`, `tecUNFUNDED_PAYMENT`, `tefPAST_SEQ`. */
  engine_result: string
  /** Whether the transaction made it into the open ledger (tes and tec results). */
  applied: boolean
  network: NetworkKey
  /** The node URI the transaction was submitted to (the network's production node). */
  node: string
}

/** One balance change of the `xrpl-tx` response (PROTOCOL §2); `value` in native units. */
export interface BalanceChange {
  counterparty: string
  currency: string
  value: string
}

/** An issued amount as in transactions. */
export interface IssuedAmount {
  currency: string
  issuer: string
  value: string
}

/** The `xrpl-tx` response of PROTOCOL §2, plus the ledger position once validated. */
export interface TransactionLookup {
  txid: string
  node: string
  balanceChanges: Record<string, BalanceChange[]>
  transaction: Record<string, unknown> & {
    hash: string
    meta: {
      TransactionIndex: number
      TransactionResult: string
      delivered_amount: string | IssuedAmount | 'unavailable'
      DeliveredAmount?: string | IssuedAmount
    }
    validated: boolean
    /** The ledger holding the transaction (the open ledger's index until it closes). */
    ledger_index: number
    /** The concise transaction id (PROTOCOL §9.2), once validated. */
    ctid?: string
    /** Close time of its ledger in seconds since the Ripple epoch, once validated. */
    date?: number
  }
}

/**
 * The simulated multi-network ledger: one in-memory ledger per network of PROTOCOL §8.1.
 *
 * @example
 * ```ts
 * const ledger = createLedger({ clock, closeMs: 4000 })
 * ledger.fund('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', 100_000_000n)
 * const { txid, engine_result } = ledger.submit('TESTNET', signedBlob)
 * ledger.close('TESTNET')
 * ledger.transaction(txid)?.transaction.validated // true
 * ```
 */
export interface Ledger {
  /** Credits drops to an address (creating the account); on every network unless listed. */
  fund(address: string, drops: bigint | string, networks?: readonly NetworkKey[]): void
  /** The account on a network, or null when it does not exist there. */
  account(network: NetworkKey, address: string): AccountView | null
  /** The network fee in drops, e.g. "12". */
  fee(network: NetworkKey): string
  /** Index of the latest closed ledger. */
  latestClosedIndex(network: NetworkKey): number
  /** Decodes, verifies the signature(s) and applies a signed transaction blob. */
  submit(network: NetworkKey, blob: string): SubmitResult
  /** Closes the open ledger now (all networks when omitted). */
  close(network?: NetworkKey): void
  /** The `xrpl-tx` response of a transaction on any network, or null when unknown. */
  transaction(hash: string): TransactionLookup | null
  /** Forgets every account and transaction; ledger indexes start again. */
  reset(): void
  /** Stops the close timer. */
  dispose(): void
}
