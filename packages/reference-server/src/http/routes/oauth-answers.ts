import { OAuthError } from '../../identity'
import { renderOAuthMessagePage } from '../../web/pages/oauth/oauth-message-page'
import { htmlResponse } from '../html-response'
import { jsonResponse, response } from '../responses'

// Tokens and codes must not be kept by a cache or a proxy (RFC 6749 §5.1).
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' }

/**
 * A JSON answer of the OAuth provider, never cached.
 *
 * @example
 * ```ts
 * return oauthJson(await provider.exchange(params))
 * ```
 */
export function oauthJson(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(body, status, { ...NO_STORE, ...headers })
}

/**
 * A 302 to `location` (only ever a whitelisted redirect URI or this server's own page).
 *
 * @example
 * ```ts
 * return redirectTo(signUrl)
 * ```
 */
export function redirectTo(location: string): Response {
  return response(null, 302, { location, ...NO_STORE })
}

/**
 * Whether a request asks for JSON (docs/protocol.md §7.1 "Error body by audience").
 *
 * @example
 * ```ts
 * wantsJson(c.req.raw) // true for `accept: application/json`
 * ```
 */
export function wantsJson(request: Request): boolean {
  return /\bapplication\/json\b/i.test(request.headers.get('accept') ?? '')
}

/**
 * The answer to a refusal that is not sent back to a redirect URI: JSON `{error,
 * error_description}` for a program (`json`: the request accepts JSON, or the endpoint always
 * answers JSON), a small HTML page with the same text for a person. Anything that is not an
 * {@link OAuthError} is rethrown (a bug: the handler's 500). The page shows `redirectUri`, the
 * `redirect_uri` an `/auth` request sent, when given.
 *
 * @example
 * ```ts
 * return oauthRefusal(error, wantsJson(c.req.raw))
 * ```
 */
export function oauthRefusal(
  error: unknown,
  json: boolean,
  redirectUri: string | null = null,
): Response {
  if (!(error instanceof OAuthError)) throw error
  // A quoted-string escapes its quotes and backslashes (RFC 9110 §5.6.4).
  const quoted = error.message.replace(/["\\]/g, '\\$&')
  const headers: Record<string, string> =
    error.error === 'invalid_token'
      ? { 'www-authenticate': `Bearer error="invalid_token", error_description="${quoted}"` }
      : {}
  if (json) {
    return oauthJson(error.body(), error.status, {
      ...headers,
      'x-content-type-options': 'nosniff',
    })
  }
  const page = renderOAuthMessagePage({
    title: 'Sign-in refused',
    error: error.error,
    description: error.message,
    link: null,
    redirectUri,
  })
  return htmlResponse(page, error.status)
}
