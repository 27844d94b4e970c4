/**
 * What the provider sent back to `redirect_uri` (docs/protocol.md §7.1, "Redirect results"):
 * a token (implicit), a code (PKCE), or an error. Only the shape is checked here; the `state`
 * is compared by the flow that kept it.
 *
 * @example
 * ```ts
 * const result = readRedirectResult(new URL(location.href).searchParams)
 * if (result?.kind === 'code') await exchangeCode(result.code)
 * ```
 */
export type RedirectResult =
  | { kind: 'token'; accessToken: string; expiresIn: number; state: string | null }
  | { kind: 'code'; code: string; state: string | null }
  | { kind: 'error'; error: string; description: string; state: string | null }

/** Every query key the provider adds to `redirect_uri`; the page's URL is cleaned of them. */
const RESULT_KEYS = [
  'access_token',
  'token_type',
  'expires_in',
  'authorization_code',
  'code',
  'state',
  'error',
  'error_description',
] as const

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/
const OPAQUE = /^[\w.~+/=-]{1,2048}$/
/** An OAuth error code (RFC 6749's are short lower-case words): the popup's refusal message has one too. */
export const OAUTH_ERROR_CODE = /^[a-z_]{1,64}$/

const text = (params: URLSearchParams, key: string): string | null => {
  const value = params.get(key)
  return value === null || value === '' ? null : value
}

/**
 * Reads the provider's result from a query, or `null` when the query holds none (an ordinary
 * page load). A value of the wrong shape is reported as an `invalid_response` error, never
 * trusted; the description is cut short and never repeats a token.
 *
 * @example
 * ```ts
 * readRedirectResult(new URLSearchParams('code=abc&state=xyz'))
 * // { kind: 'code', code: 'abc', state: 'xyz' }
 * ```
 */
export function readRedirectResult(params: URLSearchParams): RedirectResult | null {
  const state = text(params, 'state')
  const stateOk = state === null || OPAQUE.test(state)
  const invalid = (what: string): RedirectResult => ({
    kind: 'error',
    error: 'invalid_response',
    description: `the sign-in answer has an invalid ${what}`,
    state: stateOk ? state : null,
  })
  const error = text(params, 'error')
  if (error !== null) {
    if (!OAUTH_ERROR_CODE.test(error)) return invalid('error')
    const description = (text(params, 'error_description') ?? '').slice(0, 300)
    return { kind: 'error', error, description, state: stateOk ? state : null }
  }
  const accessToken = text(params, 'access_token')
  const code = text(params, 'code') ?? text(params, 'authorization_code')
  if (accessToken === null && code === null) return null
  if (!stateOk) return invalid('state')
  if (accessToken !== null) {
    if (!JWT.test(accessToken)) return invalid('access_token')
    const expiresIn = Number(text(params, 'expires_in') ?? Number.NaN)
    if (!Number.isInteger(expiresIn) || expiresIn <= 0) return invalid('expires_in')
    return { kind: 'token', accessToken, expiresIn, state }
  }
  if (code === null || !OPAQUE.test(code)) return invalid('code')
  return { kind: 'code', code, state }
}

/**
 * The URL without the provider's result keys, so a reload does not replay a spent code and the
 * token does not stay in the address bar or history.
 *
 * @example
 * ```ts
 * history.replaceState(history.state, '', cleanRedirectUrl(location.href))
 * ```
 */
export function cleanRedirectUrl(href: string): string {
  const url = new URL(href)
  for (const key of RESULT_KEYS) url.searchParams.delete(key)
  return url.href
}
