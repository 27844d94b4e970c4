import { createHash, randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import type { RefApplication } from '../../src/control-api-types'
import { startTestServer, type TestServer } from '../server/test-server'

/** The redirect URI the test application whitelists. */
export const REDIRECT = 'https://shop.example/callback'

/** A PKCE pair (RFC 7636, S256). */
export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/**
 * A reference server on port 0 with an application whose whitelist holds {@link REDIRECT}, a
 * custom scheme and a `*.` entry, and raw-HTTP helpers for the OAuth provider (no SDK, no browser).
 */
export async function startOAuthServer() {
  const t: TestServer = await startTestServer()
  const res = await t.control('applications', {
    name: 'OAuth shop',
    redirectUris: [REDIRECT, 'myapp://signin', 'https://*.apps.example/cb'],
  })
  const client = (await res.json()) as RefApplication
  expect(res.status).toBe(200)
  const oauth = t.endpoints.oauth

  /** GET /auth with these parameters; never follows the redirect. */
  const auth = (params: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${oauth}/auth?${new URLSearchParams(params)}`, { redirect: 'manual', headers })

  /** The usual parameters of a PKCE code request. */
  const codeParams = (challenge: string, extra: Record<string, string> = {}) => ({
    client_id: client.apiKey,
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'st-1',
    scope: 'openid',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })

  /** GET /auth, then answer its SignIn payload as `user` (sign or reject), then GET /signin. */
  const signIn = async (
    params: Record<string, string>,
    answer: 'sign' | 'reject' = 'sign',
    user = t.alice.uuid,
  ) => {
    const started = await auth(params)
    expect(started.status, await started.clone().text()).toBe(302)
    const signUrl = started.headers.get('location') ?? ''
    const uuid = signUrl.split('/sign/')[1] ?? ''
    const answered = await t.control(`payloads/${uuid}/${answer}`, { user })
    expect(answered.status).toBe(200)
    const record = t.server.platform.payloads.record(uuid)
    const returnUrl = record.meta.return_url_web ?? ''
    const back = await fetch(returnUrl, { redirect: 'manual' })
    return { uuid, signUrl, returnUrl, back, location: back.headers.get('location') ?? '' }
  }

  /** POST /token as a form (what js-pkce and most clients send). */
  const token = (params: Record<string, string>) =>
    fetch(`${oauth}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(params),
    })

  /** A whole PKCE sign-in as `user`; answers the access token (the JWT routes' Bearer). */
  const accessToken = async (user = t.alice.uuid): Promise<string> => {
    const { verifier, challenge } = pkcePair()
    const { location } = await signIn(codeParams(challenge), 'sign', user)
    const res = await token({
      grant_type: 'authorization_code',
      code: new URL(location).searchParams.get('code') ?? '',
      client_id: client.apiKey,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    })
    const body = (await res.json()) as { access_token: string }
    expect(res.status, JSON.stringify(body)).toBe(200)
    return body.access_token
  }

  /** A call to `{api}/api/v1/jwt/{path}` with a Bearer; a `json` body makes it a POST. */
  const jwt = (path: string, bearer: string, init: RequestInit & { json?: unknown } = {}) => {
    const { json, headers, ...rest } = init
    return fetch(`${t.endpoints.api}/api/v1/jwt/${path}`, {
      ...rest,
      ...(json === undefined ? {} : { body: JSON.stringify(json), method: rest.method ?? 'POST' }),
      headers: {
        authorization: `Bearer ${bearer}`,
        'content-type': 'application/json',
        ...headers,
      },
    })
  }

  return {
    t,
    client,
    oauth,
    auth,
    codeParams,
    signIn,
    token,
    accessToken,
    jwt,
    close: () => t.close(),
  }
}

/** The OAuth test context. */
export type OAuthServer = Awaited<ReturnType<typeof startOAuthServer>>
