import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { parsePopupMessage } from '../../src/runtimes/browser/popup-message'
import { authorizeUrl } from '../../src/runtimes/oauth/authorize-url'
import { createPkcePair, pkceChallenge } from '../../src/runtimes/oauth/pkce'
import { cleanRedirectUrl, readRedirectResult } from '../../src/runtimes/oauth/redirect-result'
import { createSessionStore } from '../../src/runtimes/oauth/session-store'
import { unsignedJwt } from '../support/unsigned-jwt'

const apiKey = '00000000-0000-4000-8000-0000000000aa'
const random = (bytes: Uint8Array) => crypto.getRandomValues(bytes)

describe('PKCE S256 with WebCrypto', () => {
  it('gives the challenge of RFC 7636 appendix B', async () => {
    expect(await pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('makes 43-character base64url verifiers whose challenge matches, fresh every time', async () => {
    const pairs = await Promise.all([1, 2, 3].map(() => createPkcePair(random)))
    for (const pair of pairs) {
      expect(pair.verifier).toMatch(/^[\w-]{43}$/)
      expect(pair.challenge).toBe(await pkceChallenge(pair.verifier))
    }
    expect(new Set(pairs.map((p) => p.verifier)).size).toBe(3)
  })
})

describe('the {oauth}/auth URL', () => {
  const base = {
    oauth: 'https://oauth2.example',
    clientId: apiKey,
    redirectUri: 'https://shop.example/back?x=1',
    state: 's1',
  }
  it.each([
    [
      'popup PKCE',
      { responseType: 'code', popup: true, codeChallenge: 'ch' },
      {
        response_type: 'code',
        scope: 'XummPkce',
        code_challenge: 'ch',
        code_challenge_method: 'S256',
      },
    ],
    [
      'redirect implicit with openid',
      { responseType: 'token', popup: false, nonce: 'n1' },
      { response_type: 'token', scope: 'openid', nonce: 'n1' },
    ],
    [
      'network and signers passed on',
      {
        responseType: 'code',
        popup: false,
        codeChallenge: 'c',
        forceNetwork: 'TESTNET',
        signers: ['rA', 'rB'],
      },
      { force_network: 'TESTNET', signers: 'rA,rB' },
    ],
  ] as const)('%s', (_, extra, expected) => {
    const url = new URL(authorizeUrl({ ...base, ...extra }))
    expect(`${url.origin}${url.pathname}`).toBe('https://oauth2.example/auth')
    const query = Object.fromEntries(url.searchParams)
    expect(query).toMatchObject({
      client_id: apiKey,
      redirect_uri: base.redirectUri,
      state: 's1',
      ...expected,
    })
    if (!('codeChallenge' in extra)) expect(query).not.toHaveProperty('code_challenge')
  })
})

describe('the answer in the redirect URI', () => {
  const jwt = unsignedJwt({ sub: 'rAccount' })
  it.each([
    ['an ordinary page load', '?page=2', null],
    ['a code', '?code=abc&state=s', { kind: 'code', code: 'abc', state: 's' }],
    ['a code by its other name', '?authorization_code=abc&state=s', { kind: 'code', code: 'abc' }],
    [
      'a token',
      `?access_token=${jwt}&token_type=bearer&expires_in=86400&state=s`,
      { kind: 'token', accessToken: jwt, expiresIn: 86400, state: 's' },
    ],
    [
      'a refusal',
      '?error=access_denied&error_description=no&state=s',
      { kind: 'error', error: 'access_denied', description: 'no', state: 's' },
    ],
    [
      'a token that is not a JWT',
      '?access_token=abc&expires_in=1&state=s',
      { kind: 'error', error: 'invalid_response' },
    ],
    [
      'a token without lifetime',
      `?access_token=${jwt}&state=s`,
      { kind: 'error', error: 'invalid_response' },
    ],
    [
      'an error code with markup',
      '?error=<b>&state=s',
      { kind: 'error', error: 'invalid_response' },
    ],
  ] as const)('%s', (_, search, expected) => {
    const result = readRedirectResult(new URLSearchParams(search))
    if (expected === null) expect(result).toBeNull()
    else expect(result).toMatchObject(expected)
  })

  it('never throws and never returns a token or code of the wrong shape, whatever the query', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom('code', 'access_token', 'expires_in', 'state', 'error', 'x'),
          fc.string(),
        ),
        (entries) => {
          const result = readRedirectResult(new URLSearchParams(entries))
          if (result?.kind === 'token')
            expect(result.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
          if (result?.kind === 'code') expect(result.code.length).toBeGreaterThan(0)
          if (result?.kind === 'error') expect(result.error).toMatch(/^[a-z_]+$/)
        },
      ),
    )
  })

  it('cleans the URL of the answer and keeps everything else', () => {
    expect(
      cleanRedirectUrl(
        'https://shop.example/app?tab=2&code=abc&state=s&error=x&error_description=y#top',
      ),
    ).toBe('https://shop.example/app?tab=2#top')
  })
})

