import { errors, jwtVerify } from 'jose'
import { SignatureError } from '../core/errors/signature-error'
import type { XappJwtClaims } from '../wire/xapp'

const REQUIRED = ['app_uuidv4', 'ott_uuidv4', 'sub', 'usr', 'client_id'] as const

/**
 * Verifies an xApp JWT offline (§7.2: HS256 signed with the application's API secret) and returns
 * its claims. Throws a {@link SignatureError}: `expired`, `mismatch` (bad signature or algorithm)
 * or `malformed`.
 *
 * @example
 * ```ts
 * import { verifyXappJwt } from 'pullsign/verify'
 *
 * const claims = await verifyXappJwt(bearerToken, process.env.PULLSIGN_API_SECRET!)
 * console.log(claims.sub, claims.app_uuidv4)
 * ```
 */
export async function verifyXappJwt(
  jwt: string,
  apiSecret: string,
  options: { now?: number } = {},
): Promise<XappJwtClaims> {
  if (typeof jwt !== 'string' || jwt.split('.').length !== 3) {
    throw new SignatureError('malformed', 'the xApp JWT is not a compact JWS')
  }
  if (typeof apiSecret !== 'string' || apiSecret === '') {
    throw new SignatureError('missing', 'verifyXappJwt needs the API secret of the application')
  }
  const secrets = [jwt, apiSecret]
  try {
    const { payload } = await jwtVerify(jwt, new TextEncoder().encode(apiSecret), {
      algorithms: ['HS256'],
      ...(options.now === undefined ? {} : { currentDate: new Date(options.now) }),
    })
    const missing = REQUIRED.filter((claim) => typeof payload[claim] !== 'string')
    if (missing.length > 0 || typeof payload.exp !== 'number') {
      throw new SignatureError(
        'malformed',
        `the xApp JWT lacks ${[...missing, ...(typeof payload.exp === 'number' ? [] : ['exp'])].join(', ')}`,
      )
    }
    return payload as unknown as XappJwtClaims
  } catch (err) {
    if (err instanceof SignatureError) throw err
    if (err instanceof errors.JWTExpired) {
      throw new SignatureError('expired', 'the xApp JWT has expired', { secrets })
    }
    if (err instanceof errors.JWSSignatureVerificationFailed) {
      throw new SignatureError('mismatch', 'the xApp JWT signature does not verify', { secrets })
    }
    const detail = err instanceof Error ? err.message : String(err)
    throw new SignatureError('malformed', `the xApp JWT is invalid: ${detail}`, { secrets })
  }
}
