/**
 * What goes into `{oauth}/auth` (docs/protocol.md §7.1).
 *
 * @example
 * ```ts
 * const request: AuthorizeRequest = {
 *   oauth: 'https://oauth2.xumm.app',
 *   clientId: apiKey,
 *   redirectUri: 'https://shop.example/',
 *   responseType: 'code',
 *   state,
 *   popup: true,
 *   codeChallenge: pair.challenge,
 * }
 * ```
 */
export interface AuthorizeRequest {
  /** `{oauth}` without a trailing slash. */
  oauth: string
  /** The API key. */
  clientId: string
  redirectUri: string
  /** `code` (PKCE) or `token` (implicit). */
  responseType: 'code' | 'token'
  state: string
  /** Ask for the popup return (the return page posts to the opener instead of redirecting). */
  popup: boolean
  /** Adds `openid` to the scope and sends the nonce the `id_token` must carry. */
  nonce?: string
  /** S256 challenge; required with `responseType: 'code'` in a page (no client secret there). */
  codeChallenge?: string
  /** Passed on to the SignIn payload (§7.1). */
  forceNetwork?: string
  /** Accounts allowed to sign in, passed on to the SignIn payload (§7.1). */
  signers?: readonly string[]
}

/**
 * The scope word that asks the return page for the popup `postMessage` (§7.1, "Popup mode").
 *
 * @example
 * ```ts
 * POPUP_SCOPE // 'XummPkce'
 * ```
 */
export const POPUP_SCOPE = 'XummPkce'

/**
 * Builds the `{oauth}/auth` URL a popup or a full redirect opens.
 *
 * @example
 * ```ts
 * location.assign(authorizeUrl(request))
 * ```
 */
export function authorizeUrl(request: AuthorizeRequest): string {
  const scope = [request.popup ? POPUP_SCOPE : '', request.nonce ? 'openid' : '']
    .filter(Boolean)
    .join(' ')
  const query = new URLSearchParams({
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    response_type: request.responseType,
    state: request.state,
  })
  if (scope) query.set('scope', scope)
  if (request.nonce) query.set('nonce', request.nonce)
  if (request.codeChallenge) {
    query.set('code_challenge', request.codeChallenge)
    query.set('code_challenge_method', 'S256')
  }
  if (request.forceNetwork) query.set('force_network', request.forceNetwork)
  if (request.signers?.length) query.set('signers', request.signers.join(','))
  return `${request.oauth}/auth?${query}`
}
