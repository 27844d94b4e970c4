import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose'
import { NetworkError } from 'pullsign'
import { createOAuthJwtVerifier, SignatureError, verifyOAuthJwt } from 'pullsign/verify'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const now = 1_800_000_000_000

/** An OAuth issuer of our own on port 0 that serves its JWKS at /certs, as §7.1 says. */
let issuer = ''
let close = () => {}
let key: CryptoKey
let otherKey: CryptoKey
/** The keys /certs publishes: k1 unless a test rotates them. */
let published: JWK[] = []
let k1: JWK
beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  key = pair.privateKey
  otherKey = (await generateKeyPair('RS256')).privateKey
  k1 = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }
  published = [k1]
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/oauth/certs' ? 200 : 404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ keys: published }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth`
  close = () => server.close()
})
afterAll(() => close())
afterEach(() => {
  published = [k1]
  vi.useRealTimers()
})

const sign = (
  claims: { aud?: string; iss?: string } = {},
  header = { alg: 'RS256', kid: 'k1' },
  signingKey = key,
): Promise<string> =>
  new SignJWT({ client_id: apiKey, sub: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' })
    .setProtectedHeader(header)
    .setIssuer(claims.iss ?? issuer)
    .setAudience(claims.aud ?? apiKey)
    .setIssuedAt(now / 1000)
    .setExpirationTime(now / 1000 + 86_400)
    .sign(signingKey)

// The fetch a client would be given, counting what it reads.
const counting = () => {
  const urls: string[] = []
  const fetch: typeof globalThis.fetch = (input, init) => {
    urls.push(String(input))
    return globalThis.fetch(input, init)
  }
  return { urls, fetch }
}

// The issuer publishes a new key k2 and retires k1, as a provider rotating its keys does.
const rotate = async () => {
  const pair = await generateKeyPair('RS256')
  published = [{ ...(await exportJWK(pair.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' }]
  return () => sign({}, { alg: 'RS256', kid: 'k2' }, pair.privateKey)
}

describe('verifyOAuthJwt', () => {
  it('returns the claims of a JWT signed by the issuer for this application', async () => {
    const claims = await verifyOAuthJwt(await sign(), { issuer, audience: apiKey, now })
    expect(claims).toMatchObject({
      sub: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY',
      aud: apiKey,
      iss: issuer,
    })
  })

  it.each([
    ['expired', async () => sign(), { now: now + 86_401_000 }, 'expired'],
    ['for another application', async () => sign({ aud: 'someone-else' }), {}, 'mismatch'],
    ['from another issuer', async () => sign({ iss: 'https://evil.example' }), {}, 'mismatch'],
    [
      'signed by another key with the same kid',
      async () => sign({}, undefined, otherKey),
      {},
      'mismatch',
    ],
    [
      'with a kid the issuer does not publish',
      async () => sign({}, { alg: 'RS256', kid: 'k9' }),
      {},
      'wrong-key',
    ],
    [
      'signed HS256 with the public modulus or anything else',
      async (): Promise<string> =>
        new SignJWT({ sub: 'r' })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setIssuer(issuer)
          .setAudience(apiKey)
          .setExpirationTime(now / 1000 + 60)
          .sign(new TextEncoder().encode('x'.repeat(32))),
      {},
      'mismatch',
    ],
    ['not a JWT', async (): Promise<string> => 'abc.def', {}, 'malformed'],
  ] as const)('refuses a JWT %s, without repeating it', async (_, make, extra, reason) => {
    const jwt = await make()
    const error = await verifyOAuthJwt(jwt, { issuer, audience: apiKey, now, ...extra }).catch(
      (err: unknown) => err,
    )
    expect(error).toBeInstanceOf(SignatureError)
    expect(error).toMatchObject({ reason })
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(jwt)
  })

  it('says so when the issuer keys cannot be read', async () => {
    const error = await verifyOAuthJwt(await sign(), {
      issuer: 'http://127.0.0.1:1/oauth',
      audience: apiKey,
      now,
    }).catch((err: unknown) => err)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as Error).message).toContain('http://127.0.0.1:1/oauth/certs')
  })
})

describe('createOAuthJwtVerifier', () => {
  it('reads /certs through the given fetch once, keeps the keys, and reads again after reset()', async () => {
    const seen = counting()
    const verifier = createOAuthJwtVerifier({ issuer, audience: apiKey, fetch: seen.fetch })
    const jwt = await sign()
    expect((await verifier.verify(jwt, { now })).sub).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
    await verifier.verify(jwt, { now })
    expect(seen.urls).toEqual([`${issuer}/certs`])
    verifier.reset()
    await verifier.verify(jwt, { now })
    expect(seen.urls).toEqual([`${issuer}/certs`, `${issuer}/certs`])
  })

  it("one verifier's reset() leaves another's keys alone", async () => {
    const [first, second] = [counting(), counting()]
    const a = createOAuthJwtVerifier({ issuer, audience: apiKey, fetch: first.fetch })
    const b = createOAuthJwtVerifier({ issuer, audience: apiKey, fetch: second.fetch })
    const jwt = await sign()
    await a.verify(jwt, { now })
    await b.verify(jwt, { now })
    a.reset()
    await b.verify(jwt, { now })
    expect([first.urls.length, second.urls.length]).toEqual([1, 1])
  })

  it('refuses a missing issuer or audience at once, naming it', () => {
    expect(() => createOAuthJwtVerifier({ issuer: 'oauth2.xumm.app', audience: apiKey })).toThrow(
      'needs the issuer',
    )
    expect(() => createOAuthJwtVerifier({ issuer, audience: '' })).toThrow('needs the audience')
  })
})

describe('a key rotation of the issuer', () => {
  it('verifyOAuthJwt reads /certs at every call: the new key verifies at once, the retired one no longer', async () => {
    const seen = counting()
    const options = { issuer, audience: apiKey, now, fetch: seen.fetch }
    const before = await sign()
    expect((await verifyOAuthJwt(before, options)).sub).toBe('rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY')
    const signRotated = await rotate()
    expect((await verifyOAuthJwt(await signRotated(), options)).iss).toBe(issuer)
    await expect(verifyOAuthJwt(before, options)).rejects.toMatchObject({ reason: 'wrong-key' })
    expect(seen.urls).toEqual([`${issuer}/certs`, `${issuer}/certs`, `${issuer}/certs`])
  })

  it("a verifier reads /certs again for a kid it lacks, once 30 s passed since its last read (jose's cooldown)", async () => {
    // jose times its cooldown with Date.now(): the test moves that clock, nothing waits.
    vi.useFakeTimers({ toFake: ['Date'], now })
    const seen = counting()
    const verifier = createOAuthJwtVerifier({ issuer, audience: apiKey, fetch: seen.fetch })
    await verifier.verify(await sign(), { now })
    const rotated = await (await rotate())()
    vi.setSystemTime(now + 29_000)
    await expect(verifier.verify(rotated, { now })).rejects.toMatchObject({ reason: 'wrong-key' })
    expect(seen.urls).toHaveLength(1)
    vi.setSystemTime(now + 31_000)
    expect((await verifier.verify(rotated, { now })).iss).toBe(issuer)
    expect(seen.urls).toHaveLength(2)
  })

  it('reset() makes a verifier read the rotated keys at once', async () => {
    const seen = counting()
    const verifier = createOAuthJwtVerifier({ issuer, audience: apiKey, fetch: seen.fetch })
    await verifier.verify(await sign(), { now })
    const rotated = await (await rotate())()
    verifier.reset()
    expect((await verifier.verify(rotated, { now })).iss).toBe(issuer)
    expect(seen.urls).toHaveLength(2)
  })
})
