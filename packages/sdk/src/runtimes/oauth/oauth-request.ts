import type { Core } from '../../core/client'
import { SignInError } from '../../core/errors/sign-in-errors'
import type { Refusal } from '../../core/transport'

const providerRefusal: Refusal = (status, data, where, secrets) => {
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>
  const error = typeof body.error === 'string' ? body.error : 'no error code'
  const description =
    typeof body.error_description === 'string' ? `: ${body.error_description}` : ''
  // A Bearer the provider no longer accepts (RFC 6750 §3.1 `invalid_token`): the session is over.
  const reason = error === 'invalid_token' ? 'not-signed-in' : 'provider'
  return new SignInError(reason, `${where} ${status} ${error}${description}`, { secrets })
}

/**
 * Sends one request to the OAuth provider `{oauth}/{path}` through the core's transport (its
 * timeout, hooks, redaction) and returns the JSON object. A refusal (`{error,
 * error_description}`, docs/protocol.md §7.1) becomes a {@link SignInError} `provider` naming
 * the endpoint, the status and the provider's words (`not-signed-in` when it refuses the Bearer,
 * `invalid_token`); the values in `secrets` (code, verifier, token) are redacted wherever they
 * would appear.
 *
 * @example
 * ```ts
 * const info = await oauthRequest(core, 'userinfo', { headers: { authorization: `Bearer ${jwt}` } }, [jwt])
 * ```
 */
export function oauthRequest(
  core: Core,
  path: string,
  init: { form?: Record<string, string>; headers?: Record<string, string> },
  secrets: readonly string[],
): Promise<Record<string, unknown>> {
  const { form } = init
  return core.send({
    base: core.endpoints.oauth,
    method: form ? 'POST' : 'GET',
    path,
    // Form-encoded, as every OAuth client sends `/token` (RFC 6749 §4.1.3).
    body: form && new URLSearchParams(form).toString(),
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : init.headers,
    sensitive: secrets,
    refusal: providerRefusal,
  })
}
