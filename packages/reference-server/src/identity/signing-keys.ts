import type { JWK } from 'jose'

/**
 * The provider's RS256 key pair and its JWKS entry (docs/protocol.md §7.1 `/certs`).
 *
 * @example
 * ```ts
 * const key: SigningKey = await createSigningKeys().current()
 * key.jwk.kid === key.kid // true
 * ```
 */
export interface SigningKey {
  /** Stable for the server's life: the thumbprint of the public key (RFC 7638). */
  kid: string
  privateKey: CryptoKey
  publicKey: CryptoKey
  /** The public key as published in `/certs`. */
  jwk: JWK
}

/**
 * The server's RS256 key, made with jose once per server and kept for its whole life, so every
 * token it ever issued verifies against `/certs`. Generating a 2048-bit RSA key takes a few
 * hundred ms of a worker thread: it (and jose's import) starts on the first call (the first OAuth request or Bearer
 * check), so a server that never signs anyone in never pays for it.
 *
 * @example
 * ```ts
 * const keys = createSigningKeys()
 * const { kid, jwk } = await keys.current()
 * ```
 */
export function createSigningKeys(): { current(): Promise<SigningKey> } {
  let key: Promise<SigningKey> | undefined
  const make = async (): Promise<SigningKey> => {
    const { calculateJwkThumbprint, exportJWK, generateKeyPair } = await import('jose')
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
    const exported = await exportJWK(publicKey)
    const kid = await calculateJwkThumbprint(exported)
    return { kid, privateKey, publicKey, jwk: { ...exported, kid, alg: 'RS256', use: 'sig' } }
  }
  return {
    current() {
      key ??= make()
      return key
    },
  }
}
