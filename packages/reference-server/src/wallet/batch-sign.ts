import type { TransactionJson } from 'pullsign/wire'
import { batchSigningData, innerTransactions } from '../ledger/codec/batch-signing-data'
import { encodeTransaction, XRPL_ENCODER } from '../ledger/codec/transaction-encode'
import { sign } from '../ledger/signatures/keypair-signatures'
import { invalidRequest } from '../platform/errors'
import { type SignedBlob, type SigningKey, signSingle } from './sign-transaction'

/** Wallet versions before this one signed Batches without Account and Sequence (§8.4). */
const FIRST_BATCH_V1_1 = [5, 4, 0] as const

/**
 * Refuses a Batch for a wallet version below 5.4.0, whose signatures left out the outer Account
 * and Sequence (docs/protocol.md §8.4), on every network. No version means the current wallet.
 *
 * @example
 * ```ts
 * assertBatchWalletVersion('5.3.9') // throws 602 naming walletVersion
 * ```
 */
export function assertBatchWalletVersion(version: string | undefined): void {
  if (version === undefined) return
  const parts = version.split('.').map(Number)
  for (const [index, minimum] of FIRST_BATCH_V1_1.entries()) {
    const part = parts[index] ?? 0
    if (part > minimum) return
    if (part < minimum) {
      throw invalidRequest('walletVersion', `${version} is below 5.4.0 and cannot sign a Batch`)
    }
  }
}

/**
 * Signs a filled Batch as the wallet does (docs/protocol.md §8.4). The Batch's own account signs
 * the whole transaction (its `BatchSigners` already merged at create). An inner signer makes its
 * BatchV1_1 signature: `hex` is the Batch with `BatchSigners` holding just its entry and `txid`
 * is "" (nothing to submit). Any other account is refused (602 naming `account`).
 *
 * @example
 * ```ts
 * const { hex, txid, inner } = signBatch(filled, innerSignerKey) // txid '', inner true
 * ```
 */
export function signBatch(
  batch: TransactionJson,
  key: SigningKey,
): SignedBlob & { inner: boolean } {
  // Batch is an XRP Ledger type (rippled's definitions): the wallet signs it on no other network.
  if (batch.Account === key.address) {
    return { ...signSingle(batch, key, XRPL_ENCODER), inner: false }
  }
  const accounts = new Set(innerTransactions(batch).map((tx) => tx.Account))
  if (!accounts.has(key.address)) {
    throw invalidRequest('account', `${key.address} has no inner transaction in this Batch`)
  }
  const { SigningPubKey: _key, TxnSignature: _signature, BatchSigners: _signers, ...fields } = batch
  const BatchSigner = {
    Account: key.address,
    SigningPubKey: key.publicKey,
    TxnSignature: sign(batchSigningData(fields, key.address), key.privateKey),
  }
  return {
    hex: encodeTransaction({ ...fields, BatchSigners: [{ BatchSigner }] }),
    txid: '',
    inner: true,
  }
}
