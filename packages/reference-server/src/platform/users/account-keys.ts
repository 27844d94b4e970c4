import { createHash } from 'node:crypto'
import { decodeSeed, encodeSeed } from 'ripple-address-codec'
import type { KeyAlgorithm } from '../../control-api-types'
import { entropyKeypair } from '../../ledger/signatures/entropy-keypair'
import { addressOfPublicKey } from '../../ledger/signatures/public-key-address'

/** The keys of one account, without the networks it is on. */
export interface AccountKeys {
  address: string
  algorithm: KeyAlgorithm
  publicKey: string
  privateKey: string
  seed: string
}

/**
 * Derives the keys of a user's n-th account as ripple-keypairs does (node:crypto, proven the same
 * by a property test): entropy = first 16 bytes of
 * SHA-256("pullsign-reference-account:<name>:<index>"); the first account is ed25519, the second
 * secp256k1, alternating after that.
 */
export function deriveAccountKeys(name: string, index: number): AccountKeys {
  const algorithm: KeyAlgorithm = index % 2 === 0 ? 'ed25519' : 'ecdsa-secp256k1'
  const entropy = createHash('sha256')
    .update(`pullsign-reference-account:${name}:${index}`)
    .digest()
    .subarray(0, 16)
  return entropyAccountKeys(entropy, algorithm)
}

/**
 * The account of a seed's 16 bytes of entropy: its seed (what `xrpl.Wallet.fromSeed` takes), key
 * pair and address, as ripple-keypairs derives them (node:crypto: an ed25519 account costs about
 * 0.1 ms).
 *
 * @example
 * ```ts
 * entropyAccountKeys(crypto.getRandomValues(new Uint8Array(16)), 'ed25519').seed // 'sEd…'
 * ```
 */
export function entropyAccountKeys(entropy: Uint8Array, algorithm: KeyAlgorithm): AccountKeys {
  const seed = encodeSeed(entropy, algorithm === 'ed25519' ? 'ed25519' : 'secp256k1')
  const { publicKey, privateKey } = entropyKeypair(entropy, algorithm)
  return { address: addressOfPublicKey(publicKey), algorithm, publicKey, privateKey, seed }
}

/**
 * The account of a seed (`sEd…` ed25519, else secp256k1), as ripple-keypairs' `deriveKeypair` and
 * `deriveAddress` give it, without loading its curves: a restored snapshot checks every user's
 * seed with it. Throws on a string that is not a seed.
 */
export function seedAccountKeys(seed: string): AccountKeys {
  const { bytes, type } = decodeSeed(seed)
  return entropyAccountKeys(bytes, type === 'ed25519' ? 'ed25519' : 'ecdsa-secp256k1')
}

/** The key of an account in the table of accounts derived at build time. */
export const accountKeyName = (name: string, index: number) => `${name}:${index}`
