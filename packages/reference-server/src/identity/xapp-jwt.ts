import type { XappJwtClaims } from 'pullsign/wire'
import type { Application, Applications, XappLaunch } from '../platform'
import { badJwt } from '../platform'
import { type JwtKey, JwtRefusal, signJwt, verifyJwt } from './compact-jwt'

/** Lifetime of an xApp JWT, seconds (docs/protocol.md §7.2: 24 h). */
export const XAPP_JWT_SECONDS = 86_400

// §7.2 Details: the HS256 key is the API secret string exactly as issued, dashes kept, as UTF-8.
const keyOf = (app: Application): JwtKey => ({ alg: 'HS256', secret: app.apiSecret })

/**
 * Issues the xApp JWT of a launch (docs/protocol.md §7.2): HS256 with the application's API
 * secret, 24 h on the server clock, with the claims `app_uuidv4, app_name, ott_uuidv4, sub,
 * usr, net, client_id, iat, exp`; signed on the main thread (compact-jwt.ts says why).
 *
 * @example
 * ```ts
 * const { app, launch } = platform.xapps.exchange(platform.applications.find(apiKey), ott)
 * const jwt = issueXappJwt(app, launch, platform.clock.now())
 * ```
 */
export function issueXappJwt(app: Application, launch: XappLaunch, now: number): string {
  const iat = Math.floor(now / 1000)
  const claims: XappJwtClaims = {
    app_uuidv4: app.uuid,
    app_name: app.name,
    ott_uuidv4: launch.ott,
    sub: launch.context.account,
    usr: launch.userUuid,
    net: launch.context.nodetype,
    client_id: app.apiKey,
    iat,
    exp: iat + XAPP_JWT_SECONDS,
  }
  return signJwt({ typ: 'JWT' }, { ...claims }, keyOf(app))
}

// The claims every xApp JWT carries as strings (pullsign/verify's `verifyXappJwt` asks the same).
const REQUIRED = ['app_uuidv4', 'ott_uuidv4', 'sub', 'usr', 'client_id'] as const

const REFUSALS: Partial<Record<JwtRefusal['reason'], string>> = {
  expired: 'the xApp JWT has expired',
  signature: 'the xApp JWT signature does not verify',
}

/**
 * Resolves a Bearer token that is an xApp JWT: the application named by its `app_uuidv4`, whose
 * API secret must verify it (HS256 only, on the server clock, `exp` and the §7.2 claims
 * required), and its claims. Anything else is 814; the message never repeats the token.
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
  // jose reads the unverified claims (it loads with the first Bearer token, not with the server).
  const { decodeJwt } = await import('jose')
  let named: unknown
  try {
    named = decodeJwt(token).app_uuidv4
  } catch {
    throw badJwt('the Bearer token is not a JWT')
  }
  const app = typeof named === 'string' ? applications.find(named) : null
  if (!app) throw badJwt('the xApp JWT names no known application')
  let claims: Record<string, unknown>
  try {
    claims = verifyJwt(token, keyOf(app), { now, required: [...REQUIRED, 'exp'] })
  } catch (error) {
    if (!(error instanceof JwtRefusal)) throw error
    throw badJwt(REFUSALS[error.reason] ?? 'the xApp JWT is malformed')
  }
  if (REQUIRED.some((claim) => typeof claims[claim] !== 'string')) {
    throw badJwt('the xApp JWT is malformed')
  }
  if (claims.client_id !== app.apiKey) throw badJwt('the xApp JWT is for another application')
  return { app, claims: claims as unknown as XappJwtClaims }
}
