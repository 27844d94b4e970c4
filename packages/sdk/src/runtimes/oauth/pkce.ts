import { base64url, type RandomBytes, randomToken } from './random-token'

/**
 * A PKCE pair (RFC 7636): the `code_verifier` the page keeps, and the S256 `code_challenge` it
 * sends to `{oauth}/auth` (docs/protocol.md §7.1 accepts S256 only).
 *
 * @example
 * ```ts
 * const { verifier, challenge } = await createPkcePair((bytes) => crypto.getRandomValues(bytes))
 * ```
 */
export interface PkcePair {
  verifier: string
  challenge: string
}

/**
 * The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))), computed with WebCrypto.
 *
 * @example
 * ```ts
 * await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')
 * // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' (RFC 7636 appendix B)
 * ```
 */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64url(new Uint8Array(digest))
}

/**
 * Creates a fresh PKCE pair from the random seam.
 *
 * @example
 * ```ts
 * const pair = await createPkcePair((bytes) => crypto.getRandomValues(bytes))
 * const url = authorizeUrl({ ...request, codeChallenge: pair.challenge })
 * ```
 */
export async function createPkcePair(random: RandomBytes): Promise<PkcePair> {
  const verifier = randomToken(random)
  return { verifier, challenge: await pkceChallenge(verifier) }
}
