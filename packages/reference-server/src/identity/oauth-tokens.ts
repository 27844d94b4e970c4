import type { Endpoints, NetworkKey, OAuthJwtClaims } from 'pullsign/wire'
import { networkDefinition } from '../ledger'
import type { Application } from '../platform'
import { nodeUrls } from '../platform/node-urls'
import { signJwt, verifyJwt } from './compact-jwt'
import type { SigningKey } from './signing-keys'

/**
 * What a signed SignIn payload grants: who signed in, for which application, how.
 *
 * @example
 * ```ts
 * const jwt = mintAccessToken(grant, key, endpoints, clock.now())
 * ```
 */
export interface SignInGrant {
  app: Application
  userUuid: string
  account: string
  network: NetworkKey
  payloadUuid: string
  /** The user token the signature issued (docs/protocol.md §6). */
  userToken: string
  scope: string
  state: string | null
  nonce: string | null
}

/**
 * Access and id tokens live 24 h and are not refreshable (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * claims.exp - claims.iat === TOKEN_LIFETIME_SECONDS // true
 * ```
 */
export const TOKEN_LIFETIME_SECONDS = 86_400

const seconds = (ms: number) => Math.floor(ms / 1000)

// docs/protocol.md §7.1: `{client_id}+{sub}@xumm.me`, as production's decoded tokens show.
const emailOf = (grant: SignInGrant) => `${grant.app.uuid}+${grant.account}@xumm.me`

// What both tokens of a grant share (docs/protocol.md §7.1): RS256 with the `/certs` key, `iss`,
// `aud` = client_id, `sub` = the r-address, issued now, 24 h; signed on the main thread
// (compact-jwt.ts says why).
const signForGrant = (
  claims: Record<string, unknown>,
  grant: SignInGrant,
  key: SigningKey,
  issuer: string,
  iat: number,
): string =>
  signJwt(
    { kid: key.kid, typ: 'JWT' },
    {
      ...claims,
      iss: issuer,
      aud: grant.app.uuid,
      sub: grant.account,
      iat,
      exp: iat + TOKEN_LIFETIME_SECONDS,
    },
    { alg: 'RS256', key: key.privateKey },
  )

/**
 * The access token of a grant: RS256 with the `/certs` key, the claims of docs/protocol.md §7.1, `iss` =
 * `{oauth}`, `network_endpoint` = this server's node of the network (§8.6), issued now on the
 * server clock. It is the Bearer of the JWT routes and `/userinfo`.
 *
 * @example
 * ```ts
 * const jwt = mintAccessToken(grant, await keys.current(), endpoints, clock.now())
 * ```
 */
export function mintAccessToken(
  grant: SignInGrant,
  key: SigningKey,
  endpoints: Pick<Endpoints, 'api' | 'oauth'>,
  nowMs: number,
): string {
  const network = networkDefinition(grant.network)
  const iat = seconds(nowMs)
  const claims: Omit<OAuthJwtClaims, 'iat' | 'exp' | 'iss' | 'aud' | 'sub'> = {
    client_id: grant.app.uuid,
    email: emailOf(grant),
    app_uuidv4: grant.app.uuid,
    app_name: grant.app.name,
    payload_uuidv4: grant.payloadUuid,
    usertoken_uuidv4: grant.userToken,
    network_type: network.key,
    // The node the user's wallet reaches the network through: this server's (§8.6), as every
    // URL the server emits for a network.
    network_endpoint: nodeUrls(endpoints.api, network.key).ws,
    network_id: network.chain_id,
    scope: grant.scope,
    ...(grant.state === null ? {} : { state: grant.state }),
    ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
  }
  return signForGrant(claims, grant, key, endpoints.oauth, iat)
}

/**
 * The OpenID id token of a grant (scope `openid`, docs/protocol.md §7.1): `iss`, `aud` = client_id, `sub`
 * = the r-address, `nonce` when one was given, `iat`, `exp`; RS256 with the `/certs` key.
 *
 * @example
 * ```ts
 * const idToken = mintIdToken(grant, await keys.current(), endpoints.oauth, clock.now())
 * ```
 */
export function mintIdToken(
  grant: SignInGrant,
  key: SigningKey,
  issuer: string,
  nowMs: number,
): string {
  const iat = seconds(nowMs)
  const claims = {
    email: emailOf(grant),
    ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
  }
  return signForGrant(claims, grant, key, issuer, iat)
}

/**
 * Verifies an access token of this provider: RS256 with its key, `iss` = `{oauth}`, not expired on
 * the server clock (which tests move), with `sub`, `aud`, `exp`, `iat` and `client_id`. Answers its
 * claims; throws a `JwtRefusal` (compact-jwt.ts) otherwise.
 *
 * @example
 * ```ts
 * const claims = verifyAccessToken(jwt, await keys.current(), endpoints.oauth, clock.now())
 * ```
 */
export function verifyAccessToken(
  token: string,
  key: SigningKey,
  issuer: string,
  nowMs: number,
): OAuthJwtClaims {
  const claims = verifyJwt(
    token,
    { alg: 'RS256', key: key.publicKey },
    { now: nowMs, issuer, required: ['sub', 'aud', 'exp', 'iat', 'client_id'] },
  )
  return claims as unknown as OAuthJwtClaims
}
