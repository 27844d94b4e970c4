/** The `error` values the provider answers with (PROTOCOL §7.1, RFC 6749 §4.1.2.1, §5.2, RFC 6750). */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'invalid_token'

/**
 * A refusal of the OAuth provider: its `error` code, a description naming the offending
 * parameter (never its value when that is a secret, code, verifier or token), and the HTTP status
 * it is answered with when it is not sent back to the redirect URI.
 *
 * @example
 * ```ts
 * throw new OAuthError('invalid_grant', 'code is unknown, expired or already used')
 * ```
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError'
  readonly error: OAuthErrorCode
  readonly status: number

  constructor(error: OAuthErrorCode, description: string, status = 400) {
    super(description)
    this.error = error
    this.status = status
  }

  /** The JSON body `{error, error_description}` of PROTOCOL §7.1. */
  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message }
  }
}
