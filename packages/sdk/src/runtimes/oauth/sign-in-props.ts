import type { OAuthJwtClaims, OAuthUserinfo } from '../../wire/oauth'
import type { XappContext } from '../../wire/xapp'
import { decodeJwtClaims } from './jwt-claims'
import type { SignInSession } from './sign-in-session'

/**
 * The signed-in person, each field a promise that settles once signed in (at once when already
 * signed in). `account`, `networkType` and `networkEndpoint` come from the JWT; the others from
 * `{oauth}/userinfo` (docs/protocol.md §7.1), fetched once on first use.
 *
 * @example
 * ```ts
 * const account = await pullsign.user.account
 * const name = await pullsign.user.name
 * ```
 */
export interface SignInUser {
  readonly account: Promise<string>
  readonly networkType: Promise<string>
  readonly networkEndpoint: Promise<string>
  readonly name: Promise<OAuthUserinfo['name']>
  readonly domain: Promise<OAuthUserinfo['domain']>
  readonly picture: Promise<string>
  readonly kycApproved: Promise<boolean>
  readonly proSubscription: Promise<boolean>
  readonly blocked: Promise<boolean>
  readonly source: Promise<OAuthUserinfo['source']>
  /** The push user token (the JWT's `usertoken_uuidv4`); `null` in an xApp (none is issued). */
  readonly token: Promise<string | null>
}

/**
 * `environment`, one shape in every runtime, as promises that settle once signed in (an xApp:
 * once the one-time token is exchanged): `jwt`, the JWT's decoded claims; `bearer`, the raw JWT;
 * `ott`, the xApp's launch context (`undefined` outside an xApp); `openid`, the `id_token`'s
 * claims (`undefined` unless `openid` was asked).
 *
 * @example
 * ```ts
 * const { sub } = await pullsign.environment.jwt
 * const bearer = await pullsign.environment.bearer
 * ```
 */
export interface Environment<Claims = Record<string, unknown>> {
  readonly jwt: Promise<Claims>
  readonly bearer: Promise<string>
  readonly ott: Promise<XappContext | undefined>
  readonly openid: Promise<Record<string, unknown> | undefined>
}

/**
 * The `environment` of a browser or native client: the JWT's claims are the OAuth access
 * token's.
 *
 * @example
 * ```ts
 * const { app_name } = await pullsign.environment.jwt
 * ```
 */
export type SignInEnvironment = Environment<OAuthJwtClaims>

const claimsOf = async (session: SignInSession) => {
  const { jwt } = await session.signedIn()
  return (decodeJwtClaims(jwt) ?? {}) as unknown as OAuthJwtClaims
}

const FROM_CLAIMS = {
  token: 'usertoken_uuidv4',
  account: 'sub',
  networkType: 'network_type',
  networkEndpoint: 'network_endpoint',
}

/**
 * A field of {@link SignInUser}: `account`, `networkType` and `networkEndpoint` from the JWT's
 * claims, the others from `{oauth}/userinfo` (fetched once by the session).
 *
 * @example
 * ```ts
 * const account = await signInUserField(session, 'account')
 * ```
 */
export function signInUserField(session: SignInSession, field: keyof SignInUser): Promise<unknown> {
  return field in FROM_CLAIMS
    ? claimsOf(session).then((c) => c[FROM_CLAIMS[field as keyof typeof FROM_CLAIMS] as 'sub'])
    : session.userinfo().then((me) => me[field as keyof OAuthUserinfo])
}

/**
 * A field of {@link SignInEnvironment}: the JWT's claims, the Bearer itself, or the `id_token`'s
 * claims (`undefined` unless `openid` was asked).
 *
 * @example
 * ```ts
 * const bearer = await signInEnvironmentField(session, 'bearer')
 * ```
 */
export async function signInEnvironmentField(
  session: SignInSession,
  field: keyof SignInEnvironment,
): Promise<unknown> {
  if (field === 'jwt') return claimsOf(session)
  if (field === 'ott') return undefined
  const { jwt, idToken } = await session.signedIn()
  if (field === 'bearer') return jwt
  return idToken === undefined ? undefined : (decodeJwtClaims(idToken) ?? undefined)
}
