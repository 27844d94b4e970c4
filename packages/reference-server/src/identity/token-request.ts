import { OAuthError } from './oauth-error'

/**
 * A `/token` request (docs/protocol.md §7.1), every parameter checked for shape.
 *
 * @example
 * ```ts
 * const { code, codeVerifier } = parseTokenRequest(params)
 * ```
 */
export interface TokenRequest {
  code: string
  clientId: string
  redirectUri: string
  codeVerifier: string | null
  clientSecret: string | null
}

// RFC 7636 §4.1: 43 to 128 unreserved characters.
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/
const MAX_PARAMETER = 2048

const field = (params: Record<string, unknown>, name: string): string | null => {
  const value = params[name]
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || value.length > MAX_PARAMETER) {
    throw new OAuthError(
      'invalid_request',
      `${name} must be a string of at most ${MAX_PARAMETER} characters`,
    )
  }
  return value
}

const required = (params: Record<string, unknown>, name: string): string => {
  const value = field(params, name)
  if (value === null) throw new OAuthError('invalid_request', `${name} is missing`)
  return value
}

/**
 * Checks the parameters of a `/token` request, from a form or a JSON body (docs/protocol.md §7.1): a
 * missing parameter → 400 `invalid_request` naming it; a `grant_type` other than
 * `authorization_code` → 400 `unsupported_grant_type`. The values are never quoted back.
 *
 * @example
 * ```ts
 * const request = parseTokenRequest({ grant_type: 'authorization_code', code, client_id, redirect_uri, code_verifier })
 * ```
 */
export function parseTokenRequest(params: Record<string, unknown>): TokenRequest {
  const grantType = required(params, 'grant_type')
  if (grantType !== 'authorization_code') {
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code')
  }
  const code = required(params, 'code')
  const clientId = required(params, 'client_id')
  const redirectUri = required(params, 'redirect_uri')
  const codeVerifier = field(params, 'code_verifier')
  const clientSecret = field(params, 'client_secret')
  if (codeVerifier === null && clientSecret === null) {
    throw new OAuthError('invalid_request', 'code_verifier (PKCE) or client_secret is missing')
  }
  if (codeVerifier !== null && !VERIFIER.test(codeVerifier)) {
    throw new OAuthError(
      'invalid_request',
      'code_verifier must be 43 to 128 characters of [A-Za-z0-9._~-]',
    )
  }
  return { code, clientId, redirectUri, codeVerifier, clientSecret }
}
