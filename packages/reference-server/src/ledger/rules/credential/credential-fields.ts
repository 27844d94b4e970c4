import type { JsonObject } from '../../codec/json-object'
import { type Refusal, refuse } from '../../view/refusal'

// rippled Protocol.h `maxCredentialTypeLength`, `maxCredentialURILength`.
const MAX_TYPE_BYTES = 64
const MAX_URI_BYTES = 256
// rippled's zero AccountID, which a credential may not name.
const ACCOUNT_ZERO = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

const bytesOf = (hex: unknown) => (typeof hex === 'string' ? hex.length / 2 : 0)

/**
 * `temMALFORMED` unless `CredentialType` is 1 to 64 bytes (Credentials.cpp, each type's
 * preflight); null when it is.
 *
 * @example
 * ```ts
 * credentialTypeRefusal({ CredentialType: '' }) // temMALFORMED
 * ```
 */
export function credentialTypeRefusal(tx: JsonObject): Refusal | null {
  const bytes = bytesOf(tx.CredentialType)
  if (bytes >= 1 && bytes <= MAX_TYPE_BYTES) return null
  const detail = `the CredentialType is ${bytes} bytes, not 1 to ${MAX_TYPE_BYTES}`
  return refuse('temMALFORMED', 'credential-type-size', detail, 'Credentials.cpp')
}

/**
 * `temMALFORMED` when a `URI` is given but empty or over 256 bytes (CredentialCreate::preflight).
 *
 * @example
 * ```ts
 * credentialUriRefusal({ URI: '' }) // temMALFORMED
 * ```
 */
export function credentialUriRefusal(tx: JsonObject): Refusal | null {
  if (tx.URI === undefined) return null
  const bytes = bytesOf(tx.URI)
  if (bytes >= 1 && bytes <= MAX_URI_BYTES) return null
  const detail = `the URI is ${bytes} bytes, not 1 to ${MAX_URI_BYTES}`
  return refuse('temMALFORMED', 'credential-uri-size', detail, 'Credentials.cpp')
}

/**
 * Whether an account field names rippled's zero account (`!tx[sfSubject]`, `isZero()`).
 *
 * @example
 * ```ts
 * isZeroAccount('rrrrrrrrrrrrrrrrrrrrrhoLvTp') // true
 * ```
 */
export const isZeroAccount = (value: unknown): boolean => value === ACCOUNT_ZERO
