import { isUtf8 } from 'node:buffer'
import { OAuthError } from '../../identity'
import { PlatformError } from '../../platform'
import { readBodyBytes } from '../json-body'

const FORM = 'application/x-www-form-urlencoded'

const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new OAuthError('invalid_request', 'body must be a JSON object')
  }
  return value as Record<string, unknown>
}

const fromForm = (text: string): Record<string, unknown> => {
  const params: Record<string, string> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    // RFC 6749 §3.2: a parameter must not be sent more than once.
    if (name in params) throw new OAuthError('invalid_request', `${name} is given more than once`)
    params[name] = value
  }
  return params
}

/**
 * Reads the parameters of a POST `{oauth}/token` request (docs/protocol.md §1, §7.1: a form or JSON). A
 * body that is neither, too large or not UTF-8 is 400 `invalid_request` naming `body`; its text is
 * never quoted (it holds a code and maybe a secret).
 *
 * @example
 * ```ts
 * const params = await readTokenBody(c.req.raw) // { grant_type, code, client_id, ... }
 * ```
 */
export async function readTokenBody(request: Request): Promise<Record<string, unknown>> {
  let bytes: Buffer | null
  try {
    bytes = await readBodyBytes(request)
  } catch (error) {
    if (error instanceof PlatformError) throw new OAuthError('invalid_request', error.message)
    throw error
  }
  if (bytes === null || bytes.byteLength === 0) {
    throw new OAuthError('invalid_request', 'body is missing; send a form or JSON')
  }
  if (!isUtf8(bytes)) throw new OAuthError('invalid_request', 'body is not valid UTF-8')
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (type === FORM) return fromForm(bytes.toString('utf8'))
  if (type === 'application/json') {
    try {
      return asObject(JSON.parse(bytes.toString('utf8')))
    } catch (error) {
      if (error instanceof OAuthError) throw error
      throw new OAuthError('invalid_request', 'body is not valid JSON')
    }
  }
  throw new OAuthError('invalid_request', `body must be ${FORM} or application/json`)
}
