import type { Endpoints } from 'pullsign/wire'
import type { Applications, Clock, PayloadRequests, Users, UserTokens } from '../platform'
import { createOAuthProvider, type OAuthProvider } from './oauth-provider'
import { createSigningKeys, type SigningKeys } from './signing-keys'
import { createXappSessions, type XappSessions } from './xapp-sessions'

export type { BearerIdentity, BearerKind, BearerParts } from './bearer'
export { resolveBearer } from './bearer'
export { OAuthError, type OAuthErrorCode } from './oauth-error'
export type { OAuthIdentity, OAuthProvider, SignInReturn } from './oauth-provider'

/**
 * The identity part of the server (DESIGN: `identity/`): the OAuth provider and its keys.
 *
 * @example
 * ```ts
 * const { issuer } = platform.identity.discovery()
 * const { keys } = await platform.identity.jwks()
 * ```
 */
export interface Identity {
  oauth: OAuthProvider
  /** The xApp JWTs issued, by OTT: a JWT for another is refused (docs/protocol.md §7.3). */
  xappSessions: XappSessions
  /** The RS256 key the provider signs with (kept in snapshots). */
  keys: SigningKeys
  /** GET `{oauth}/certs` (docs/protocol.md §7.1): the RS256 public key with its `kid`. */
  jwks(): Promise<{ keys: Record<string, unknown>[] }>
  /** GET `{oauth}/.well-known/openid-configuration` (docs/protocol.md §7.1 "Discovery"). */
  discovery(): Record<string, unknown>
  /** Forgets every session, code and xApp session; the keys stay (tokens issued before still verify). */
  clear(): void
}

/**
 * Creates the identity part: an OAuth2 / OpenID Connect provider issuing RS256 tokens, its URLs
 * built from `endpoints().oauth` (the `oauthUrl` option), never from a request's Host.
 *
 * @example
 * ```ts
 * const identity = createIdentity({ clock, applications, users, payloads, endpoints: () => platform.endpoints })
 * const { keys } = await identity.jwks()
 * ```
 */
export function createIdentity(deps: {
  clock: Clock
  applications: Applications
  users: Users
  payloads: Pick<PayloadRequests, 'create' | 'has' | 'record'>
  tokens: Pick<UserTokens, 'find'>
  endpoints: () => Endpoints
}): Identity {
  const keys = createSigningKeys()
  const oauth = createOAuthProvider({ ...deps, keys })
  const xappSessions = createXappSessions(deps.clock)
  return {
    oauth,
    xappSessions,
    keys,
    async jwks() {
      return { keys: [{ ...(await keys.current()).jwk }] }
    },
    discovery() {
      const issuer = deps.endpoints().oauth
      return {
        issuer,
        authorization_endpoint: `${issuer}/auth`,
        token_endpoint: `${issuer}/token`,
        userinfo_endpoint: `${issuer}/userinfo`,
        jwks_uri: `${issuer}/certs`,
        response_types_supported: ['code', 'token'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'implicit'],
        code_challenge_methods_supported: ['S256'],
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
        scopes_supported: ['openid', 'email', 'XummPkce'],
        token_endpoint_auth_methods_supported: [
          'client_secret_basic',
          'client_secret_post',
          'none',
        ],
        claims_supported: ['sub', 'aud', 'iss', 'iat', 'exp', 'email', 'nonce'],
      }
    },
    clear() {
      oauth.clear()
      xappSessions.clear()
    },
  }
}
