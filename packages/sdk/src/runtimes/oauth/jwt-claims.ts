/**
 * Reads the claims of a compact JWT without verifying it, or `null` when it is not one. The page
 * received the token from the provider over TLS and only reads `sub`, `exp` and `nonce` from it;
 * a backend verifies it with `verifyOAuthJwt` from `pullsign/verify`. Written here rather than
 * taken from jose so the script-tag build does not carry jose's decoder.
 *
 * @example
 * ```ts
 * const claims = decodeJwtClaims(jwt)
 * console.log(claims?.sub)
 * ```
 */
export function decodeJwtClaims(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1]
  if (part === undefined) return null
  try {
    const binary = atob(part.replace(/-/g, '+').replace(/_/g, '/'))
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0))
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes))
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}
