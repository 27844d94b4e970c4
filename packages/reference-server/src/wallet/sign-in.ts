import type { TransactionJson } from 'pullsign/wire'
import { encodeTransaction, encodeTransactionForSigning } from '../ledger/codec/transaction-encode'
import { ledgerTransactionId } from '../ledger/codec/transaction-id'
import { sign } from '../ledger/signatures/keypair-signatures'
import type { SignedBlob, SigningKey } from './sign-transaction'

// Common fields a SignIn keeps from the request; everything else (TransactionType, Fee, Sequence,
// Flags, ...) is left out of the signed object (docs/protocol.md §8.2).
const KEPT_FIELDS = ['Memos', 'SourceTag'] as const

/**
 * Signs a SignIn exactly as docs/protocol.md §8.2: the signed object has **no** `TransactionType`, no
 * Fee, Sequence or Flags: just `Account`, `SigningPubKey`, `TxnSignature` and the request's common
 * fields (Memos, SourceTag). `hex` is that blob, `txid` its hash. Never submitted.
 *
 * @example
 * ```ts
 * const { hex } = signIn({ TransactionType: 'SignIn' }, key)
 * decode(hex).TransactionType // undefined
 * ```
 */
export function signIn(txjson: TransactionJson, key: SigningKey): SignedBlob {
  const kept = Object.fromEntries(
    KEPT_FIELDS.filter((field) => txjson[field] !== undefined).map((f) => [f, txjson[f]]),
  )
  const unsigned = { Account: key.address, SigningPubKey: key.publicKey, ...kept }
  const hex = encodeTransaction({
    ...unsigned,
    TxnSignature: sign(encodeTransactionForSigning(unsigned), key.privateKey),
  })
  return { hex, txid: ledgerTransactionId(hex) }
}
