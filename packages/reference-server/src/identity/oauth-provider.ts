import { createHash, timingSafeEqual } from 'node:crypto'
import {
  type Endpoints,
  isNetworkKey,
  type OAuthTokenResponse,
  type PayloadRecord,
} from 'pullsign/wire'
import type {
  Application,
  Applications,
  Clock,
  PayloadRequests,
  User,
  Users,
  UserTokens,
} from '../platform'
import { PlatformError } from '../platform'
import { newUuid } from '../platform/ids'
import { createAuthorizationCodes } from './authorization-codes'
import type { AuthorizeRequest } from './authorize-request'
import { JwtRefusal } from './compact-jwt'
import { OAuthError } from './oauth-error'
import {
  mintAccessToken,
  mintIdToken,
  type SignInGrant,
  TOKEN_LIFETIME_SECONDS,
  verifyAccessToken,
} from './oauth-tokens'
import { openerOrigin } from './redirect-uris'
import { createRevokedGrants } from './revoked-grants'
import { createSignInSessions, type SignInResult, type SignInSession } from './sign-in-sessions'
import type { createSigningKeys } from './signing-keys'
import { parseTokenRequest } from './token-request'

/**
 * What `/signin` does for a session (docs/protocol.md §7.1 redirect results and popup mode).
 *
 * @example
 * ```ts
 * const back = await provider.finish(sessionId)
 * if (back.kind === 'result' && !back.popup) return redirectTo(back.fullRedirectUri)
 * ```
 */
export type SignInReturn =
  | { kind: 'pending'; signUrl: string }
  | {
      kind: 'result'
      /** The source of the popup message. */
      rejected: boolean
      redirectUri: string
      /** `redirect_uri` with the result's query values. */
      fullRedirectUri: string
      /** The result's query values, in order. */
      values: Record<string, string>
      popup: boolean
    }

/**
 * A verified access token: its claims, application and user.
 *
 * @example
 * ```ts
 * const { app, user, account } = await provider.verify(accessToken)
 * ```
 */
export interface OAuthIdentity {
  claims: Record<string, unknown>
  app: Application
  user: User
  account: string
}

/** What the provider needs from the platform. */
interface OAuthProviderDeps {
  clock: Clock
  applications: Applications
  users: Users
  /** Creates the SignIn payload of a session and reads its outcome. */
  payloads: Pick<PayloadRequests, 'create' | 'has' | 'record'>
  /** Whether the user token an access token names is still active (docs/protocol.md §7.3). */
  tokens: Pick<UserTokens, 'find'>
  endpoints: () => Endpoints
  keys: ReturnType<typeof createSigningKeys>
}

// The SignIn payload of a browser sign-in expires sooner than the 240 min default [ours]: a
// person is waiting in a popup.
const SIGN_IN_EXPIRE_MINUTES = 15

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const withValues = (uri: string, values: Record<string, string>) => {
  const url = new URL(uri)
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value)
  return url.toString()
}

/**
 * The OAuth2 / OpenID Connect provider of docs/protocol.md §7.1, transport-free: `/auth` starts a session
 * with a SignIn payload of the client application; `/signin` turns its outcome into a code, an
 * implicit token or `access_denied`; `/token` exchanges a code once; access tokens verify for
 * `/userinfo` and the JWT routes. Nothing is stored for a refused request.
 *
 * @example
 * ```ts
 * const provider = createOAuthProvider({ clock, applications, users, payloads, tokens, endpoints, keys })
 * const signUrl = provider.begin(request) // send the browser there
 * ```
 */
