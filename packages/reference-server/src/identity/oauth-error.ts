import type { OAuthErrorBody } from 'pullsign/wire'

/**
 * The `error` values the provider answers with (docs/protocol.md §7.1, RFC 6749 §4.1.2.1, §5.2, RFC 6750).
 *
 * @example
 * ```ts
 * const code: OAuthErrorCode = 'invalid_grant'
 * ```
 */
export type OAuthErrorCode = OAuthErrorBody['error']

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

  /** The JSON body `{error, error_description}` of docs/protocol.md §7.1. */
  body(): OAuthErrorBody {
    return { error: this.error, error_description: this.message }
  }
}
