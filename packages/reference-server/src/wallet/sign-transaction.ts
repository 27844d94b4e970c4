import type { TransactionJson } from 'pullsign/wire'
import type { TransactionEncoder } from '../ledger/codec/transaction-encode'
import { ledgerTransactionId } from '../ledger/codec/transaction-id'
import { sign } from '../ledger/signatures/keypair-signatures'
import { invalidRequest } from '../platform/errors'

/** A key the wallet signs with (never leaves the platform). */
export interface SigningKey {
  address: string
  publicKey: string
  privateKey: string
}

/** A signed blob and its id. */
export interface SignedBlob {
  hex: string
  txid: string
}

// The filled transaction has passed the platform's codec check, but the wallet filled fields since:
// a codec refusal here still names the request, never a key.
function encodeOrRefuse(encodeFn: () => string): string {
  try {
    return encodeFn()
  } catch (error) {
    const why = error instanceof Error ? error.message : 'cannot be encoded'
    throw invalidRequest('txjson', `cannot be encoded after filling: ${why}`)
  }
}

/**
 * Signs a filled transaction with one key: `SigningPubKey` + `TxnSignature` over `53545800` +
 * fields (docs/protocol.md §8.2), encoded with the network's codec (its own definitions on
 * Xahau, docs/protocol.md §8.10).
 *
 * @example
 * ```ts
 * const { hex, txid } = signSingle(filled, key, networkCodec(network))
 * ```
 */
export function signSingle(
  tx: TransactionJson,
  key: SigningKey,
  codec: TransactionEncoder,
): SignedBlob {
  const prepared = { ...tx, SigningPubKey: key.publicKey }
  const data = encodeOrRefuse(() => codec.encodeForSigning(prepared))
  const hex = codec.encode({ ...prepared, TxnSignature: sign(data, key.privateKey) })
  return { hex, txid: ledgerTransactionId(hex) }
}

/**
 * Makes one multisignature: `SigningPubKey` "" and a `Signers` entry signed over `534D5400` +
 * fields + the signer's AccountID (docs/protocol.md §8.2), with the network's codec. The blob is never submitted by the wallet: the
 * application combines the signers' blobs.
 *
 * @example
 * ```ts
 * const { hex } = signMulti(filled, key, codec) // decode(hex).Signers[0].Signer.Account === key.address
 * ```
 */
export function signMulti(
  tx: TransactionJson,
  key: SigningKey,
  codec: TransactionEncoder,
): SignedBlob {
  const prepared = { ...tx, SigningPubKey: '' }
  const data = encodeOrRefuse(() => codec.encodeForMultisigning(prepared, key.address))
  const Signer = {
    Account: key.address,
    SigningPubKey: key.publicKey,
    TxnSignature: sign(data, key.privateKey),
  }
  const hex = codec.encode({ ...prepared, Signers: [{ Signer }] })
  return { hex, txid: ledgerTransactionId(hex) }
}
