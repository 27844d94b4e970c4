import * as z from 'zod'

const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'must be base64url')

/**
 * The provider's RS256 private key in a snapshot (a JWK), or null when none was made yet. Written
 * out, not inferred: the public `Snapshot` type holds it, and zod is bundled, not a dependency.
 */
export type SigningKeysState = {
  [member: string]: unknown
  kty: 'RSA'
  n: string
  e: string
  d: string
  p: string
  q: string
  dp: string
  dq: string
  qi: string
} | null

/** Checks the signing key part of a snapshot: an RSA private JWK. */
export const signingKeysStateSchema: z.ZodType<SigningKeysState> = z
  .looseObject({
    kty: z.literal('RSA'),
    n: base64url,
    e: base64url,
    d: base64url,
    p: base64url,
    q: base64url,
    dp: base64url,
    dq: base64url,
    qi: base64url,
  })
  .nullable()
