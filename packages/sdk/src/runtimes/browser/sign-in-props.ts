import type { OAuthJwtClaims, OAuthUserinfo } from '../../wire/oauth'
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
}

/**
 * What the sign-in gave, as promises that settle once signed in: the JWT's claims, the Bearer
 * itself, and the `id_token`'s claims (`undefined` unless `openid` was asked).
 *
 * @example
 * ```ts
 * const { sub } = await pullsign.environment.jwt
 * ```
 */
export interface SignInEnvironment {
  readonly jwt: Promise<OAuthJwtClaims>
  readonly bearer: Promise<string>
  readonly openid: Promise<Record<string, unknown> | undefined>
}

const claimsOf = async (session: SignInSession) => {
  const { jwt } = await session.signedIn()
  return (decodeJwtClaims(jwt) ?? {}) as unknown as OAuthJwtClaims
}

/**
 * Builds {@link SignInUser} over a session that may still be loading (asked for on each read).
 *
 * @example
 * ```ts
 * const user = signInUser(() => sessionPromise)
 * console.log(await user.account)
 * ```
 */
export function signInUser(session: () => Promise<SignInSession>): SignInUser {
  const claim = (read: (claims: OAuthJwtClaims) => string) => () =>
    session().then(claimsOf).then(read)
  const info =
    <K extends keyof OAuthUserinfo>(key: K) =>
    () =>
      session()
        .then((s) => s.userinfo())
        .then((me) => me[key])
  const getters = {
    account: claim((c) => c.sub),
    networkType: claim((c) => c.network_type),
    networkEndpoint: claim((c) => c.network_endpoint),
    name: info('name'),
    domain: info('domain'),
    picture: info('picture'),
    kycApproved: info('kycApproved'),
    proSubscription: info('proSubscription'),
    blocked: info('blocked'),
    source: info('source'),
  }
  return lazyFields(getters)
}

/**
 * An object whose fields are read through the given getters on each access, so a promise field
 * follows the session as it changes.
 *
 * @example
 * ```ts
 * const user = lazyFields<{ account: Promise<string> }>({ account: () => session.account() })
 * ```
 */
export function lazyFields<T>(getters: Record<string, () => unknown>): T {
  return Object.defineProperties(
    {},
    Object.fromEntries(Object.entries(getters).map(([k, get]) => [k, { get, enumerable: true }])),
  ) as T
}

/**
 * Builds {@link SignInEnvironment} over a session that may still be loading.
 *
 * @example
 * ```ts
 * const environment = signInEnvironment(() => sessionPromise)
 * console.log((await environment.jwt).app_name)
 * ```
 */
export function signInEnvironment(session: () => Promise<SignInSession>): SignInEnvironment {
  return {
    get jwt() {
      return session().then(claimsOf)
    },
    get bearer() {
      return session()
        .then((s) => s.signedIn())
        .then(({ jwt }) => jwt)
    },
    get openid() {
      return session()
        .then((s) => s.signedIn())
        .then(({ idToken }) =>
          idToken === undefined ? undefined : (decodeJwtClaims(idToken) ?? undefined),
        )
    },
  }
}