describe('the popup message', () => {
  const options = {
    redirect_uri: 'https://a/',
    full_redirect_uri: 'https://a/?code=1',
    code: '1',
    state: 's',
  }
  it.each([
    [
      'resolved',
      JSON.stringify({ source: 'xumm_sign_request_resolved', options }),
      'xumm_sign_request_resolved',
    ],
    [
      'closed',
      JSON.stringify({ source: 'xumm_sign_request_popup_closed' }),
      'xumm_sign_request_popup_closed',
    ],
    ['an object instead of a string', { source: 'xumm_sign_request_resolved', options }, null],
    ['another source', JSON.stringify({ source: 'devtools', options }), null],
    [
      'non-string options',
      JSON.stringify({ source: 'xumm_sign_request_resolved', options: { ...options, code: 1 } }),
      null,
    ],
    [
      'no redirect_uri',
      JSON.stringify({ source: 'xumm_sign_request_rejected', options: { state: 's' } }),
      null,
    ],
    ['not JSON', '{source', null],
    [
      'the refusal page [ours]',
      JSON.stringify({
        source: 'pullsign_sign_in_refused',
        error: 'invalid_request',
        error_description: 'redirect_uri https://shop.example/app is not registered',
      }),
      'pullsign_sign_in_refused',
    ],
    [
      'a refusal whose error is no OAuth code',
      JSON.stringify({ source: 'pullsign_sign_in_refused', error: '<b>', error_description: '' }),
      null,
    ],
    [
      'a refusal without a description',
      JSON.stringify({ source: 'pullsign_sign_in_refused', error: 'invalid_client' }),
      null,
    ],
    [
      'a refusal with a description past 1,000 characters',
      JSON.stringify({
        source: 'pullsign_sign_in_refused',
        error: 'invalid_client',
        error_description: 'x'.repeat(1001),
      }),
      null,
    ],
  ])('%s', (_, data, source) => {
    expect(parsePopupMessage(data)?.source ?? null).toBe(source)
  })
})

describe('the session kept in storage', () => {
  beforeEach(() => localStorage.clear())
  const now = Date.UTC(2026, 0, 1)
  it('restores a session until it expires, then forgets it', () => {
    const storage = localStorage
    const store = createSessionStore(storage, apiKey)
    const jwt = unsignedJwt({ sub: 'r1' })
    store.saveSession({ jwt, expiresAt: now + 1000 })
    expect(createSessionStore(storage, apiKey).loadSession(now + 999)).toEqual({
      jwt,
      expiresAt: now + 1000,
    })
    expect(store.loadSession(now + 1000)).toBeNull()
    expect(storage.length).toBe(0)
  })

  it.each([
    ['not JSON', '{'],
    ['no jwt', JSON.stringify({ expiresAt: now + 1000 })],
    ['a jwt that is not one', JSON.stringify({ jwt: 'abc', expiresAt: now + 1000 })],
    ['a string expiry', JSON.stringify({ jwt: unsignedJwt({}), expiresAt: 'soon' })],
  ])('ignores and removes a stored session that is %s', (_, value) => {
    const storage = localStorage
    storage.setItem(`pullsign:${apiKey}:session`, value)
    expect(createSessionStore(storage, apiKey).loadSession(now)).toBeNull()
    expect(storage.length).toBe(0)
  })

  it('hands a pending redirect sign-in out once, and not after 10 minutes', () => {
    const storage = localStorage
    const store = createSessionStore(storage, apiKey)
    const pending = {
      state: 's',
      redirectUri: 'https://a/',
      responseType: 'code' as const,
      verifier: 'v',
      startedAt: now,
    }
    store.savePending(pending)
    expect(store.takePending(now + 1)).toEqual(pending)
    expect(store.takePending(now + 2)).toBeNull()
    store.savePending(pending)
    expect(store.takePending(now + 10 * 60_000 + 1)).toBeNull()
  })
})
