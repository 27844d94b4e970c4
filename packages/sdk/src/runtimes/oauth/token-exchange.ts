import type { Core } from '../../core/client'
import { SignInError } from '../../core/errors/sign-in-errors'
import { oauthRequest } from './oauth-request'

/**
 * What a code is exchanged with (docs/protocol.md §7.1, POST `/token` with `code_verifier`).
 *
 * @example
 * ```ts
 * const exchange: CodeExchange = { clientId: apiKey, redirectUri, code, verifier }
 * ```
 */
export interface CodeExchange {
  clientId: string
  /** Exactly the `redirect_uri` given to `/auth` (the code is bound to it). */
  redirectUri: string
  code: string
  verifier: string
}

/**
 * The tokens a sign-in yields: the access token (the Bearer for `{api}/api/v1/jwt/*`), its
 * lifetime in seconds, and the `id_token` when `openid` was asked.
 *
 * @example
 * ```ts
 * const { accessToken, expiresIn } = await exchangeCode(core, exchange)
 * ```
 */
export interface SignInTokens {
  accessToken: string
  expiresIn: number
  idToken?: string
}

/**
 * Exchanges a PKCE code for tokens (form-encoded, as every OAuth client sends it). A refusal is a
 * {@link SignInError} naming the provider's error; the code and verifier never appear in it.
 *
 * @example
 * ```ts
 * const tokens = await exchangeCode(core, { clientId, redirectUri, code, verifier })
 * ```
 */
export async function exchangeCode(core: Core, exchange: CodeExchange): Promise<SignInTokens> {
  const body = await oauthRequest(
    core,
    'token',
    {
      form: {
        grant_type: 'authorization_code',
        code: exchange.code,
        client_id: exchange.clientId,
        redirect_uri: exchange.redirectUri,
        code_verifier: exchange.verifier,
      },
    },
    [exchange.code, exchange.verifier],
  )
  const { access_token, expires_in, id_token } = body
  if (typeof access_token !== 'string' || typeof expires_in !== 'number' || expires_in <= 0) {
    throw new SignInError('invalid-response', '[POST /token] the answer has no access token')
  }
  return {
    accessToken: access_token,
    expiresIn: expires_in,
    ...(typeof id_token === 'string' ? { idToken: id_token } : {}),
  }
}
