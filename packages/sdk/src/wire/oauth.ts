import type { AccountInfo } from './account-info'

/**
 * POST `{oauth}/token` response (§7.1).
 *
 * @example
 * ```ts
 * const { access_token } = (await res.json()) as OAuthTokenResponse
 * ```
 */
export interface OAuthTokenResponse {
  access_token: string
  token_type: 'bearer'
  expires_in: number
  refresh_token: string
  scope: string
  id_token?: string
}

/**
 * Claims of the OAuth2 JWT (§7.1): RS256, 24 h, `iss` = `{oauth}`.
 *
 * @example
 * ```ts
 * const claims: OAuthJwtClaims = decodeJwt(token)
 * ```
 */
export interface OAuthJwtClaims {
  client_id: string
  aud: string
  /** The r-address. */
  sub: string
  email: string
  app_uuidv4: string
  app_name: string
  payload_uuidv4: string
  usertoken_uuidv4: string
  network_type: string
  network_endpoint: string
  network_id: number
  scope: string
  state?: string
  nonce?: string
  iat: number
  exp: number
  iss: string
}

/**
 * GET `{oauth}/userinfo` (§7.1).
 *
 * @example
 * ```ts
 * const { account } = (await res.json()) as OAuthUserinfo
 * ```
 */
export interface OAuthUserinfo extends Omit<AccountInfo, 'name' | 'domain' | 'source'> {
  /** `""` when unknown (the field's Python SDK requires a string). */
  name: string
  /** `""` when unknown. */
  domain: string
  /** `""` when unknown. */
  source: string
  /** Whether the account requires a destination tag. */
  force_dtag: boolean
  sub: string
  email: string
  picture: string
  networkType: string
  networkEndpoint: string
  networkId: number
}

/**
 * OAuth error body (§7.1; RFC 6749 §5.2 for `/token`, RFC 6750 for `/userinfo`).
 *
 * @example
 * ```ts
 * const body: OAuthErrorBody = { error: 'invalid_grant', error_description: 'code already used' }
 * ```
 */
export interface OAuthErrorBody {
  error:
    | 'invalid_request'
    | 'access_denied'
    | 'invalid_grant'
    | 'invalid_client'
    | 'unsupported_response_type'
    | 'unsupported_grant_type'
    | 'invalid_token'
  error_description: string
}

/**
 * The message a popup posts to its opener (§7.1, scope `XummPkce`), before `JSON.stringify`.
 *
 * @example
 * ```ts
 * const msg = JSON.parse(event.data) as OAuthPopupMessage
 * ```
 */
export type OAuthPopupMessage =
  | {
      source: 'xumm_sign_request_resolved' | 'xumm_sign_request_rejected'
      options: { redirect_uri: string; full_redirect_uri: string; [key: string]: string }
    }
  | { source: 'xumm_sign_request_popup_closed' }

/**
 * [ours] What the provider's refusal page (redirect URI not registered, unknown client, bad
 * parameter) posts to its opener, before `JSON.stringify`, with target origin `*`, so a popup
 * sign-in ends at once (§7.1, "Popup mode").
 *
 * @example
 * ```ts
 * const msg: OAuthRefusalMessage = { source: 'pullsign_sign_in_refused', error: 'invalid_request', error_description: 'redirect_uri is not registered' }
 * ```
 */
export interface OAuthRefusalMessage {
  source: 'pullsign_sign_in_refused'
  error: string
  error_description: string
}
