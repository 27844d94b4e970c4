import type { JsonObject } from './json-object'
import type { TransactionEncoder } from './transaction-encode'

/** A refused `submit_multisigned` request: rippled's error name and message. */
export interface MultisignedRefusal {
  error: 'invalidParams'
  error_message: string
}

const refuse = (error_message: string): MultisignedRefusal => ({
  error: 'invalidParams',
  error_message,
})

/**
 * The blob of a `submit_multisigned` request's `tx_json` (rippled `transactionSubmitMultiSigned`,
 * xrpl.org "submit_multisigned"): an object with a `Sequence`, an empty `SigningPubKey`, no
 * `TxnSignature`, a non-empty `Signers` array and a native `Fee` above 0; it encodes with the
 * network's codec. The ledger then checks it as any submitted blob (sorted signers, signatures, quorum,
 * docs/protocol.md §8.7). Anything else is refused with `invalidParams` naming the field.
 *
 * @example
 * ```ts
 * const blob = multisignedBlob(txJson, codec) // string, or { error: 'invalidParams', error_message }
 * ```
 */
export function multisignedBlob(
  txJson: unknown,
  encoder: Pick<TransactionEncoder, 'encode'>,
): string | MultisignedRefusal {
  if (typeof txJson !== 'object' || txJson === null || Array.isArray(txJson)) {
    return refuse("Invalid field 'tx_json'.")
  }
  const tx = txJson as JsonObject
  // rippled `checkMultiSignFields`: Sequence and SigningPubKey are the caller's, never filled.
  if (tx.Sequence === undefined) return refuse("Missing field 'tx_json.Sequence'.")
  if (tx.SigningPubKey === undefined) return refuse("Missing field 'tx_json.SigningPubKey'.")
  if (tx.SigningPubKey !== '') {
    return refuse("When multi-signing 'tx_json.SigningPubKey' must be empty.")
  }
  if (tx.TxnSignature !== undefined) return refuse("Invalid field 'tx_json.TxnSignature'.")
  if (!Array.isArray(tx.Signers) || tx.Signers.length === 0) {
    return refuse("Missing field 'tx_json.Signers'.")
  }
  if (typeof tx.Fee !== 'string' || !/^[1-9][0-9]*$/.test(tx.Fee)) {
    return refuse("Invalid field 'tx_json.Fee'.")
  }
  try {
    return encoder.encode(tx)
  } catch (error) {
    return refuse(
      `Invalid field 'tx_json': ${error instanceof Error ? error.message : 'cannot be encoded'}`,
    )
  }
}
