import { createHmac, type KeyObject, sign, timingSafeEqual, verify } from 'node:crypto'

// Why the server signs and verifies its JWTs here, with node:crypto on the main thread, and not
// with jose: jose 6 does both through WebCrypto, whose every sign and verify is a job on libuv's
// thread pool, whose threads glibc gives allocator arenas of their own. Under a steady load of
// sign-ins and xApp launches those arenas kept memory: with every store bounded, the ten-minute
// soak grew RSS 13.5 % with jose, 5.4 % and 7.2 % (two runs) with this file (bench/README.md, "Soak"; no
// environment variable can be asked of a library's users). `crypto.sign`, `crypto.verify` and
// `createHmac` do the same RS256 and HS256 synchronously: about 0.4 ms of CPU per RS256
// signature, 0.05 ms per RS256 check, 0.01 ms per HS256 check. jose keeps what it does well:
// making the RSA key, its JWK and thumbprint, and reading an unverified header.

/**
 * The key of one algorithm: HS256 with a secret string (UTF-8, as given), RS256 with a node:crypto
 * key object (private to sign, public to verify).
 *
 * @example
 * ```ts
 * const xapp: JwtKey = { alg: 'HS256', secret: app.apiSecret }
 * const oauth: JwtKey = { alg: 'RS256', key: signingKey.publicKey }
 * ```
 */
export type JwtKey = { alg: 'HS256'; secret: string } | { alg: 'RS256'; key: KeyObject }

/**
 * Why a JWT was refused: `malformed` (not a compact JWS of a JSON object, another `alg`, a `crit`
 * header, a claim of the wrong type or missing), `signature`, `expired` (`exp`) or `early` (`nbf`).
 *
 * @example
 * ```ts
 * if (error instanceof JwtRefusal && error.reason === 'expired') say('sign in again')
 * ```
 */
export class JwtRefusal extends Error {
  constructor(
    readonly reason: 'malformed' | 'signature' | 'expired' | 'early',
    message: string,
  ) {
    super(message)
    this.name = 'JwtRefusal'
  }
}

const BASE64URL = /^[A-Za-z0-9_-]+$/
// A fatal decoder: bytes that are not UTF-8 make a token malformed, as in jose.
const utf8 = new TextDecoder('utf-8', { fatal: true })

const encodePart = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

// One base64url segment to bytes: only the alphabet, no padding, never a length of 4n+1 (which
// Buffer would decode by dropping bits).
const segmentBytes = (segment: string, what: string): Buffer => {
  if (!BASE64URL.test(segment) || segment.length % 4 === 1) {
    throw new JwtRefusal('malformed', `the JWT ${what} is not base64url`)
  }
  return Buffer.from(segment, 'base64url')
}

const jsonObject = (segment: string, what: string): Record<string, unknown> => {
  let value: unknown
  try {
    value = JSON.parse(utf8.decode(segmentBytes(segment, what)))
  } catch (error) {
    if (error instanceof JwtRefusal) throw error
    throw new JwtRefusal('malformed', `the JWT ${what} is not JSON`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JwtRefusal('malformed', `the JWT ${what} is not a JSON object`)
  }
  return value as Record<string, unknown>
}

const signatureOf = (input: string, key: JwtKey): Buffer =>
  key.alg === 'HS256'
    ? createHmac('sha256', key.secret).update(input).digest()
    : sign('sha256', Buffer.from(input), key.key)

const signatureVerifies = (input: string, given: Buffer, key: JwtKey): boolean => {
  if (key.alg === 'RS256') return verify('sha256', Buffer.from(input), key.key, given)
  const expected = signatureOf(input, key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * Signs `claims` as a compact JWS with `key` (HS256 with the secret, RS256 with a private key);
 * `header` adds to `alg` (a `kid`, `typ`).
 *
 * @example
 * ```ts
 * const jwt = signJwt({ typ: 'JWT' }, { sub, iat, exp }, { alg: 'HS256', secret: app.apiSecret })
 * ```
 */
export function signJwt(
  header: Record<string, string>,
  claims: Record<string, unknown>,
  key: JwtKey,
): string {
  const input = `${encodePart({ alg: key.alg, ...header })}.${encodePart(claims)}`
  return `${input}.${signatureOf(input, key).toString('base64url')}`
}

/** What {@link verifyJwt} checks besides the signature. */
export interface JwtChecks {
  /** The time to check `exp` and `nbf` against, ms since the epoch (the server clock). */
  now: number
  /** `iss` must be exactly this. */
  issuer?: string
  /** Claims that must be present. */
  required?: readonly string[]
}

const NUMERIC_DATES = ['iat', 'nbf', 'exp'] as const

/**
 * Verifies a compact JWS made with `key` and answers its claims, with the checks jose's
 * `jwtVerify` makes: the header's `alg` is the key's (no other, never `none`), no `crit`
 * extension, the signature (HMAC compared in constant time), the claims a JSON object, `iat`,
 * `nbf` and `exp` numbers when present, `nbf` not after `now`, `exp` after it, `iss` and the
 * required claims. Throws a {@link JwtRefusal}; its message never repeats the token.
 *
 * @example
 * ```ts
 * const claims = verifyJwt(token, { alg: 'RS256', key: publicKey }, { now: clock.now(), issuer })
 * ```
 */
export function verifyJwt(token: string, key: JwtKey, checks: JwtChecks): Record<string, unknown> {
  const parts = token.split('.')
  const [head, body, signature] = parts
  if (parts.length !== 3 || head === undefined || body === undefined || signature === undefined) {
    throw new JwtRefusal('malformed', 'the JWT is not a compact JWS')
  }
  const header = jsonObject(head, 'header')
  if (header.alg !== key.alg) {
    throw new JwtRefusal('malformed', `the JWT is not signed ${key.alg}`)
  }
  if (header.crit !== undefined) {
    throw new JwtRefusal('malformed', 'the JWT names critical extensions')
  }
  if (!signatureVerifies(`${head}.${body}`, segmentBytes(signature, 'signature'), key)) {
    throw new JwtRefusal('signature', 'the JWT signature does not verify')
  }
  const claims = jsonObject(body, 'claims')
  const missing = [
    ...(checks.required ?? []),
    ...(checks.issuer === undefined ? [] : ['iss']),
  ].filter((claim) => !Object.hasOwn(claims, claim))
  if (missing.length > 0) throw new JwtRefusal('malformed', `the JWT lacks ${missing.join(', ')}`)
  if (checks.issuer !== undefined && claims.iss !== checks.issuer) {
    throw new JwtRefusal('malformed', 'the JWT is from another issuer')
  }
  for (const claim of NUMERIC_DATES) {
    if (claims[claim] !== undefined && typeof claims[claim] !== 'number') {
      throw new JwtRefusal('malformed', `the JWT's ${claim} is not a number`)
    }
  }
  const now = Math.floor(checks.now / 1000)
  if (typeof claims.nbf === 'number' && claims.nbf > now) {
    throw new JwtRefusal('early', 'the JWT is not valid yet (nbf)')
  }
  if (typeof claims.exp === 'number' && claims.exp <= now) {
    throw new JwtRefusal('expired', 'the JWT has expired')
  }
  return claims
}
