import { NetworkError, PullSignError } from '../../core/errors'
import { SignInError } from '../../core/sign-in-errors'

/**
 * Sends one request to the OAuth provider and returns its JSON object. A refusal
 * (`{error, error_description}`, docs/protocol.md §7.1) becomes a {@link SignInError} `provider`
 * naming the endpoint, the status and the provider's words; the values in `secrets` (code,
 * verifier, token) are redacted wherever they would appear.
 *
 * @example
 * ```ts
 * const info = await oauthRequest(fetch, `${oauth}/userinfo`, { headers: { authorization: `Bearer ${jwt}` } }, [jwt])
 * ```
 */
export async function oauthRequest(
  fetch: typeof globalThis.fetch,
  url: string,
  init: RequestInit,
  secrets: readonly string[],
): Promise<Record<string, unknown>> {
  const where = `[${init.method ?? 'GET'} ${new URL(url).pathname}]`
  let response: Response
  let data: unknown
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    })
    data = await response.json().catch(() => null)
  } catch (err) {
    throw new NetworkError(`${where} could not reach the sign-in provider`, { cause: err, secrets })
  }
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  if (!response.ok) {
    const error = typeof body.error === 'string' ? body.error : 'no error code'
    const description =
      typeof body.error_description === 'string' ? `: ${body.error_description}` : ''
    throw new SignInError('provider', `${where} ${response.status} ${error}${description}`, {
      secrets,
    })
  }
  if (typeof data !== 'object' || data === null) {
    throw new PullSignError('ERR_RESPONSE', `${where} ${response.status}: expected a JSON object`)
  }
  return body
}
