import { createHmac, generateKeyPairSync } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { type JwtKey, JwtRefusal, signJwt, verifyJwt } from '../../src/identity/compact-jwt'

// The server's own JWT signing and verification (node:crypto on the main thread) against jose's:
// the same tokens both ways, and every check jose's jwtVerify made before.
const NOW = Date.parse('2026-01-01T00:00:00Z')
const iat = NOW / 1000
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const other = generateKeyPairSync('rsa', { modulusLength: 2048 })
const SECRET = 'c6a1a4ee-5a0c-4c4f-9d1e-0f3b8e5c2a71'
const rs256: JwtKey = { alg: 'RS256', key: publicKey }
const hs256: JwtKey = { alg: 'HS256', secret: SECRET }
const claims = { sub: 'rAlice', iss: 'https://oauth.example', iat, exp: iat + 60 }

const joseSigned = (alg: 'RS256' | 'HS256', payload: Record<string, unknown> = claims) =>
  new SignJWT(payload)
    .setProtectedHeader({ alg, typ: 'JWT' })
    .sign(alg === 'RS256' ? privateKey : new TextEncoder().encode(SECRET))

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

const refusal = (
  token: string,
  key: JwtKey,
  checks: Partial<Parameters<typeof verifyJwt>[2]> = {},
) => {
  try {
    verifyJwt(token, key, { now: NOW, ...checks })
  } catch (error) {
    expect(error).toBeInstanceOf(JwtRefusal)
    expect((error as Error).message).not.toContain(token)
    return (error as JwtRefusal).reason
  }
  return 'accepted'
}

describe('compact JWTs made and checked with node:crypto', () => {
  it('verifies what jose signs, and jose verifies what it signs, byte for byte the same', async () => {
    for (const alg of ['RS256', 'HS256'] as const) {
      const key = alg === 'RS256' ? rs256 : hs256
      const fromJose = await joseSigned(alg)
      expect(verifyJwt(fromJose, key, { now: NOW })).toEqual(claims)
      const ours = signJwt(
        { typ: 'JWT' },
        claims,
        alg === 'RS256' ? { alg, key: privateKey } : hs256,
      )
      // RS256 (PKCS#1 v1.5) and HMAC are deterministic: the very same token.
      expect(ours).toBe(fromJose)
      const verified = await jwtVerify(
        ours,
        alg === 'RS256' ? publicKey : new TextEncoder().encode(SECRET),
        { currentDate: new Date(NOW) },
      )
      expect(verified.payload).toEqual(claims)
    }
  })

  it('refuses every token jose refused, saying why and never quoting it', async () => {
    const valid = await joseSigned('HS256')
    const [head, body, signature] = valid.split('.') as [string, string, string]
    const flipped = `${head}.${body}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`
    const unsigned = `${b64({ alg: 'none' })}.${body}.`
    const rows: Array<[string, string, JwtKey, Partial<Parameters<typeof verifyJwt>[2]>, string]> =
      [
        ['a valid token', valid, hs256, {}, 'accepted'],
        ['a tampered signature', flipped, hs256, {}, 'signature'],
        ['another secret', valid, { alg: 'HS256', secret: `${SECRET}x` }, {}, 'signature'],
        [
          'another RSA key',
          await joseSigned('RS256'),
          { alg: 'RS256', key: other.publicKey },
          {},
          'signature',
        ],
        ['alg none', unsigned, hs256, {}, 'malformed'],
        ['an HS256 token where RS256 is expected', valid, rs256, {}, 'malformed'],
        // The classic confusion: the RSA public key used as an HMAC secret.
        [
          'HS256 signed with the public key',
          signJwt({}, claims, {
            alg: 'HS256',
            secret: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
          }),
          rs256,
          {},
          'malformed',
        ],
        ['a crit header', signJwt({ crit: 'b64' } as never, claims, hs256), hs256, {}, 'malformed'],
        ['two parts', `${head}.${body}`, hs256, {}, 'malformed'],
        ['four parts', `${valid}.x`, hs256, {}, 'malformed'],
        ['a header that is not base64url', `${head}+.${body}.${signature}`, hs256, {}, 'malformed'],
        ['claims that are not JSON', signJwtRaw('not json'), hs256, {}, 'malformed'],
        ['claims that are an array', signJwtRaw('[1]'), hs256, {}, 'malformed'],
        ['expired', valid, hs256, { now: (claims.exp + 0) * 1000 }, 'expired'],
        ['one second before exp', valid, hs256, { now: (claims.exp - 1) * 1000 }, 'accepted'],
        ['not valid yet', signJwt({}, { ...claims, nbf: iat + 10 }, hs256), hs256, {}, 'early'],
        [
          'exp as a string',
          signJwt({}, { ...claims, exp: 'later' }, hs256),
          hs256,
          {},
          'malformed',
        ],
        ['iat as a string', signJwt({}, { ...claims, iat: 'now' }, hs256), hs256, {}, 'malformed'],
        ['another issuer', valid, hs256, { issuer: 'https://evil.example' }, 'malformed'],
        ['the issuer', valid, hs256, { issuer: claims.iss }, 'accepted'],
        ['a missing required claim', valid, hs256, { required: ['client_id'] }, 'malformed'],
      ]
    for (const [name, token, key, checks, expected] of rows) {
      expect(refusal(token, key, checks), name).toBe(expected)
    }
  })
})

// An HS256 token whose claims segment is `text` as given (not JSON-encoded by us).
function signJwtRaw(text: string): string {
  const valid = signJwt({}, {}, hs256)
  const [head] = valid.split('.')
  const body = Buffer.from(text).toString('base64url')
  const signature = createHmac('sha256', SECRET).update(`${head}.${body}`).digest('base64url')
  return `${head}.${body}.${signature}`
}
