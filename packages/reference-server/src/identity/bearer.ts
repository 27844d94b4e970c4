import { API_HEADERS } from 'pullsign/wire'
import type { Application, Applications, Clock, User, Users } from '../platform'
import { badJwt } from '../platform'
import { OAuthError } from './oauth-error'
import type { OAuthProvider } from './oauth-provider'
import { resolveXappJwt } from './xapp-jwt'
import type { XappSessions } from './xapp-sessions'

/**
 * Who a verified Bearer JWT speaks for, whichever kind of token it is.
 *
 * @example
 * ```ts
 * const { application, user, claims } = await resolveBearer(authorization, parts)
 * ```
 */
export interface BearerIdentity {
  /** Which kind of token it was. */
  tokenKind: 'oauth' | 'xapp'
  application: Application
  user: User
  /** The r-address the token is for (`sub`). */
  account: string
  /** The token's verified claims (GET `jwt/ping` answers them). */
  claims: Record<string, unknown>
}

/**
 * What verifying a Bearer needs: the OAuth provider (its access tokens), the applications and users
 * an xApp JWT names, the xApp launches this server issued, and the clock.
 *
 * @example
 * ```ts
 * const parts: BearerParts = { oauth: identity.oauth, xappSessions: identity.xappSessions, applications, users, clock }
 * ```
 */
export interface BearerParts {
  oauth: Pick<OAuthProvider, 'verify'>
  applications: Applications
  users: Pick<Users, 'find'>
  clock: Pick<Clock, 'now'>
  xappSessions: Pick<XappSessions, 'issued'>
}

/**
 * Verifies one kind of token; rejects with a {@link badJwt} (814) or an {@link OAuthError}.
 *
 * @example
 * ```ts
 * const xappBearer: BearerKind = async (token, parts) => ({ tokenKind: 'xapp', ...(await verify(token, parts)) })
 * ```
 */
export type BearerKind = (token: string, parts: BearerParts) => Promise<BearerIdentity>

const oauthBearer: BearerKind = async (token, { oauth }) => {
  const { claims, app, user, account } = await oauth.verify(token)
  return { tokenKind: 'oauth', application: app, user, account, claims }
}

// An xApp JWT (docs/protocol.md §7.2): verified with its application's API secret; it speaks for
// the launched user (`usr`) and account (`sub`).
const xappBearer: BearerKind = async (token, { applications, users, clock, xappSessions }) => {
  const { app, claims } = await resolveXappJwt(token, applications, clock.now())
  const user = users.find(claims.usr)
  if (!user?.accounts.some((account) => account.address === claims.sub)) {
    throw badJwt('the xApp JWT is for a user or account this platform does not know')
  }
  // docs/protocol.md §7.3: the app's secret could sign a JWT for anyone; only a launch counts.
  if (!xappSessions.issued(claims.ott_uuidv4, app.uuid, user.uuid)) {
    throw badJwt('the xApp JWT names no launch of this application for this user')
  }
  return {
    tokenKind: 'xapp',
    application: app,
    user,
    account: claims.sub,
    claims: { ...claims },
  }
}

// The token kinds a Bearer may be, by the `alg` of its JWS header: RS256 is this server's OAuth
// access token (docs/protocol.md §7.1), HS256 the xApp JWT (§7.2).
const BEARER_KINDS: Readonly<Record<string, BearerKind>> = {
  RS256: oauthBearer,
  HS256: xappBearer,
}

const BEARER = /^bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\s*$/i

/**
 * The one Bearer resolver of the JWT routes (docs/protocol.md §1, §2) and of the platform routes that also
 * take a Bearer: reads `authorization: Bearer <jwt>`, picks the token kind by its header's `alg`
 * and verifies it. Anything wrong (missing, malformed, unknown kind, bad signature, expired,
 * unknown application or account) is 401 code 814, never quoting the token.
 *
 * @example
 * ```ts
 * const who = await resolveBearer(request.headers.get('authorization'), parts)
 * who.application.name // the application the token was issued to
 * ```
 */
export async function resolveBearer(
  authorization: string | null,
  parts: BearerParts,
): Promise<BearerIdentity> {
  const token = BEARER.exec(authorization ?? '')?.[1]
  if (!token) throw badJwt(`${API_HEADERS.authorization} must be "Bearer <jwt>"`)
  // jose loads with the first Bearer token, not with the server.
  const { decodeProtectedHeader } = await import('jose')
  let alg: unknown
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw badJwt('the Bearer JWT is malformed')
  }
  const kind = typeof alg === 'string' ? BEARER_KINDS[alg] : undefined
  if (!kind) throw badJwt('the Bearer JWT is not a token of this platform (unknown alg)')
  try {
    return await kind(token, parts)
  } catch (error) {
    if (error instanceof OAuthError) throw badJwt(error.message)
    throw error
  }
}
