import { createRemoteJWKSet, customFetch, errors, type FetchImplementation, jwtVerify } from 'jose'
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
  /**
   * The fetch `/certs` is read with (default: the global `fetch`); pass the one your client uses
   * (`new PullSign({ fetch })`), so tests and proxies see this request too.
   */
  fetch?: typeof globalThis.fetch
}

/**
 * A verifier of one provider's OAuth2 JWTs, holding that provider's keys: read from
 * `{issuer}/certs` on first use, refreshed by jose when a JWT names an unknown `kid` (at most
 * once per 30 s) or after 10 minutes; `reset()` forgets them.
 *
 * @example
 * ```ts
 * const verifier: OAuthJwtVerifier = createOAuthJwtVerifier({ issuer, audience: apiKey })
 * const claims = await verifier.verify(bearer)
 * verifier.reset()
 * ```
 */
export interface OAuthJwtVerifier {
  /** Verifies one JWT as {@link verifyOAuthJwt} does; `now` in ms (default `Date.now()`). */
  verify(jwt: string, options?: { now?: number }): Promise<OAuthJwtClaims>
  /** Forgets the provider's keys: the next `verify` reads `/certs` again. */
  reset(): void
}

const checkExpected = (issuer: unknown, audience: unknown): void => {
  if (typeof issuer !== 'string' || !/^https?:\/\//.test(issuer)) {
    throw new SignatureError('missing', 'verifyOAuthJwt needs the issuer, the {oauth} base URL')
  }
  if (typeof audience !== 'string' || audience === '') {
    throw new SignatureError('missing', 'verifyOAuthJwt needs the audience, the API key')
  }
}

/**
 * Creates the verifier a backend keeps for the JWTs of one OAuth provider (docs/protocol.md §7.1):
 * its keys are fetched once through `fetch` and kept with the verifier, not in the process, so
 * two verifiers (two tests, two tenants) never share or clear each other's keys.
 *
 * @example
 * ```ts
 * import { createOAuthJwtVerifier } from 'pullsign/verify'
 *
 * const verifier = createOAuthJwtVerifier({
 *   issuer: 'https://oauth2.xumm.app',
 *   audience: process.env.PULLSIGN_API_KEY!,
 * })
 * const claims = await verifier.verify(bearer)
 * console.log(`signed in as ${claims.sub}`)
 * ```
 */
export function createOAuthJwtVerifier(
  options: Omit<VerifyOAuthJwtOptions, 'now'>,
): OAuthJwtVerifier {
  const { issuer, audience } = options ?? {}
  checkExpected(issuer, audience)
  const given = options.fetch
  const certs = new URL(`${issuer.replace(/\/$/, '')}/certs`)
  const make = () =>
    createRemoteJWKSet(
      certs,
      // jose reads the keys through this fetch (its public `customFetch` option).
      given ? { [customFetch]: given as unknown as FetchImplementation } : undefined,
    )
  let keys = make()
  return {
    verify: (jwt, at) => verifyWith(keys, jwt, issuer, audience, at?.now),
    reset: () => {
      keys = make()
    },
  }
}

/**
 * Verifies the JWT a browser or native sign-in produced (docs/protocol.md §7.1: RS256, key from
 * `{oauth}/certs` by `kid`, `iss` = `{oauth}`, `aud` = the API key) and returns its claims. Use it
 * on a backend before trusting a JWT a page sends. Throws a {@link SignatureError}: `expired`,
 * `mismatch` (signature, algorithm other than RS256, issuer or audience), `wrong-key` (no key with
 * that `kid`) or `malformed`; a `NetworkError` when `/certs` cannot be fetched. The token never
 * appears in the error. One-shot: it reads `{issuer}/certs` (through `fetch`) at every call and
 * keeps nothing, so no key outlives the call (nothing in the process for two tests or tenants to
 * share, or to reset) and a rotated key is used at the next call. A backend that verifies many
 * JWTs keeps one {@link createOAuthJwtVerifier} instead, which keeps the keys.
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
  const { now, ...expected } = options ?? {}
  checkJwt(jwt)
  return createOAuthJwtVerifier(expected).verify(jwt, { now })
}

const checkJwt = (jwt: unknown): void => {
  if (typeof jwt !== 'string' || jwt.split('.').length !== 3) {
    throw new SignatureError('malformed', 'the OAuth JWT is not a compact JWS')
  }
}

async function verifyWith(
  keys: ReturnType<typeof createRemoteJWKSet>,
  jwt: string,
  issuer: string,
  audience: string,
  now: number | undefined,
): Promise<OAuthJwtClaims> {
  checkJwt(jwt)
  const secrets = [jwt]
  try {
    const { payload } = await jwtVerify(jwt, keys, {
      algorithms: ['RS256'],
      issuer,
      audience,
      ...(now === undefined ? {} : { currentDate: new Date(now) }),
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
