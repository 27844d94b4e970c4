import { createRemoteJWKSet, errors, jwtVerify } from 'jose'
import { NetworkError } from '../core/errors/pull-sign-error'
import { SignatureError } from '../core/errors/signature-error'
import type { OAuthJwtClaims } from '../wire/oauth'

/**
 * What an OAuth2 JWT must match: the provider it comes from (`{oauth}`, its `iss`) and the
 * application it was issued to (the API key, its `aud`).
 *
 * @example
 * ```ts
 * const expected: VerifyOAuthJwtOptions = { issuer: 'https://oauth2.xumm.app', audience: process.env.PULLSIGN_API_KEY! }
 * ```
 */
export interface VerifyOAuthJwtOptions {
  issuer: string
  audience: string
  /** The current time in ms (default `Date.now()`). */
  now?: number
}

/** One key set per issuer, fetched from `{issuer}/certs` and refreshed by jose; few issuers exist. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>()
const MAX_ISSUERS = 8

const keySetOf = (issuer: string) => {
  let set = keySets.get(issuer)
  if (set === undefined) {
    if (keySets.size >= MAX_ISSUERS) keySets.delete(keySets.keys().next().value as string)
    set = createRemoteJWKSet(new URL(`${issuer}/certs`))
    keySets.set(issuer, set)
  }
  return set
}

/**
 * Verifies the JWT a browser or native sign-in produced (docs/protocol.md §7.1: RS256, key from
 * `{oauth}/certs` by `kid`, `iss` = `{oauth}`, `aud` = the API key) and returns its claims. Use it
 * on a backend before trusting a JWT a page sends. Throws a {@link SignatureError}: `expired`,
 * `mismatch` (signature, algorithm other than RS256, issuer or audience), `wrong-key` (no key with
 * that `kid`) or `malformed`; a `NetworkError` when `/certs` cannot be fetched. The token never
 * appears in the error.
 *
 * @example
 * ```ts
 * import { verifyOAuthJwt } from 'pullsign/verify'
 *
 * const claims = await verifyOAuthJwt(bearer, {
 *   issuer: 'https://oauth2.xumm.app',
 *   audience: process.env.PULLSIGN_API_KEY!,
 * })
 * console.log(`signed in as ${claims.sub}`)
 * ```
 */
export async function verifyOAuthJwt(
  jwt: string,
  options: VerifyOAuthJwtOptions,
): Promise<OAuthJwtClaims> {
  if (typeof jwt !== 'string' || jwt.split('.').length !== 3) {
    throw new SignatureError('malformed', 'the OAuth JWT is not a compact JWS')
  }
  const { issuer, audience } = options
  if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer)) {
    throw new SignatureError('missing', 'verifyOAuthJwt needs the issuer, the {oauth} base URL')
  }
  if (typeof audience !== 'string' || audience === '') {
    throw new SignatureError('missing', 'verifyOAuthJwt needs the audience, the API key')
  }
  const secrets = [jwt]
  try {
    const { payload } = await jwtVerify(jwt, keySetOf(issuer.replace(/\/$/, '')), {
      algorithms: ['RS256'],
      issuer,
      audience,
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now) }),
    })
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') {
      throw new SignatureError('malformed', 'the OAuth JWT lacks sub or exp')
    }
    return payload as unknown as OAuthJwtClaims
  } catch (err) {
    if (err instanceof SignatureError) throw err
    if (err instanceof errors.JWTExpired) {
      throw new SignatureError('expired', 'the OAuth JWT has expired', { secrets })
    }
    if (err instanceof errors.JWTClaimValidationFailed) {
      throw new SignatureError('mismatch', `the OAuth JWT's ${err.claim} is not the expected one`, {
        secrets,
      })
    }
    if (
      err instanceof errors.JWSSignatureVerificationFailed ||
      err instanceof errors.JOSEAlgNotAllowed
    ) {
      throw new SignatureError('mismatch', 'the OAuth JWT is not signed RS256 by the issuer', {
        secrets,
      })
    }
    if (err instanceof errors.JWKSNoMatchingKey) {
      throw new SignatureError('wrong-key', `no key of ${issuer}/certs matches the JWT's kid`, {
        secrets,
      })
    }
    if (
      err instanceof errors.JWKSTimeout ||
      err instanceof errors.JWKSInvalid ||
      err instanceof TypeError
    ) {
      throw new NetworkError(`could not read the keys at ${issuer}/certs: ${err.message}`, {
        cause: err,
        secrets,
      })
    }
    const detail = err instanceof Error ? err.message : String(err)
    throw new SignatureError('malformed', `the OAuth JWT is invalid: ${detail}`, { secrets })
  }
}
