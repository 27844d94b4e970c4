import {
  createPrivateKey,
  createPublicKey,
  type KeyObject,
  sign as nodeSign,
  verify as nodeVerify,
} from 'node:crypto'
import { type BoundedCache, createSharedCache } from '../../bounded-cache'
import { rippleKeypairs } from './ripple-keypairs-module'

// DER wrappers of a raw 32-byte Ed25519 key (RFC 8410): PKCS#8 for the private seed, SPKI for the
// public point, so node:crypto takes the XRPL key bytes as they are.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')

const ED25519_KEY = /^[eE][dD][0-9a-fA-F]{64}$/
const ED25519_SIGNATURE = /^[0-9a-fA-F]{128}$/
const EVEN_HEX = /^(?:[0-9a-fA-F]{2})*$/

// Key objects are parsed once per key: the platform signs with a handful of users' keys. Bounded,
// so a stream of foreign public keys (the ledger verifies any submitted blob) cannot grow it; the
// keys are 66 hex characters (ED25519_KEY is tested first).
const keyCache = () => createSharedCache<KeyObject>({ maxKeyLength: 66, maxEntries: 4096 })
const privateKeys = keyCache()
const publicKeys = keyCache()

const cached = (cache: BoundedCache<KeyObject>, hex: string, make: () => KeyObject) => {
  let key = cache.get(hex)
  if (!key) {
    key = make()
    cache.set(hex, key)
  }
  return key
}

const der = (prefix: Buffer, keyHex: string) =>
  Buffer.concat([prefix, Buffer.from(keyHex.slice(2), 'hex')])

/** The node:crypto key of an `ED`-prefixed Ed25519 private key (hex), for signing and deriving. */
export const ed25519PrivateKey = (privateKey: string): KeyObject =>
  createPrivateKey({ key: der(PKCS8_ED25519, privateKey), format: 'der', type: 'pkcs8' })

/**
 * `ripple-keypairs`' `sign`, with Ed25519 done by node:crypto (OpenSSL): the same bytes (Ed25519 is
 * deterministic, RFC 8032) about 25 times faster than the pure-JS curve, which made signing the
 * bottleneck of a payload's lifecycle. secp256k1 keys go to `ripple-keypairs` unchanged
 * (its RFC 6979 deterministic, low-S signatures).
 *
 * @example
 * ```ts
 * const signature = sign(encodeForSigning(tx), key.privateKey) // upper-case hex
 * ```
 */
export function sign(messageHex: string, privateKey: string): string {
  if (!ED25519_KEY.test(privateKey) || !EVEN_HEX.test(messageHex)) {
    return rippleKeypairs().sign(messageHex, privateKey)
  }
  const key = cached(privateKeys, privateKey, () => ed25519PrivateKey(privateKey))
  return nodeSign(null, Buffer.from(messageHex, 'hex'), key).toString('hex').toUpperCase()
}

/**
 * `ripple-keypairs`' `verify`, with Ed25519 done by node:crypto: OpenSSL verifies as RFC 8032
 * (S below the group order), as `ripple-keypairs` does with `zip215: false`. Input that is not a
 * well-formed Ed25519 key and signature goes to `ripple-keypairs` and answers as before; a
 * well-formed key that is no curve point answers false where `ripple-keypairs` throws (docs/protocol.md
 * §8.2: callers treat a throw as "invalid" anyway).
 *
 * @example
 * ```ts
 * verify(encodeForSigning(unsigned), tx.TxnSignature, tx.SigningPubKey) // true or false
 * ```
 */
export function verify(messageHex: string, signature: string, publicKey: string): boolean {
  if (
    !ED25519_KEY.test(publicKey) ||
    !ED25519_SIGNATURE.test(signature) ||
    !EVEN_HEX.test(messageHex)
  ) {
    return rippleKeypairs().verify(messageHex, signature, publicKey)
  }
  let key: KeyObject
  try {
    key = cached(publicKeys, publicKey, () =>
      createPublicKey({ key: der(SPKI_ED25519, publicKey), format: 'der', type: 'spki' }),
    )
  } catch {
    // A point OpenSSL will not even load: let the reference implementation decide.
    return rippleKeypairs().verify(messageHex, signature, publicKey)
  }
  return nodeVerify(null, Buffer.from(messageHex, 'hex'), key, Buffer.from(signature, 'hex'))
}
