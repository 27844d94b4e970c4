import type { TransactionJson } from 'pullsign/wire'
import type { Ledger } from '../ledger/ledger-types'
import { type NetworkDefinition, requiresNetworkId } from '../ledger/networks'
import { invalidRequest } from '../platform/errors'

/** Below this, `LastLedgerSequence` is an offset from the latest closed ledger (PROTOCOL §3.1). */
export const LAST_LEDGER_OFFSET_LIMIT = 32570

/** What the wallet knows when it fills a transaction. */
export interface FillContext {
  ledger: Ledger
  network: NetworkDefinition
  /** The account the transaction is for (the signer, or the multisigned account). */
  account: string
  multisign: boolean
}

/**
 * Fills a requested transaction as the wallet app does (PROTOCOL §3.1): `Account`, `Sequence`
 * from the ledger unless given, `Fee` (the network fee, times 1 + SignerList size when
 * multisigning) unless given, a `LastLedgerSequence` below 32570 turned into latest closed index +
 * offset, and `NetworkID` on networks above 1024 (§8.1). Signature fields of a `txblob` request
 * are dropped: the wallet signs afresh.
 *
 * @example
 * ```ts
 * fillTransaction({ TransactionType: 'AccountSet', LastLedgerSequence: 20 }, context)
 * // { TransactionType: 'AccountSet', Account, Sequence, Fee: '12', LastLedgerSequence: closed + 20 }
 * ```
 */
export function fillTransaction(txjson: TransactionJson, context: FillContext): TransactionJson {
  const { ledger, network, account, multisign } = context
  const { SigningPubKey: _key, TxnSignature: _signature, Signers: _signers, ...fields } = txjson
  const tx: TransactionJson = { ...fields, Account: account }
  const onLedger = ledger.account(network.key, account)
  if (tx.Sequence === undefined) {
    if (!onLedger) throw invalidRequest('account', `${account} does not exist on ${network.key}`)
    tx.Sequence = onLedger.sequence
  }
  if (tx.Fee === undefined) {
    const signatures = multisign ? 1 + Math.max(1, onLedger?.signers.length ?? 0) : 1
    tx.Fee = String(BigInt(ledger.fee(network.key)) * BigInt(signatures))
  }
  const last = tx.LastLedgerSequence
  if (typeof last === 'number' && last < LAST_LEDGER_OFFSET_LIMIT) {
    tx.LastLedgerSequence = ledger.latestClosedIndex(network.key) + last
  }
  if (requiresNetworkId(network) && tx.NetworkID === undefined) tx.NetworkID = network.chain_id
  return tx
}