export function createOAuthProvider(deps: OAuthProviderDeps) {
  const { clock } = deps
  const sessions = createSignInSessions(clock, (uuid) => deps.payloads.has(uuid))
  const revoked = createRevokedGrants(clock)
  const codes = createAuthorizationCodes(clock, (grant) => revoked.revoke(grant.payloadUuid))

  const grantOf = (session: SignInSession, record: PayloadRecord): SignInGrant => {
    const { request } = session
    return {
      app: request.app,
      userUuid: record.response.user ?? '',
      account: record.response.account ?? '',
      network: isNetworkKey(record.response.environment_nodetype)
        ? record.response.environment_nodetype
        : 'MAINNET',
      payloadUuid: session.payloadUuid,
      userToken: record.application.issued_user_token ?? '',
      scope: request.scope,
      state: request.state,
      nonce: request.nonce,
    }
  }

  const settle = async (session: SignInSession, record: PayloadRecord): Promise<SignInResult> => {
    if (!record.meta.signed) {
      const description = record.meta.resolved
        ? 'the user rejected the sign-in'
        : record.meta.cancelled
          ? 'the sign-in request was cancelled'
          : 'the sign-in request expired'
      return { kind: 'rejected' as const, description }
    }
    const grant = grantOf(session, record)
    if (session.request.responseType === 'token') {
      const key = await deps.keys.current()
      const accessToken = mintAccessToken(grant, key, deps.endpoints(), clock.now())
      return { kind: 'token' as const, accessToken }
    }
    const code = codes.issue({
      grant,
      redirectUri: session.request.redirectUri,
      codeChallenge: session.request.codeChallenge,
    })
    return { kind: 'code' as const, code }
  }

  const identityOf = (claims: Record<string, unknown>): OAuthIdentity => {
    const app =
      typeof claims.client_id === 'string' ? deps.applications.find(claims.client_id) : null
    const owner = typeof claims.sub === 'string' ? deps.users.byAddress(claims.sub) : null
    if (!app || claims.aud !== app.uuid || !owner) {
      throw new OAuthError(
        'invalid_token',
        'the token names an unknown application or account',
        401,
      )
    }
    // docs/protocol.md §7.3: a reused code revokes its tokens; so does revoking the user token.
    const userToken =
      typeof claims.usertoken_uuidv4 === 'string' ? deps.tokens.find(claims.usertoken_uuidv4) : null
    if (revoked.isRevoked(claims.payload_uuidv4) || userToken?.revoked) {
      throw new OAuthError('invalid_token', 'the access token was revoked', 401)
    }
    return { claims, app, user: owner.user, account: owner.account.address }
  }

  return {
    /** `/auth` once the request is valid: creates the SignIn payload; answers its sign page URL. */
    begin(request: AuthorizeRequest): string {
      const id = newUuid()
      const created = deps.payloads.create(
        request.app,
        {
          txjson: { TransactionType: 'SignIn' },
          options: {
            expire: SIGN_IN_EXPIRE_MINUTES,
            return_url: { web: `${deps.endpoints().oauth}/signin?session=${id}` },
            ...(request.forceNetwork ? { force_network: request.forceNetwork } : {}),
            ...(request.signers.length ? { signers: request.signers } : {}),
          },
          custom_meta: { instruction: `Sign in to ${request.app.name}` },
        },
        // Made without credentials: forgotten once expired unopened (docs/protocol.md §7.3).
        { transient: true },
      )
      sessions.add({
        id,
        request,
        payloadUuid: created.uuid,
        createdAt: clock.now(),
        delivered: false,
      })
      return created.next.always
    },

    /** For the SignIn payload of a popup sign-in, its opener's origin (the sign page's script). */
    popupOpenerOrigin(payloadUuid: string): string | null {
      const session = sessions.byPayload(payloadUuid)
      return session?.request.popup ? openerOrigin(session.request.redirectUri) : null
    },

    /** `/signin?session=`: the session's result, delivered once (docs/protocol.md §7.3). */
    async finish(sessionId: string): Promise<SignInReturn> {
      const session = sessions.get(sessionId)
      if (!session) {
        throw new OAuthError(
          'invalid_request',
          'session is unknown or expired; start again at /auth',
        )
      }
      if (session.delivered) {
        throw new OAuthError(
          'invalid_request',
          'this sign-in result was already delivered; start again at /auth',
        )
      }
      const record = deps.payloads.record(session.payloadUuid)
      if (!record.meta.resolved && !record.meta.cancelled && !record.meta.expired) {
        return { kind: 'pending', signUrl: `${deps.endpoints().api}/sign/${session.payloadUuid}` }
      }
      // Marked before the token is signed, so two loads at once cannot both get a result.
      session.delivered = true
      const result = await settle(session, record)
      const { request } = session
      const outcome: Record<string, string> =
        result.kind === 'code'
          ? { authorization_code: result.code, code: result.code }
          : result.kind === 'token'
            ? {
                access_token: result.accessToken,
                token_type: 'bearer',
                expires_in: String(TOKEN_LIFETIME_SECONDS),
              }
            : { error: 'access_denied', error_description: result.description }
      const values = request.state === null ? outcome : { ...outcome, state: request.state }
      return {
        kind: 'result',
        rejected: result.kind === 'rejected',
        redirectUri: request.redirectUri,
        fullRedirectUri: withValues(request.redirectUri, values),
        values,
        popup: request.popup,
      }
    },

    /** `/token` (docs/protocol.md §7.1 "Codes"): the code is spent by this call whatever it answers. */
    async exchange(params: Record<string, unknown>): Promise<OAuthTokenResponse> {
      const entry = typeof params.code === 'string' ? codes.take(params.code) : null
      const request = parseTokenRequest(params)
      const app = deps.applications.find(request.clientId.toLowerCase())
      if (!app) throw new OAuthError('invalid_client', 'client_id is not a known application', 401)
      if (request.clientSecret !== null) {
        try {
          deps.applications.authenticate(request.clientId, request.clientSecret)
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error
          throw new OAuthError('invalid_client', 'client_secret is not valid for client_id', 401)
        }
      }
      if (!entry || entry.grant.app.uuid !== app.uuid) {
        throw new OAuthError(
          'invalid_grant',
          'code is unknown, expired, already used or for another client',
        )
      }
      if (entry.redirectUri !== request.redirectUri) {
        throw new OAuthError('invalid_grant', 'redirect_uri is not the one given to /auth')
      }
      if (entry.codeChallenge !== null) {
        if (request.codeVerifier === null) {
          throw new OAuthError(
            'invalid_grant',
            'code_verifier is missing for a code with a code_challenge',
          )
        }
        if (!sameText(s256(request.codeVerifier), entry.codeChallenge)) {
          throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge')
        }
      } else if (request.clientSecret === null) {
        throw new OAuthError(
          'invalid_client',
          'client_secret is missing (the code has no code_challenge)',
          401,
        )
      }
      const key = await deps.keys.current()
      const endpoints = deps.endpoints()
      const issuer = endpoints.oauth
      const now = clock.now()
      const { grant } = entry
      const answer: OAuthTokenResponse = {
        access_token: mintAccessToken(grant, key, endpoints, now),
        token_type: 'bearer',
        expires_in: TOKEN_LIFETIME_SECONDS,
        refresh_token: '',
        scope: grant.scope,
      }
      if (grant.scope.split(' ').includes('openid')) {
        answer.id_token = mintIdToken(grant, key, issuer, now)
      }
      return answer
    },

    /** Verifies an access token (the Bearer of `/userinfo` and the JWT routes); 401 `invalid_token`. */
    async verify(token: string): Promise<OAuthIdentity> {
      const key = await deps.keys.current()
      let claims: Record<string, unknown>
      try {
        claims = { ...verifyAccessToken(token, key, deps.endpoints().oauth, clock.now()) }
      } catch (error) {
        // Said without quoting the token.
        const expired = error instanceof JwtRefusal && error.reason === 'expired'
        throw new OAuthError(
          'invalid_token',
          expired
            ? 'the access token has expired'
            : 'the access token is malformed, badly signed or not from this provider',
          401,
        )
      }
      return identityOf(claims)
    },

    /** Newest sessions first, for the dashboard. */
    recent: (limit: number) => sessions.recent(limit),

    clear(): void {
      sessions.clear()
      codes.clear()
      revoked.clear()
    },
  }
}

/**
 * The OAuth provider of one server.
 *
 * @example
 * ```ts
 * const provider: OAuthProvider = platform.identity.oauth
 * ```
 */
export type OAuthProvider = ReturnType<typeof createOAuthProvider>
