import { isNetworkKey, type NetworkKey } from 'pullsign/wire'
import type { Application, Applications } from '../platform'
import { isClassicAddress } from '../platform/classic-address'
import { OAuthError } from './oauth-error'
import { isWhitelisted } from './redirect-uris'

/**
 * A `/auth` request whose client and redirect URI are verified (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const { app, redirectUri, state } = verifyClient(query, platform.applications)
 * ```
 */
export interface VerifiedClient {
  app: Application
  /** Exactly as given: codes are bound to it, and `/token` must repeat it. */
  redirectUri: string
  /** `state` when it is well formed, so an error sent back can carry it. */
  state: string | null
}

/**
 * A whole, valid `/auth` request.
 *
 * @example
 * ```ts
 * const request: AuthorizeRequest = parseAuthorizeRequest(query, client)
 * request.popup // scope XummPkce
 * ```
 */
export interface AuthorizeRequest extends VerifiedClient {
  responseType: 'code' | 'token'
  /** Space-separated, as given (`''` when absent). */
  scope: string
  nonce: string | null
  /** S256 challenge, or null (then `/token` needs the client secret). */
  codeChallenge: string | null
  forceNetwork: NetworkKey | null
  signers: string[]
  /** Scope `XummPkce`: the return page posts to the opener instead of redirecting. */
  popup: boolean
}

const MAX_TEXT = 512
// RFC 6749 Appendix A: state, nonce and scope are visible ASCII (VSCHAR, scope without `"` `\`).
const VISIBLE_ASCII = /^[\x20-\x7e]*$/
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/
// RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/
const MAX_SIGNERS = 4

/** One query parameter: absent → null; repeated → refused (RFC 6749 §3.1). */
const single = (query: URLSearchParams, name: string): string | null => {
  const values = query.getAll(name)
  if (values.length > 1) throw new OAuthError('invalid_request', `${name} is given more than once`)
  return values[0] ?? null
}

const text = (query: URLSearchParams, name: string, pattern = VISIBLE_ASCII): string | null => {
  const value = single(query, name)
  if (value === null) return null
  if (value.length > MAX_TEXT || !pattern.test(value)) {
    throw new OAuthError(
      'invalid_request',
      `${name} must be at most ${MAX_TEXT} visible ASCII characters`,
    )
  }
  return value
}

/**
 * The checks that come before any redirect (docs/protocol.md §7.1 "Refusals before any redirect"):
 * `client_id` must name an application (400 `invalid_client`), `redirect_uri` must be present and
 * whitelisted for it (400 `invalid_request`). Nothing here ever redirects.
 *
 * @example
 * ```ts
 * const client = verifyClient(new URL(request.url).searchParams, platform.applications)
 * ```
 */
export function verifyClient(query: URLSearchParams, applications: Applications): VerifiedClient {
  const clientId = single(query, 'client_id')
  if (clientId === null || clientId === '') {
    throw new OAuthError('invalid_request', 'client_id is missing')
  }
  const app = applications.find(clientId.toLowerCase().slice(0, 64))
  if (!app || app.disabled) {
    throw new OAuthError('invalid_client', 'client_id is not a known application')
  }
  const redirectUri = single(query, 'redirect_uri')
  if (redirectUri === null || redirectUri === '') {
    throw new OAuthError('invalid_request', 'redirect_uri is missing')
  }
  if (redirectUri.length > 2048 || !isWhitelisted(app.redirectUris, redirectUri)) {
    throw new OAuthError('invalid_request', 'redirect_uri is not whitelisted for this application')
  }
  // A malformed state is refused later, sent back without it.
  let state: string | null = null
  try {
    state = text(query, 'state')
  } catch {
    state = null
  }
  return { app, redirectUri, state }
}

const parseSigners = (value: string | null): string[] => {
  if (value === null || value === '') return []
  const signers = value.split(',').map((signer) => signer.trim())
  if (signers.length > MAX_SIGNERS || !signers.every(isClassicAddress)) {
    throw new OAuthError(
      'invalid_request',
      `signers must be a comma list of at most ${MAX_SIGNERS} classic addresses`,
    )
  }
  return signers
}

/**
 * The rest of a `/auth` request once its client is verified; every refusal here goes back to the
 * redirect URI (docs/protocol.md §7.1): `response_type` other than `code` or `token` →
 * `unsupported_response_type`; a malformed parameter or a `code_challenge_method` other than
 * `S256` → `invalid_request` naming it.
 *
 * @example
 * ```ts
 * const request = parseAuthorizeRequest(query, verifyClient(query, platform.applications))
 * ```
 */
export function parseAuthorizeRequest(
  query: URLSearchParams,
  client: VerifiedClient,
): AuthorizeRequest {
  const responseType = single(query, 'response_type')
  if (responseType !== 'code' && responseType !== 'token') {
    throw new OAuthError(
      'unsupported_response_type',
      responseType === null
        ? 'response_type is missing; use code or token'
        : 'response_type must be code or token',
    )
  }
  const state = text(query, 'state')
  const scope = text(query, 'scope', SCOPE) ?? ''
  const nonce = text(query, 'nonce')
  const method = single(query, 'code_challenge_method')
  const challenge = single(query, 'code_challenge')
  if (method !== null && method !== 'S256') {
    throw new OAuthError('invalid_request', 'code_challenge_method must be S256')
  }
  if (challenge !== null && !S256_CHALLENGE.test(challenge)) {
    throw new OAuthError('invalid_request', 'code_challenge must be 43 base64url characters (S256)')
  }
  if (method !== null && challenge === null) {
    throw new OAuthError('invalid_request', 'code_challenge is missing')
  }
  const network = single(query, 'force_network')
  if (network !== null && !isNetworkKey(network)) {
    throw new OAuthError('invalid_request', 'force_network is not a known network (rails key)')
  }
  return {
    ...client,
    state,
    responseType,
    scope,
    nonce,
    codeChallenge: responseType === 'code' ? challenge : null,
    forceNetwork: network,
    signers: parseSigners(single(query, 'signers')),
    popup: scope.split(' ').some((entry) => entry.toLowerCase() === 'xummpkce'),
  }
}
