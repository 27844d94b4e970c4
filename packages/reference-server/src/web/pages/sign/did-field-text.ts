import { hexText } from './hex-text'

// What a person reads for the fields of DIDSet (xrpl.org "DIDSet"; rippled DID.cpp): each field
// decoded as text, and an empty one said to remove the field from the DID. The URI is decoded
// with the NFT fields' (nft-field-text.ts).

/**
 * Labels of the DID fields.
 *
 * @example
 * ```ts
 * DID_FIELD_LABELS.DIDDocument // 'DID document'
 * ```
 */
export const DID_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  DIDDocument: 'DID document',
  Data: 'Attestation data',
})

/**
 * The readable text of a DID field of `tx` (a DIDSet), or null when it is none of them.
 *
 * @example
 * ```ts
 * didFieldText('Data', '', { TransactionType: 'DIDSet' }) // 'removed from the DID'
 * ```
 */
export function didFieldText(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): string | null {
  if (tx.TransactionType !== 'DIDSet') return null
  if (field !== 'URI' && field !== 'DIDDocument' && field !== 'Data') return null
  return value === '' ? 'removed from the DID' : hexText(value)
}
