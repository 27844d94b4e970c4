import type { XappJwtClaims } from 'pullsign/wire'
import type { Application, Applications, XappLaunch } from '../platform'
import { badJwt } from '../platform'

/** Lifetime of an xApp JWT, seconds (docs/protocol.md §7.2: 24 h). */
export const XAPP_JWT_SECONDS = 86_400

// §7.2 Details: the HS256 key is the API secret string exactly as issued, dashes kept, as UTF-8.
const keyOf = (app: Application) => new TextEncoder().encode(app.apiSecret)

/**
 * Issues the xApp JWT of a launch (docs/protocol.md §7.2): HS256 with the application's API
 * secret, 24 h on the server clock, with the claims `app_uuidv4, app_name, ott_uuidv4, sub,
 * usr, net, client_id, iat, exp`.
 *
 * @example
 * ```ts
 * const { app, launch } = platform.xapps.exchange(platform.applications.find(apiKey), ott)
 * const jwt = await issueXappJwt(app, launch, platform.clock.now())
 * ```
 */
export async function issueXappJwt(
  app: Application,
  launch: XappLaunch,
  now: number,
): Promise<string> {
  // jose and pullsign/verify load with the first xApp JWT (they cost the first payload nothing).
  const { SignJWT } = await import('jose')
  const iat = Math.floor(now / 1000)
  const claims: Omit<XappJwtClaims, 'iat' | 'exp'> = {
    app_uuidv4: app.uuid,
    app_name: app.name,
    ott_uuidv4: launch.ott,
    sub: launch.context.account,
    usr: launch.userUuid,
    net: launch.context.nodetype,
    client_id: app.apiKey,
  }
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + XAPP_JWT_SECONDS)
    .sign(keyOf(app))
}

const REFUSALS: Record<string, string> = {
  expired: 'the xApp JWT has expired',
  mismatch: 'the xApp JWT signature does not verify',
}

/**
 * Resolves a Bearer token that is an xApp JWT: the application named by its `app_uuidv4`, whose
 * API secret must verify it (with pullsign's own offline check, on the server clock), and its
 * claims. Anything else is 814; the message never repeats the token.
 *
 * @example
 * ```ts
 * const { app, claims } = await resolveXappJwt(token, platform.applications, platform.clock.now())
 * claims.usr // the launched user's uuid
 * ```
 */
export async function resolveXappJwt(
  token: string,
  applications: Applications,
  now: number,
): Promise<{ app: Application; claims: XappJwtClaims }> {
  const [{ decodeJwt }, { SignatureError, verifyXappJwt }] = await Promise.all([
    import('jose'),
    import('pullsign/verify'),
  ])
  let named: unknown
  try {
    named = decodeJwt(token).app_uuidv4
  } catch {
    throw badJwt('the Bearer token is not a JWT')
  }
  const app = typeof named === 'string' ? applications.find(named) : null
  if (!app) throw badJwt('the xApp JWT names no known application')
  try {
    const claims = await verifyXappJwt(token, app.apiSecret, { now })
    if (claims.client_id !== app.apiKey) throw badJwt('the xApp JWT is for another application')
    return { app, claims }
  } catch (error) {
    if (!(error instanceof SignatureError)) throw error
    throw badJwt(REFUSALS[error.reason] ?? 'the xApp JWT is malformed')
  }
}
