import type { TransactionJson } from 'pullsign/wire'
import type { Ledger } from '../ledger/ledger-types'
import { type NetworkDefinition, requiresNetworkId } from '../ledger/networks'
import { accountDeleteFee } from '../ledger/rules/account-delete'
import { escrowFinishExtraFee } from '../ledger/rules/escrow'
import { invalidRequest } from '../platform/errors'
import { withNFTokenOwner } from './nft-owner-fill'

/** Below this, `LastLedgerSequence` is an offset from the latest closed ledger (docs/protocol.md §3.1). */
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
 * Fills a requested transaction as the wallet app does (docs/protocol.md §3.1): `Account`, `Sequence`
 * from the ledger unless given, `Fee` (the network fee, times 1 + SignerList size when
 * multisigning, plus an EscrowFinish's fulfillment fee; one owner reserve for an AccountDelete, §8.7)
 * unless given, a `LastLedgerSequence` below 32570 turned into latest closed index + offset,
 * `NetworkID` on networks above 1024 (§8.1), and a buy offer's `Owner` (nft-owner-fill.ts).
 * Signature fields of a `txblob` request
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
  // A Batch keeps the Account its inner signers signed for (docs/protocol.md §8.4).
  const batch = txjson.TransactionType === 'Batch'
  const owner = batch && typeof txjson.Account === 'string' ? txjson.Account : account
  const tx: TransactionJson = { ...fields, Account: owner }
  const onLedger = ledger.account(network.key, owner)
  if (tx.Sequence === undefined) {
    if (!onLedger) throw invalidRequest('account', `${owner} does not exist on ${network.key}`)
    tx.Sequence = onLedger.sequence
  }
  if (tx.Fee === undefined) {
    const base = BigInt(ledger.fee(network.key))
    const signatures = multisign ? 1 + Math.max(1, onLedger?.signers.length ?? 0) : 1
    // Batch: 2 × base fee + base fee per BatchSigner (docs/protocol.md §8.4).
    const batchSigners = Array.isArray(txjson.BatchSigners) ? txjson.BatchSigners.length : 0
    const own = batch ? base * BigInt(2 + batchSigners) : base * BigInt(signatures)
    // An EscrowFinish pays for its fulfillment on top; an AccountDelete costs one owner reserve,
    // signers or not (rippled Escrow.cpp, DeleteAccount.cpp; docs/protocol.md §8.7).
    tx.Fee =
      txjson.TransactionType === 'AccountDelete'
        ? String(accountDeleteFee(network))
        : String(own + escrowFinishExtraFee(fields.Fulfillment, base))
  }
  const last = tx.LastLedgerSequence
  if (typeof last === 'number' && last < LAST_LEDGER_OFFSET_LIMIT) {
    tx.LastLedgerSequence = ledger.latestClosedIndex(network.key) + last
  }
  if (requiresNetworkId(network) && tx.NetworkID === undefined) tx.NetworkID = network.chain_id
  return withNFTokenOwner(tx, ledger, network)
}
