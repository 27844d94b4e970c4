import { KeyObject } from 'node:crypto'
import type { JWK } from 'jose'
import type { SigningKeysState } from './signing-keys-state'

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
  /** node:crypto keys: the server signs and verifies on the main thread (compact-jwt.ts). */
  privateKey: KeyObject
  publicKey: KeyObject
  /** The public key as published in `/certs`. */
  jwk: JWK
}

/** The provider's key, and its part of a snapshot (src/state/snapshot.ts). */
export interface SigningKeys {
  current(): Promise<SigningKey>
  /** Counts the keys made or loaded: a snapshot writes the key again only when it moved. */
  readonly changes: number
  /** The private key as a JWK once it was made, else null: tokens issued before a restart still verify. */
  saveState(): SigningKeysState
  /** Replaces the key with a checked snapshot part (null: a new one is made when first needed). */
  loadState(state: SigningKeysState): void
}

const signingKey = async (privateKey: CryptoKey, publicKey: CryptoKey): Promise<SigningKey> => {
  const { calculateJwkThumbprint, exportJWK } = await import('jose')
  const exported = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(exported)
  return {
    kid,
    privateKey: KeyObject.from(privateKey),
    publicKey: KeyObject.from(publicKey),
    jwk: { ...exported, kid, alg: 'RS256', use: 'sig' },
  }
}

/**
 * The server's RS256 key, made with jose once per server and kept for its whole life (and in its
 * snapshots), so every token it ever issued verifies against `/certs`. Generating a 2048-bit RSA
 * key takes a few hundred ms of a worker thread: it (and jose's import) starts on the first call
 * (the first OAuth request or Bearer check), so a server that never signs anyone in never pays
 * for it.
 *
 * @example
 * ```ts
 * const keys = createSigningKeys()
 * const { kid, jwk } = await keys.current()
 * ```
 */
export function createSigningKeys(): SigningKeys {
  let key: Promise<SigningKey> | undefined
  let privateJwk: SigningKeysState = null
  let changes = 0
  // A load while a key is being made wins: the made key is then nobody's.
  let generation = 0
  const make = async (): Promise<SigningKey> => {
    const own = generation
    const { exportJWK, generateKeyPair } = await import('jose')
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
    const made = await signingKey(privateKey, publicKey)
    const exported = await exportJWK(privateKey)
    if (own === generation) {
      // An RSA private key exports every field of the part's schema.
      privateJwk = exported as NonNullable<SigningKeysState>
      changes++
    }
    return made
  }
  const load = async (jwk: NonNullable<SigningKeysState>): Promise<SigningKey> => {
    const { kty, n, e } = jwk
    const { importJWK } = await import('jose')
    const privateKey = (await importJWK(jwk, 'RS256', { extractable: true })) as CryptoKey
    const publicKey = (await importJWK({ kty, n, e }, 'RS256', { extractable: true })) as CryptoKey
    return signingKey(privateKey, publicKey)
  }
  return {
    current() {
      key ??= make()
      return key
    },
    get changes() {
      return changes
    },
    saveState: () => (privateJwk === null ? null : { ...privateJwk }),
    loadState(state) {
      generation++
      changes++
      privateJwk = state === null ? null : { ...state }
      key = state === null ? undefined : load(state)
    },
  }
}
