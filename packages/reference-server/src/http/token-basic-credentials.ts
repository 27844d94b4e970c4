import { OAuthError } from '../identity'

const BASIC = /^basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i

// RFC 6749 §2.3.1: each half is form-encoded before the pair is base64-encoded.
const formDecode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    throw new OAuthError('invalid_request', 'authorization is not form-encoded client credentials')
  }
}

/**
 * The `/token` parameters with the client credentials of an `Authorization: Basic` header
 * (docs/protocol.md §7.1, `client_secret_basic`), read only when the body has neither `client_id`
 * nor `client_secret`, as production does. A Basic header that is not `base64(id:secret)` → 400
 * `invalid_request` naming `authorization`; other schemes are left alone. Values are never quoted.
 *
 * @example
 * ```ts
 * const params = withBasicCredentials(await readTokenBody(request), request.headers.get('authorization'))
 * ```
 */
export function withBasicCredentials(
  params: Record<string, unknown>,
  authorization: string | null | undefined,
): Record<string, unknown> {
  const given = (name: string) => params[name] !== undefined && params[name] !== ''
  if (given('client_id') || given('client_secret') || !authorization) return params
  if (!/^basic\s/i.test(authorization)) return params
  const encoded = BASIC.exec(authorization)?.[1]
  const pair = encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8')
  const colon = pair.indexOf(':')
  if (colon < 1) {
    throw new OAuthError('invalid_request', 'authorization must be "Basic base64(id:secret)"')
  }
  return {
    ...params,
    client_id: formDecode(pair.slice(0, colon)),
    client_secret: formDecode(pair.slice(colon + 1)),
  }
}
