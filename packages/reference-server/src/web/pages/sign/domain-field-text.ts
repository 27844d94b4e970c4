import { hexText } from './hex-text'

// What a person reads for the fields of PermissionedDomainSet and PermissionedDomainDelete
// (xrpl.org "PermissionedDomainSet"; rippled PermissionedDomainSet.cpp): each accepted credential
// as its type, decoded, and its issuer.

/**
 * Labels of the permissioned domain fields.
 *
 * @example
 * ```ts
 * DOMAIN_FIELD_LABELS.AcceptedCredentials // 'Accepted credentials'
 * ```
 */
export const DOMAIN_FIELD_LABELS: Readonly<Record<string, string>> = Object.freeze({
  DomainID: 'Domain',
  AcceptedCredentials: 'Accepted credentials',
})

function credentialText(entry: unknown): string {
  const credential = (entry as { Credential?: Record<string, unknown> } | null)?.Credential ?? {}
  return `${hexText(credential.CredentialType) ?? ''} from ${String(credential.Issuer)}`
}

/**
 * The readable text of a permissioned domain field, or null when it is none of them.
 *
 * @example
 * ```ts
 * domainFieldText('AcceptedCredentials', [{ Credential: { Issuer: 'r…', CredentialType: '4B5943' } }])
 * // 'KYC from r…'
 * ```
 */
export function domainFieldText(field: string, value: unknown): string | null {
  if (field !== 'AcceptedCredentials' || !Array.isArray(value)) return null
  return value.map(credentialText).join('; ')
}
