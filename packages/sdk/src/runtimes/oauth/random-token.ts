/**
 * Fills a byte array with cryptographically strong random bytes: the random seam
 * (`crypto.getRandomValues` by default).
 *
 * @example
 * ```ts
 * const random: RandomBytes = (bytes) => crypto.getRandomValues(bytes)
 * ```
 */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array

/**
 * Encodes bytes as base64url without padding (RFC 4648 §5), the alphabet PKCE verifiers,
 * challenges, `state` and `nonce` use.
 *
 * @example
 * ```ts
 * base64url(new Uint8Array([251, 255])) // '-_8'
 * ```
 */
export function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * A random base64url string of `size` random bytes (32 bytes → 43 characters, the length RFC 7636
 * recommends for a verifier), used for `state`, `nonce` and the PKCE verifier.
 *
 * @example
 * ```ts
 * const state = randomToken((bytes) => crypto.getRandomValues(bytes))
 * ```
 */
export function randomToken(random: RandomBytes, size = 32): string {
  return base64url(random(new Uint8Array(size)))
}
