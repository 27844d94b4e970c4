import { hexText } from './hex-text'
import type { TransactionRow } from './transaction-rows'

// What a person reads for an issuer's tools (xrpl.org "Clawback", "CredentialCreate",
// "CredentialAccept", "CredentialDelete", "DepositPreauth", "TrustSet"; docs/protocol.md §8.7,
// §8.15, §8.16): the amount clawed back and from whom, credentials by issuer and type in words,
// TrustSet's flags (the deep freeze among them) by name. Server-rendered rows.

const CREDENTIAL_TYPES = new Set(['CredentialCreate', 'CredentialAccept', 'CredentialDelete'])

// rippled TxFlags.h's TrustSet flags, in words.
const TRUST_SET_FLAGS: readonly [number, string][] = [
  [0x00010000, 'authorize the holder (tfSetfAuth)'],
  [0x00020000, 'block rippling (tfSetNoRipple)'],
  [0x00040000, 'allow rippling (tfClearNoRipple)'],
  [0x00100000, 'freeze the line (tfSetFreeze)'],
  [0x00200000, 'unfreeze the line (tfClearFreeze)'],
  [
    0x00400000,
    'deep freeze: the holder can neither send nor receive but with the issuer (tfSetDeepFreeze)',
  ],
  [0x00800000, 'lift the deep freeze (tfClearDeepFreeze)'],
]

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

// `{Credential: {Issuer, CredentialType}}` as "KYC from rIssuer".
const credentialList = (value: unknown): string | null =>
  Array.isArray(value)
    ? value
        .map((item) => {
          const credential = isRecord(item) && isRecord(item.Credential) ? item.Credential : {}
          return `${hexText(credential.CredentialType) ?? ''} from ${String(credential.Issuer)}`
        })
        .join(', ')
    : null

// A Clawback's trust-line Amount: its `issuer` names the holder (rippled Clawback.cpp).
function clawedText(value: unknown): string | null {
  if (!isRecord(value) || typeof value.issuer !== 'string') return null
  return `${String(value.value)} ${String(value.currency)} from the holder ${value.issuer}, back to you, its issuer`
}

const row = (field: string, label: string, text: string | null): TransactionRow | null =>
  text === null ? null : { field, label, value: { kind: 'text', text } }

/**
 * The row of a Clawback, credential, credential-preauthorization or TrustSet-flags field of `tx`,
 * or null when the field is none of them (transaction-rows.ts shows it its own way).
 *
 * @example
 * ```ts
 * issuerFieldRow('CredentialType', '4B5943', { TransactionType: 'CredentialCreate' })
 * // { field: 'CredentialType', label: 'Credential type', value: { kind: 'text', text: 'KYC' } }
 * ```
 */
export function issuerFieldRow(
  field: string,
  value: unknown,
  tx: { TransactionType?: unknown },
): TransactionRow | null {
  const type = String(tx.TransactionType)
  if (type === 'Clawback' && field === 'Amount') return row(field, 'Claw back', clawedText(value))
  if (type === 'TrustSet' && field === 'Flags' && typeof value === 'number') {
    const names = TRUST_SET_FLAGS.filter(([bit]) => (value & bit) !== 0).map(([, name]) => name)
    return row(field, 'Flags', names.length > 0 ? names.join(', ') : null)
  }
  if (field === 'CredentialIDs' && Array.isArray(value)) {
    return row(field, 'Credentials presented', value.join(', '))
  }
  if (field === 'AuthorizeCredentials') {
    return row(field, 'Accept deposits from holders of', credentialList(value))
  }
  if (field === 'UnauthorizeCredentials') {
    return row(field, 'Stop accepting holders of', credentialList(value))
  }
  if (!CREDENTIAL_TYPES.has(type)) return null
  if (field === 'CredentialType') return row(field, 'Credential type', hexText(value))
  if (field === 'Subject') return row(field, 'Given to', typeof value === 'string' ? value : null)
  if (field === 'Issuer') return row(field, 'Issued by', typeof value === 'string' ? value : null)
  return null
}
